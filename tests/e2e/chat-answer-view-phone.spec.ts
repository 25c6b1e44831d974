import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { askFromHome, lastAnswer, waitForAnswer } from "./chat-helpers.ts";
import { queryE2e } from "./db.ts";
import {
  GATED_AFTER,
  GATED_BEFORE,
  LOOPBACK_MODEL_NAME,
  releaseLoopback,
  WIDE_TABLE_ANSWER,
} from "./model-loopback.ts";
import { shot } from "./shots.ts";

// Answers from the loopback model (the e2e server's "Perplexity Sonar"), shaped or held open by the test.
// Each test is a fresh visitor with its one free chat of the day.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function chooseLoopbackModel(page: Page): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: "Model: MountainLion" }).click();
  const picker = page.getByRole("dialog", { name: "Choose a model" });
  await picker.getByRole("radio", { name: LOOPBACK_MODEL_NAME, exact: true }).check();
  await expect(picker).toBeHidden();
  await expect(page.getByRole("button", { name: `Model: ${LOOPBACK_MODEL_NAME}` })).toBeVisible();
}

test("phone: a wide table in an answer scrolls inside its own box; the page never scrolls sideways", async ({
  page,
}, testInfo) => {
  await chooseLoopbackModel(page);
  await askFromHome(page, "[[table]] Compare BTC and ETH");
  const answer = await waitForAnswer(page);
  const table = answer.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Market cap (USDT)" })).toBeAttached();

  const box = await table.evaluate((element) => {
    const scroller = element.parentElement;
    if (!scroller) throw new Error("the table has no box");
    return {
      overflowX: getComputedStyle(scroller).overflowX,
      scrollWidth: scroller.scrollWidth,
      clientWidth: scroller.clientWidth,
    };
  });
  expect(box.overflowX).toBe("auto");
  expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
  const page1 = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(page1.scrollWidth).toBeLessThanOrEqual(page1.viewport);
  await shot(page, testInfo, "chat-answer-wide-table");

  // the box scrolls to the table's last column; the page stays where it was
  await table.getByRole("cell", { name: "#2" }).scrollIntoViewIfNeeded();
  await expect(table.getByRole("cell", { name: "#2" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  await shot(page, testInfo, "chat-answer-wide-table-scrolled");

  // Copy gives the table as tab-separated lines; the menu beside it gives the markdown as written
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await answer.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByRole("status").getByText("Copied.")).toBeVisible();
  const plain = await clipboard();
  expect(plain).toContain("Coin\tPrice (USDT)\t1h change");
  expect(plain).toContain("BTC\t65,776.47\t+0.78%");
  expect(plain).not.toContain("|");
  await answer.getByRole("button", { name: "More ways to copy" }).click();
  const menu = answer.getByRole("menu", { name: "More ways to copy" });
  await expect(menu.getByRole("menuitem", { name: "Copy as Markdown" })).toBeVisible();
  await shot(page, testInfo, "chat-answer-copy-menu");
  await menu.getByRole("menuitem", { name: "Copy as Markdown" }).click();
  await expect(menu).toBeHidden();
  expect(await clipboard()).toBe(WIDE_TABLE_ANSWER.join(""));
});

test("phone: Stop freezes the answer on screen while the model still streams", async ({ page }, testInfo) => {
  const marker = `[[gated:${randomUUID()}]]`;
  await chooseLoopbackModel(page);
  // The stop request is held, so the answer stream stays open after Stop while the model goes on writing.
  let continueStop: (() => Promise<void>) | undefined;
  const stopHeld = new Promise<void>((resolve) => {
    void page.route("**/v2/api/chat/stop", (route) => {
      continueStop = () => route.continue();
      resolve();
    });
  });
  const id = await askFromHome(page, `${marker} Tell me a long story`);
  const answer = lastAnswer(page);
  await expect(answer).toContainText(GATED_BEFORE.trim());
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(answer.getByText("Stopped")).toBeVisible();
  const frozen = await answer.locator(".markdown").textContent();
  expect(frozen).toBe(GATED_BEFORE.trim());
  await stopHeld;

  // the model writes the rest of its answer and ends it; the server passes all of it on, then the answer's end
  await releaseLoopback(marker);
  // the page has read the stream to its end (the input bar offers Send again, related questions are offered),
  // and shows none of the rest
  await expect(page.getByRole("list", { name: "Related questions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  expect(await answer.locator(".markdown").textContent()).toBe(frozen);
  await expect(answer.getByText("Stopped")).toBeVisible();
  await shot(page, testInfo, "chat-answer-stopped");
  // what the model wrote after Stop did reach the server, which kept it (the stop came after the answer's end)
  const [stored] = await queryE2e<{ content: string }>(
    "select content from chat_messages where msggroup = $1 and role = 'assistant'",
    [id],
  );
  expect(stored?.content).toBe(GATED_BEFORE + GATED_AFTER.join(""));
  await continueStop?.();
});
