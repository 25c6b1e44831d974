import { expect, test } from "@playwright/test";
import { type TelegramMockHandle, telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { signedTelegramInitData } from "./accounts-helpers.ts";
import { askFromHome, openHistory, waitForAnswer } from "./chat-helpers.ts";
import { shot } from "./shots.ts";

type MockWindow = { __telegramMock: TelegramMockHandle };

test("Telegram: ask, stream, reopen from history and share the answer into a Telegram chat", async ({
  page,
}, testInfo) => {
  const telegramId = 710_000_000 + Math.floor(Math.random() * 1_000_000);
  const initData = signedTelegramInitData({ id: telegramId, first_name: "Chat", username: "chat_user" });
  // a Telegram client older than Mini Apps 8.0: no shareMessage, so the dialog shares the link through t.me/share
  // (8.0's Share to Telegram has its own test: telegram-share.spec.ts)
  await page.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData, version: "7.10" }) });
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();

  // a signed-in user's chat id ends with the user id, not the device number
  const id = await askFromHome(page, "What is the BTC price?");
  expect(id).not.toMatch(/^\d{13}[0-9a-f]{32}$/);
  const answer = await waitForAnswer(page);
  await expect(answer.getByRole("table")).toBeVisible();
  await shot(page, testInfo, "chat-telegram-answer");

  // inside Telegram the layout is always narrow: the history is in the menu drawer
  const history = await openHistory(page);
  await expect(history.getByRole("link", { name: "What is the BTC price?" })).toBeVisible();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Close" }).click();

  await answer.getByRole("button", { name: "Share" }).click();
  await page.getByRole("region", { name: "Share messages" }).getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share messages" });
  await expect(dialog.getByRole("textbox", { name: "Link" })).toHaveValue(/\/chatDetail\//);
  await dialog.getByRole("button", { name: "Share to a Telegram chat" }).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as MockWindow).__telegramMock
          .callsOf("web_app_open_tg_link")
          .map((call) => String((call as { path_full?: string }).path_full)),
      ),
    )
    .toContainEqual(expect.stringMatching(/^\/share\/url\?url=.*chatDetail/));
  await shot(page, testInfo, "chat-telegram-share");
});
