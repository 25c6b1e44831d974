import { expect, test } from "@playwright/test";
import { askFromHome, CHAT_PATH, lastAnswer, openHistory, questionBox, waitForAnswer } from "./chat-helpers.ts";
import { queryE2e } from "./db.ts";
import { shot } from "./shots.ts";

// Each test is a fresh visitor (its own device number): one free chat a day is enough for each.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("chat: ask from home with the default model, watch the answer stream in, reopen it from history", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Model: MountainLion" })).toBeVisible();
  const recommended = page.getByRole("region", { name: "Recommended questions" });
  await expect(recommended.getByRole("button").nth(1)).toBeVisible();
  await shot(page, testInfo, "chat-home");

  const sent = page.waitForRequest((request) => request.url().endsWith("/v2/api/chat/send"));
  const id = await askFromHome(page, "What is the BTC price?");
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ msggroup: id, question: "What is the BTC price?", model: 6, mode: "search" });

  await expect(page.getByRole("article", { name: "Your question" })).toHaveText("What is the BTC price?");
  const answer = await waitForAnswer(page);
  // figures from the replayed market data, in a GFM table, with the tool and its source and time
  await expect(answer.getByRole("table")).toBeVisible();
  await expect(answer.getByRole("cell", { name: /^Price/ })).toBeVisible();
  await expect(answer.getByRole("list", { name: "Data looked up" })).toContainText(/BTC/);
  await expect(answer.getByRole("list", { name: "Data looked up" })).toContainText(/Binance.*·/);
  await expect(page.getByRole("list", { name: "Related questions" }).getByRole("button").first()).toBeVisible();
  // the question was taken from the address, so a reload shows the chat instead of asking again
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
  await shot(page, testInfo, "chat-answer");

  const [stored] = await queryE2e<{ status: string; content: string }>(
    "select status, content from chat_messages where msggroup = $1 and role = 'assistant'",
    [id],
  );
  expect(stored?.status).toBe("complete");
  await expect(answer).toContainText(stored?.content.match(/\d[\d,]*\.\d+/)?.[0] ?? "no figure stored");

  await page.reload();
  await expect(lastAnswer(page).getByRole("table")).toBeVisible();
  await expect(page.getByRole("article", { name: "Your question" })).toHaveText("What is the BTC price?");
  expect(await queryE2e("select code from chat_messages where msggroup = $1 and role = 'user'", [id])).toHaveLength(1);

  // a new chat, then back to this one through the history
  await page.goto("/");
  const history = await openHistory(page);
  const today = history.getByRole("region", { name: "Today" });
  await expect(today.getByRole("link", { name: "What is the BTC price?" })).toBeVisible();
  await shot(page, testInfo, "chat-history");
  await today.getByRole("link", { name: "What is the BTC price?" }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
  await expect(lastAnswer(page).getByRole("table")).toBeVisible();
});

