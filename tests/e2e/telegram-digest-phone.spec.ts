import { expect, test } from "@playwright/test";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { signedTelegramInitData } from "./accounts-helpers.ts";
import { queryE2e } from "./db.ts";
import { shot } from "./shots.ts";

test("Telegram: the daily market digest is turned on in the settings, at an hour in UTC", async ({
  page,
}, testInfo) => {
  const telegramId = 730_000_000 + Math.floor(Math.random() * 1_000_000);
  const initData = signedTelegramInitData({ id: telegramId, first_name: "Digest", username: "digest_user" });
  await page.addInitScript({ content: telegramMockInitScript({ platform: "android", initData }) });
  await page.goto("/settings?type=messages");
  await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();

  const toggle = page.getByRole("checkbox", { name: "Daily market digest in Telegram" });
  await expect(toggle).not.toBeChecked();
  await page.getByRole("combobox", { name: "Hour (UTC)" }).selectOption("07:00");
  await toggle.check();
  await expect(page.getByText("every day at 07:00 UTC.", { exact: false })).toBeVisible();
  await expect(toggle).toBeChecked();

  // the same row the bot's /subscribe changes: the user's private chat with the bot (the switch shows the choice at
  // once; the saves land in order after it, so the row is read until they have)
  await expect
    .poll(() =>
      queryE2e<{ digest_subscribed: number; digest_hour: number }>(
        "select digest_subscribed, digest_hour from telegram_chats where chat_id = $1",
        [telegramId],
      ),
    )
    .toEqual([{ digest_subscribed: 1, digest_hour: 7 }]);
  await shot(page, testInfo, "telegram-digest-settings");

  // still on after a reload
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Daily market digest in Telegram" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Hour (UTC)" })).toHaveValue("7");
});
