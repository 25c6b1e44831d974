import { expect, test } from "@playwright/test";
import { animationsFinished, askFromHome, questionBox, waitForAnswer } from "./chat-helpers.ts";
import { shot } from "./shots.ts";

test("phone: the model picker is a bottom sheet on the chat page", async ({ page }, testInfo) => {
  await page.goto("/chat/1700000000000e2e?type=newChat");
  await expect(questionBox(page)).toBeVisible();
  await page.getByRole("button", { name: "Model: MountainLion" }).click();
  const sheet = page.getByRole("dialog", { name: "Choose a model" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveClass(/dialog--sheet/);
  await expect(sheet.getByTestId("sheet-handle")).toBeVisible();
  const box = await sheet.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error("no layout");
  // full width, resting on the bottom edge
  expect(Math.round(box.width)).toBe(viewport.width);
  expect(Math.abs(box.y + box.height - viewport.height)).toBeLessThanOrEqual(2);
  await shot(page, testInfo, "chat-model-sheet");
  await sheet.getByRole("radio", { name: "Automatic mode", exact: true }).check();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: "Model: Automatic mode" })).toBeVisible();
});

test("phone: Enter on the phone keyboard makes a new line; Send sends", async ({ page }, testInfo) => {
  await page.goto("/");
  const box = questionBox(page);
  await box.click();
  await box.pressSequentially("BTC price");
  await box.press("Enter");
  await box.pressSequentially("today?");
  await expect(box).toHaveValue("BTC price\ntoday?");
  await expect(page).toHaveURL(/\/$/);
  await shot(page, testInfo, "chat-phone-input");
});

test("phone: the chat history is in the menu drawer", async ({ page }, testInfo) => {
  const id = await askFromHome(page, "SOL price?");
  const answer = await waitForAnswer(page);
  // the answer's table is drawn by the markdown renderer, not left as raw text
  await expect(answer.getByRole("table")).toBeVisible();
  await shot(page, testInfo, "chat-phone-answer");
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("button", { name: "New chat" }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\?type=newChat$/);
  await page.getByRole("button", { name: "Menu" }).click();
  const chats = menu.getByRole("region", { name: "Chats" });
  await expect(chats.getByRole("link", { name: "SOL price?" })).toBeVisible();
  await chats.scrollIntoViewIfNeeded();
  // the drawer slides in; the picture is of where it comes to rest
  await animationsFinished(page);
  await shot(page, testInfo, "chat-phone-history");
  await chats.getByRole("link", { name: "SOL price?" }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
  await expect(page.getByRole("article", { name: "Answer" })).toBeVisible();
});