test("chat: stop an answer while it streams", async ({ page }, testInfo) => {
  // The embedded model answers in well under a second; holding the stream open lets the test press Stop while
  // the answer is still coming (the server's own tests cover the partial answer it keeps).
  await page.route("**/v2/api/chat/send", () => undefined);
  const id = await askFromHome(page, "Compare BTC and ETH");
  const answer = lastAnswer(page);
  await expect(answer).toContainText("Thinking…");
  const stop = page.getByRole("button", { name: "Stop" });
  await expect(stop).toBeVisible();
  await shot(page, testInfo, "chat-streaming");
  const stopCall = page.waitForRequest((request) => request.url().endsWith("/v2/api/chat/stop"));
  await stop.click();
  expect((await stopCall).postDataJSON()).toEqual({ msggroup: id });
  await expect(answer.getByText("Stopped")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  await page.unroute("**/v2/api/chat/send");
});

test("chat: delete the open chat from the history, with confirmation", async ({ page }, testInfo) => {
  const id = await askFromHome(page, "ETH trend");
  await waitForAnswer(page);
  const history = await openHistory(page);
  await history.getByRole("button", { name: "Edit chats" }).click();
  await history.getByRole("checkbox", { name: "ETH trend" }).check();
  await history.getByRole("button", { name: "Delete (1)" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this chat?" });
  await expect(confirm).toBeVisible();
  await shot(page, testInfo, "chat-delete-confirm");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").getByText("Deleted.")).toBeVisible();
  await expect(history.getByText("No chats yet. Your conversations will be listed here.")).toBeVisible();
  // the open chat is gone and none is left: a new chat opens
  await expect(page).toHaveURL(/\/chat\/\d{13}[0-9a-f]{32}\?type=newChat$/);
  expect(await queryE2e("select msggroup from chat_groups where msggroup = $1", [id])).toEqual([]);
});

test("chat: share a question and its answer, and open the public page", async ({ page }, testInfo) => {
  await askFromHome(page, "What is the latest news about Bitcoin?");
  const answer = await waitForAnswer(page);
  await answer.getByRole("button", { name: "Share" }).click();
  const bar = page.getByRole("region", { name: "Share messages" });
  await expect(bar).toContainText("2 of up to 6 selected");
  await bar.getByRole("button", { name: "Share" }).click();
  await expect(bar.getByRole("button", { name: "Share" })).toBeDisabled();
  const dialog = page.getByRole("dialog", { name: "Share messages" });
  const link = dialog.getByRole("textbox", { name: "Link" });
  await expect(link).toHaveValue(/\/chatDetail\/[A-Za-z0-9_-]+$/);
  for (const name of ["Copy link", "Download image", "Share on X", "Share on Facebook", "Share on Weibo"]) {
    await expect(dialog.getByRole("button", { name })).toBeVisible();
  }
  // WeChat has no share page: its button shows the link's QR code to scan
  await dialog.getByRole("button", { name: "Share on WeChat" }).click();
  await expect(dialog.getByRole("img", { name: "QR code of the link" })).toBeVisible();
  await shot(page, testInfo, "chat-share-dialog");
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").getByText("Copied.")).toBeVisible();
  const address = await link.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download image" }).click();
  expect((await download).suggestedFilename()).toMatch(/^mountainlion-.+\.png$/);

  // no network here: the share page of X answers with a stand-in
  await page.context().route("https://twitter.com/**", (route) => route.fulfill({ body: "X share page" }));
  const popup = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Share on X" }).click();
  const x = await popup;
  expect(x.url()).toContain("twitter.com/intent/tweet");
  expect(decodeURIComponent(x.url())).toContain(address);
  await x.close();

  // the public page, as anyone opening the link sees it
  await page.goto(address);
  await expect(page.getByRole("heading", { level: 1, name: "What is the latest news about Bitcoin?" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Answer" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Question" })).toHaveCount(0);
  await shot(page, testInfo, "chat-shared-page");
  await page.getByRole("link", { name: "Ask your own question" }).click();
  await expect(page).toHaveURL(/\/chat\/\d{13}[0-9a-f]{32}\?type=newChat$/);
  await expect(questionBox(page)).toBeVisible();
});

test("chat: rate an answer, and the question box's limits and rules", async ({ page }) => {
  await askFromHome(page, "What moved today?");
  const answer = await waitForAnswer(page);
  const rated = page.waitForRequest((request) => request.url().includes("/v2/api/userRate?"));
  await answer.getByRole("button", { name: "Good answer" }).click();
  expect(new URL((await rated).url()).searchParams.get("rate")).toBe("1");
  await expect(answer.getByRole("button", { name: "Good answer" })).toHaveAttribute("aria-pressed", "true");

  const box = questionBox(page);
  await box.fill("a".repeat(5001));
  await expect(page.getByText("5001 / 5000 characters")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await box.fill("");
  await page.getByRole("button", { name: "Attach a file" }).click();
  await page
    .getByLabel("Image files")
    .setInputFiles({ name: "notes.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(page.getByRole("alert")).toContainText("notes.gif: only png, jpeg or jpg images are allowed.");
  await box.fill("   ");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await box.press("Enter");
  await expect(page.getByRole("article", { name: "Your question" })).toHaveCount(1);
  await expect(page).toHaveURL(CHAT_PATH);
});
