import { expect, test } from "@playwright/test";
import { shot } from "./shots.ts";

test("narrow layout: home tabs", async ({ page }, testInfo) => {
  await page.goto("/");
  const tabs = page.getByRole("tablist", { name: "Home" });
  await expect(tabs.getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
  await tabs.getByRole("tab", { name: "Cryptos" }).click();
  await expect(page.getByRole("tabpanel").getByRole("img", { name: /^Fear and greed index/ })).toBeVisible();
  await tabs.getByRole("tab", { name: "NFT" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("NFT market");
  await expect(page.getByRole("complementary", { name: "Main navigation" })).toHaveCount(0);
  await shot(page, testInfo, "narrow-home-tabs");
});

test("narrow layout: a bottom sheet closes when dragged down", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Model: MountainLion" }).click();
  const sheet = page.getByRole("dialog", { name: "Choose a model" });
  await expect(sheet).toBeVisible();
  await shot(page, testInfo, "narrow-sheet");
  const handle = await sheet.getByTestId("sheet-handle").boundingBox();
  if (!handle) throw new Error("the sheet has no handle");
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x, y + step * 35);
  await page.mouse.up();
  await expect(sheet).toBeHidden();
  expect(new URL(page.url()).pathname).toBe("/");
});

test("narrow layout: browser back closes the top sheet before leaving the page", async ({ page }) => {
  await page.goto("/settings/");
  await page.getByRole("button", { name: "Model: MountainLion" }).click();
  const sheet = page.getByRole("dialog", { name: "Choose a model" });
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/$/);
  // Closed by its own button, the sheet leaves no history entry behind.
  await page.getByRole("button", { name: "Model: MountainLion" }).click();
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name: "News", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/settings\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
});
