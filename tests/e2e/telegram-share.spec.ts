import { expect, test } from "@playwright/test";
import { type TelegramMockHandle, telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { signedTelegramInitData } from "./accounts-helpers.ts";
import { askFromHome, waitForAnswer } from "./chat-helpers.ts";
import { shot } from "./shots.ts";

type MockWindow = { __telegramMock: TelegramMockHandle };

/** What the e2e server's bot asked the Bot API stand-in (tests/e2e/bot-api-stand-in-server.ts). */
async function standInCalls(method: string): Promise<{ params: Record<string, unknown> }[]> {
  const answer = await fetch(`http://127.0.0.1:${process.env.E2E_BOT_API_PORT}/__calls?method=${method}`);
  return (await answer.json()) as { params: Record<string, unknown> }[];
}

test("Telegram: Share to Telegram sends the chat's card, prepared by the bot, through Telegram's picker", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the mini app on a phone: Telegram's layout is narrow everywhere");
  const telegramId = 720_000_000 + Math.floor(Math.random() * 1_000_000);
  const initData = signedTelegramInitData({ id: telegramId, first_name: "Share", username: "share_user" });
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData }) });
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();

  await askFromHome(page, "What is the ETH price?");
  const answer = await waitForAnswer(page);
  await answer.getByRole("button", { name: "Share" }).click();
  await page.getByRole("region", { name: "Share messages" }).getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share messages" });
  const link = dialog.getByRole("textbox", { name: "Link" });
  await expect(link).toHaveValue(/\/chatDetail\/[A-Za-z0-9_-]+$/);
  const code = /\/chatDetail\/([A-Za-z0-9_-]+)$/.exec(await link.inputValue())?.[1];
  // with Telegram's own picker at hand, the share-a-link button gives way to it
  await expect(dialog.getByRole("button", { name: "Share to a Telegram chat" })).toHaveCount(0);
  const shareButton = dialog.getByRole("button", { name: "Share to Telegram" });
  await expect(shareButton).toBeVisible();
  await shot(page, testInfo, "telegram-share-dialog");

  const prepared = page.waitForResponse((response) => response.url().endsWith("/v2/api/telegram/share"));
  await shareButton.click();
  const response = await prepared;
  expect(response.status()).toBe(200);
  const data = ((await response.json()) as { data: { id: string; code: string; url: string } }).data;
  expect(data.code).toBe(code);

  // the server stored the card with the stand-in, for this Telegram user, opening the app on the shared chat
  const calls = await standInCalls("savePreparedInlineMessage");
  const call = calls.find((c) => Number(c.params.user_id) === telegramId);
  expect(call).toBeDefined();
  const card = call?.params.result as { reply_markup: { inline_keyboard: { text: string; url: string }[][] } };
  expect(card.reply_markup.inline_keyboard[0]?.[0]?.url).toMatch(new RegExp(`\\?startapp=share_${code}$`));

  // the client hands the id the server answered to Telegram's shareMessage
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as MockWindow).__telegramMock.callsOf("web_app_send_prepared_message")),
    )
    .toEqual([{ id: data.id }]);
  await expect(shareButton).toBeDisabled();

  // Telegram reports the message sent: the dialog closes and says so
  await page.evaluate(() => (window as unknown as MockWindow).__telegramMock.emit("prepared_message_sent"));
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Shared to Telegram.")).toBeVisible();
  await shot(page, testInfo, "telegram-share-sent");
});
