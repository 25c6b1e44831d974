import { expect, test } from "@playwright/test";
import { askFromHome, questionBox, waitForAnswer } from "./chat-helpers.ts";
import { shot } from "./shots.ts";

test("desktop: Enter sends, Shift+Enter makes a new line; the side panel lists the chat under Today", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  const box = questionBox(page);
  await box.click();
  await box.pressSequentially("What is the ETH price?");
  await box.press("Shift+Enter");
  await expect(box).toHaveValue("What is the ETH price?\n");
  await box.press("Backspace");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/chat\/\d{13}[0-9a-f]{32}/);
  await waitForAnswer(page);
  const panel = page.getByRole("complementary", { name: "Main navigation" });
  const link = panel.getByRole("region", { name: "Today" }).getByRole("link", { name: "What is the ETH price?" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("aria-current", "page");
  await shot(page, testInfo, "chat-desktop-answer");
});

test("desktop: select all and clear all in the history's edit mode, cancel leaves it", async ({ page }) => {
  await askFromHome(page, "BTC trend");
  await waitForAnswer(page);
  const panel = page.getByRole("complementary", { name: "Main navigation" });
  await panel.getByRole("button", { name: "Edit chats" }).click();
  await panel.getByRole("button", { name: "Select all" }).click();
  await expect(panel.getByRole("checkbox", { name: "BTC trend" })).toBeChecked();
  await expect(panel.getByRole("button", { name: "Delete (1)" })).toBeEnabled();
  await panel.getByRole("button", { name: "Clear all" }).click();
  await expect(panel.getByRole("button", { name: "Delete (0)" })).toBeDisabled();
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel.getByRole("link", { name: "BTC trend" })).toBeVisible();
});
