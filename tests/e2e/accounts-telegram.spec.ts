import { expect, test } from "@playwright/test";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { headerAccount, headerSignIn, logOut, signedTelegramInitData, storedToken } from "./accounts-helpers.ts";
import { queryE2e } from "./db.ts";
import { shot } from "./shots.ts";

test("Telegram: signed init data signs the user in at start, without any dialog", async ({ page }, testInfo) => {
  const telegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
  const initData = signedTelegramInitData({ id: telegramId, first_name: "Mini", username: "mini_app_user" });
  await page.addInitScript({ content: telegramMockInitScript({ platform: "android", initData }) });
  let telegramLogins = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/v2/api/telegramLogin")) telegramLogins += 1;
  });
  await page.goto("/");

  await expect(headerAccount(page)).toBeVisible();
  await expect(headerSignIn(page)).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Posted once at start (the unit tests check the body); the server found the Telegram user in it.
  expect(telegramLogins).toBe(1);
  expect(await storedToken(page)).toBeTruthy();
  const [user] = await queryE2e<{ telegram_id: string }>("select telegram_id from users where telegram_id = $1", [
    String(telegramId),
  ]);
  expect(user?.telegram_id).toBe(String(telegramId));
  await shot(page, testInfo, "accounts-telegram-signed-in");

  // Logged out inside Telegram, the sign-in dialog offers no Google and no browser wallets.
  await logOut(page);
  expect(await storedToken(page)).toBeNull();
  await headerSignIn(page).click();
  const methods = page.getByRole("dialog", { name: "Sign in" }).getByRole("list", { name: "Sign-in methods" });
  await expect(methods.getByRole("button", { name: "Telegram account" })).toBeVisible();
  await expect(methods.getByRole("button", { name: "Google" })).toHaveCount(0);
  await expect(methods.getByRole("button", { name: /Browser wallet/ })).toHaveCount(0);
  await shot(page, testInfo, "accounts-telegram-dialog");

  // Signing in again with Telegram from the dialog.
  await methods.getByRole("button", { name: "Telegram account" }).click();
  await expect(headerAccount(page)).toBeVisible();
});

test("Telegram: init data the server cannot verify leaves the user signed out and offers a retry", async ({ page }) => {
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios" }) });
  await page.goto("/");
  await expect(headerSignIn(page)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await headerSignIn(page).click();
  const telegram = page
    .getByRole("dialog", { name: "Sign in" })
    .getByRole("list", { name: "Sign-in methods" })
    .getByRole("button", { name: "Telegram account" });
  await expect(telegram).toHaveAccessibleDescription("Sign-in failed. Tap to try again.");
});
