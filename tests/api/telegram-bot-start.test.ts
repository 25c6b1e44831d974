import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { telegramReferrals } from "../../src/server/db/schema.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  botServerForTests,
  callbackUpdate,
  callsTo,
  chatRow,
  deliver,
  keyboardOf,
  type PrivateUser,
  telegramUserId,
  textUpdate,
} from "./telegram-bot-harness.ts";

const clock = manualClock(new Date("2026-11-25T08:00:00.000Z"));
const fixture = botServerForTests({ mode: "webhook", clock });

/** Sends a message from the user and answers the bot's last message in that chat. */
async function say(user: PrivateUser, text: string) {
  await deliver(fixture.srv, textUpdate(user, text));
  const reply = callsTo(fixture.standIn, "sendMessage", user.id).at(-1);
  if (!reply) throw new Error(`no reply to ${text}`);
  return { text: String(reply.params.text), buttons: keyboardOf(reply).flat(), call: reply };
}

const english = () => ({ id: telegramUserId(), language_code: "en" });
const chinese = () => ({ id: telegramUserId(), language_code: "zh-hans" });

describe("/start", () => {
  it("welcomes in English with a button that opens the mini app, and sets the chat's menu button to it", async () => {
    const user = english();
    const reply = await say(user, "/start");
    expect(reply.text).toContain("Welcome to MountainLion");
    expect(reply.buttons).toEqual([{ text: "Open in app", web_app: { url: "https://app.example/" } }]);
    expect(callsTo(fixture.standIn, "setChatMenuButton", user.id).at(-1)?.params.menu_button).toEqual({
      type: "web_app",
      text: "Open in app",
      web_app: { url: "https://app.example/" },
    });
  });

  it("speaks Chinese to a user whose Telegram is set to Chinese", async () => {
    const user = chinese();
    const reply = await say(user, "/start");
    expect(reply.buttons).toEqual([{ text: "在应用中打开", web_app: { url: "https://app.example/" } }]);
    expect(callsTo(fixture.standIn, "setChatMenuButton", user.id).at(-1)?.params.menu_button).toMatchObject({
      text: "在应用中打开",
    });
    // the welcome's Chinese text arrives with the catalog's next merge; the buttons' is there already
    expect(reply.text).toMatch(/[\u4e00-\u9fff]/);
  });

  it("answers in the language chosen with /language from then on, over Telegram's language_code", async () => {
    const user = chinese();
    const picker = await say(user, "/language");
    expect(picker.buttons.map((b) => b.callback_data)).toEqual(["lang:en", "lang:zh"]);
    await deliver(fixture.srv, callbackUpdate(user, "lang:en"));
    const answered = fixture.standIn.callsOf("answerCallbackQuery").at(-1);
    expect(answered?.params).toMatchObject({ text: "Language saved" });
    expect(callsTo(fixture.standIn, "editMessageText", user.id).at(-1)?.params.text).toBe(
      "Done: I will answer in English from now on.",
    );
    expect((await chatRow(fixture.srv, user.id))?.language).toBe("en");
    const welcome = await say(user, "/start");
    expect(welcome.text).toContain("Welcome to MountainLion");
    expect(welcome.buttons[0]?.text).toBe("Open in app");
  });

  it("opens the app on the coin, the chat or the shared conversation a deep link names", async () => {
    const coin = await say(english(), "/start coin_btc");
    expect(coin.text).toContain("BTC opens in the app");
    expect(coin.buttons).toEqual([{ text: "Open BTC", web_app: { url: "https://app.example/?startapp=coin_BTC" } }]);
    const chat = await say(english(), "/start chat_17000000000001abc");
    expect(chat.buttons[0]).toMatchObject({ web_app: { url: "https://app.example/?startapp=chat_17000000000001abc" } });
    const share = await say(english(), "/start share_Ab3-x_9");
    expect(share.text).toContain("Someone shared a conversation with you");
    expect(share.buttons[0]).toMatchObject({ web_app: { url: "https://app.example/?startapp=share_Ab3-x_9" } });
  });

  it("records an invitation from a ref_ link once, and never a user's own or an unknown code", async () => {
    const users = createUsersRepository(fixture.srv.server.database.db, clock);
    const inviterTelegramId = telegramUserId();
    const inviter = await users.create({ telegramId: String(inviterTelegramId), username: "inviter" });
    const code = inviter?.invitationCode ?? "";
    expect(code).toMatch(/^[A-Z0-9]+$/);
    const referrals = (telegramUserId: number) =>
      fixture.srv.server.database.db
        .select()
        .from(telegramReferrals)
        .where(eq(telegramReferrals.telegramUserId, telegramUserId));

    const invited = english();
    const first = await say(invited, `/start ref_${code}`);
    expect(first.text).toContain("Welcome to MountainLion");
    expect(first.buttons).toEqual([{ text: "Open in app", web_app: { url: "https://app.example/" } }]);
    await say(invited, `/start ref_${code}`);
    expect(await referrals(invited.id)).toMatchObject([{ invitationCode: code }]);

    await say({ id: inviterTelegramId }, `/start ref_${code}`);
    expect(await referrals(inviterTelegramId)).toEqual([]);
    const stranger = english();
    await say(stranger, "/start ref_NOSUCHCODE1");
    expect(await referrals(stranger.id)).toEqual([]);
  });

  it("gives the plain welcome for a payload it does not know, whatever was typed", async () => {
    const payloads = ["coin_", "coin_B-T-C", `chat_${"x".repeat(80)}`, "ref_lowercase", "<b>hi</b>", "coin_BTC now"];
    for (const payload of payloads) {
      const reply = await say(english(), `/start ${payload}`);
      expect(reply.text, payload).toContain("Welcome to MountainLion");
      expect(reply.text, payload).not.toContain("<b>");
      expect(reply.buttons, payload).toEqual([{ text: "Open in app", web_app: { url: "https://app.example/" } }]);
    }
  });
});

describe("the other core commands", () => {
  it("/help lists the commands with a button into the app", async () => {
    const reply = await say(english(), "/help");
    for (const command of ["/start", "/language", "/help", "/predict", "/alerts", "/paysupport"]) {
      expect(reply.text).toContain(command);
    }
    expect(reply.buttons[0]).toMatchObject({ text: "Open in app", web_app: { url: "https://app.example/" } });
  });

  it("/alerts asks a user without an account to open the app once", async () => {
    expect((await say(english(), "/alerts")).text).toContain("open the app once to get one");
  });

  it("answers a press of a button it no longer knows so the client stops waiting", async () => {
    const user = english();
    await deliver(fixture.srv, callbackUpdate(user, "no-such-button:1"));
    expect(fixture.standIn.callsOf("answerCallbackQuery").at(-1)?.params).toMatchObject({
      callback_query_id: expect.any(String),
      text: "This button is no longer available.",
    });
  });
});
