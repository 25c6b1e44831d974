import { expect, type Page, test } from "@playwright/test";
import {
  TELEGRAM_DARK_THEME,
  TELEGRAM_LIGHT_THEME,
  type TelegramMockHandle,
  telegramMockInitScript,
} from "../../src/client/host/telegram-mock-script.ts";
import { shot } from "./shots.ts";

type MockWindow = { __telegramMock: TelegramMockHandle; __firstPaintBg?: string };

async function openInTelegram(page: Page, path = "/") {
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios" }) });
  // What the page's background token is when the document first has a body, before the app's scripts run.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as MockWindow).__firstPaintBg = getComputedStyle(document.documentElement)
        .getPropertyValue("--bg")
        .trim();
    });
  });
  await page.goto(path);
}

const backButtonVisible = (page: Page) =>
  page.evaluate(() => {
    const calls = (window as unknown as MockWindow).__telegramMock.callsOf("web_app_setup_back_button");
    const last = calls.at(-1) as { is_visible?: boolean } | undefined;
    return last?.is_visible ?? false;
  });

const pressBack = (page: Page) =>
  page.evaluate(() => (window as unknown as MockWindow).__telegramMock.emit("back_button_pressed"));

test("Telegram: its theme colours from the first paint, and its theme changes followed", async ({ page }, testInfo) => {
  await openInTelegram(page);
  await expect(page.getByRole("button", { name: "Model: MountainLion" })).toBeVisible();
  const firstPaint = await page.evaluate(() => (window as unknown as MockWindow).__firstPaintBg);
  expect(firstPaint).toBe(TELEGRAM_DARK_THEME.bg_color);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(23, 33, 43)");
  const readyCalls = await page.evaluate(() =>
    (window as unknown as MockWindow).__telegramMock.callsOf("web_app_ready"),
  );
  expect(readyCalls.length).toBeGreaterThan(0);
  // Always the narrow layout, whatever the window's width; no theme toggle (Telegram decides).
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Switch to (light|dark) theme/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Ask AI about any token" })).toBeVisible();
  await shot(page, testInfo, "telegram-dark");

  await page.evaluate(
    (theme) => (window as unknown as MockWindow).__telegramMock.setTheme(theme),
    TELEGRAM_LIGHT_THEME,
  );
  await expect(page.locator("html")).toHaveClass(/theme-light/);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await shot(page, testInfo, "telegram-light");
});

test("Telegram: the back button closes the sheet first, then goes back a screen", async ({ page }) => {
  await openInTelegram(page);
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  expect(await backButtonVisible(page)).toBe(false);

  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect.poll(() => backButtonVisible(page)).toBe(true);

  await page.getByRole("button", { name: "Model: MountainLion" }).click();
  const sheet = page.getByRole("dialog", { name: "Choose a model" });
  await expect(sheet).toBeVisible();
  await pressBack(page);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  await pressBack(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ask AI about any token" })).toBeVisible();
  await expect.poll(() => backButtonVisible(page)).toBe(false);
});

test("Telegram: opened on a deep link, back goes home", async ({ page }) => {
  await openInTelegram(page, "/agents");
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  await expect.poll(() => backButtonVisible(page)).toBe(true);
  await pressBack(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ask AI about any token" })).toBeVisible();
});

test("Telegram: social sign-in and browser wallets are not offered", async ({ page }, testInfo) => {
  await openInTelegram(page);
  await page.getByRole("button", { name: "Sign in" }).click();
  const methods = page.getByRole("dialog", { name: "Sign in" }).getByRole("list", { name: "Sign-in methods" });
  await expect(methods.getByRole("button", { name: "Telegram account" })).toBeVisible();
  await expect(methods.getByRole("button", { name: "WalletConnect" })).toBeVisible();
  await expect(methods.getByRole("button", { name: "TON Connect" })).toBeVisible();
  await expect(methods.getByRole("button", { name: "Google" })).toHaveCount(0);
  await expect(methods.getByRole("button", { name: /Browser wallet/ })).toHaveCount(0);
  await shot(page, testInfo, "telegram-sign-in");
});

test("Telegram: pickers give selection haptics and settings go to Telegram's cloud storage", async ({ page }) => {
  await openInTelegram(page);
  await page.getByRole("button", { name: "Model: MountainLion" }).click();
  await page.getByRole("dialog", { name: "Choose a model" }).getByRole("radio", { name: "Automatic mode" }).check();
  await expect(page.getByRole("button", { name: "Model: Automatic mode" })).toBeVisible();
  const haptics = await page.evaluate(() =>
    (window as unknown as MockWindow).__telegramMock.callsOf("web_app_trigger_haptic_feedback"),
  );
  expect(haptics).toContainEqual(expect.objectContaining({ type: "selection_change" }));
  await expect
    .poll(() => page.evaluate(() => (window as unknown as MockWindow).__telegramMock.cloud.answerModel))
    .toBe("0");
});
