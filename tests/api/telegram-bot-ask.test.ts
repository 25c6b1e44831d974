import { sign as signInitData } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Quotas } from "../../src/contract/constants.ts";
import { users } from "../../src/server/db/schema.ts";
import { call } from "./harness.ts";
import {
  BOT_USERNAME,
  contentBotForTests,
  freshId,
  groupText,
  MINI_APP_URL,
  person,
  privateText,
} from "./telegram-bot-content-setup.ts";
import { BOT_TOKEN } from "./telegram-bot-harness.ts";

/**
 * Free text to the bot, answered by MountainLion (the offline analyst, no model server needed) through the webhook,
 * against the loopback Bot API stand-in: short answers with their sources and a button to continue in the app, long
 * questions cut with a note, the app's chat quota, and groups where only mentions and replies are answered.
 */

const bot = contentBotForTests();

const textOf = (params: Record<string, unknown> | undefined) => String(params?.text ?? "");
const keyboardOf = (params: Record<string, unknown> | undefined) =>
  (params?.reply_markup as { inline_keyboard: Record<string, unknown>[][] } | undefined)?.inline_keyboard ?? [];
/** The tags of a Telegram HTML text that are not among those the bot writes. */
const foreignTags = (html: string) =>
  [...html.matchAll(/<\/?([a-z]+)[^>]*>/gi)]
    .map((m) => m[1])
    .filter((tag) => !/^(b|i|s|u|code|pre|a)$/.test(tag ?? ""));

describe("free text in a private chat", () => {
  it("is answered by MountainLion in short form, with its source, and a button to continue in the app", async () => {
    const ada = person();
    const response = await bot.send(privateText(ada, "What is the BTC price?"));
    expect(response.status).toBe(200);
    const replies = bot.callsTo("sendMessage", ada.id);
    expect(replies).toHaveLength(1);
    const params = replies[0]?.params;
    expect(params?.parse_mode).toBe("HTML");
    const text = textOf(params);
    expect(text).toMatch(/Bitcoin|BTC/);
    expect(text).toMatch(/[\d,]+\.\d+/);
    expect(text).toMatch(/<i>Source: .+\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC<\/i>/);
    expect(text.length).toBeLessThan(2000);
    // a one-coin answer fits whole: no note that it was shortened
    expect(text).not.toContain("short version");
    expect(foreignTags(text)).toEqual([]);
    expect(keyboardOf(params)[0]?.[0]).toEqual({ text: "Continue in app", web_app: { url: MINI_APP_URL } });
    expect(params?.reply_parameters).toBeUndefined();
  });

  it("answers in Chinese for a user whose Telegram speaks Chinese", async () => {
    const li = person("zh-hans");
    await bot.send(privateText(li, "ETH 价格多少？"));
    const [reply] = bot.callsTo("sendMessage", li.id);
    expect(textOf(reply?.params)).toMatch(/\p{Script=Han}/u);
  });

  it("reads only the start of a very long message and says so; markup in it is never passed through", async () => {
    const ada = person();
    const long = `<b>BTC</b> & <script>x</script> ${"how is bitcoin doing today ".repeat(200)}`;
    await bot.send(privateText(ada, long));
    const [reply] = bot.callsTo("sendMessage", ada.id);
    const text = textOf(reply?.params);
    expect(text).toContain("<i>Your message is long: I read only its first 2,000 characters.</i>");
    expect(text).not.toContain("<script>");
    expect(foreignTags(text)).toEqual([]);
  });

  it("counts a user who has not opened the app as a visitor of their own: one chat a day, then says so", async () => {
    const ada = person();
    for (let i = 0; i <= Quotas.visitorDailyChats; i++) await bot.send(privateText(ada, `BTC price, take ${i + 1}?`));
    const replies = bot.callsTo("sendMessage", ada.id);
    expect(replies).toHaveLength(Quotas.visitorDailyChats + 1);
    expect(textOf(replies[0]?.params)).toContain("Source:");
    // the apostrophe as Telegram's HTML takes it; the button leads to the app, where signing in gives more
    expect(textOf(replies.at(-1)?.params)).toBe("You have used up today&#39;s free chats.");
    expect(keyboardOf(replies.at(-1)?.params)[0]?.[0]).toMatchObject({ text: "Continue in app" });
  });

  it("gives a user who signed in to the app their account's chats: the trial's, then the standard day's", async () => {
    const ada = person();
    const initData = signInitData(
      { user: { id: ada.id, first_name: ada.first_name }, query_id: "AAHask" } as never,
      BOT_TOKEN,
      new Date(),
    );
    expect((await call(bot.server.url, "/telegramLogin", { body: { initData } })).status).toBe(200);
    // the new account's trial is unlimited
    await bot.send(privateText(ada, "BTC price?"));
    // the trial over, a standard Basic account has the app's daily chats
    const ended = await bot.server.server.database.db
      .update(users)
      .set({ card: "0", cardExpiresAt: null, edition: "BasicEdition" })
      .where(eq(users.telegramId, String(ada.id)))
      .returning();
    expect(ended).toHaveLength(1);
    for (let i = 0; i < Quotas.userDailyChats; i++) await bot.send(privateText(ada, `ETH price, take ${i + 1}?`));
    await bot.send(privateText(ada, "And SOL?"));
    const replies = bot.callsTo("sendMessage", ada.id).map((call) => textOf(call.params));
    expect(replies).toHaveLength(Quotas.userDailyChats + 2);
    expect(replies.slice(0, -1).every((text) => /Source:/.test(text))).toBe(true);
    expect(replies.at(-1)).toBe("Your chat quota is used up. Redeem more chats with points.");
  });

  it("does not answer commands it does not know as questions", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/nosuchcommand BTC"));
    expect(bot.callsTo("sendMessage", ada.id).map((call) => textOf(call.params))).not.toContainEqual(
      expect.stringContaining("Source:"),
    );
  });
});

describe("free text in a group", () => {
  it("is left alone unless the bot is mentioned or replied to", async () => {
    const group = -freshId();
    const ada = person();
    await bot.send(groupText(ada, group, "BTC to the moon"));
    expect(bot.callsTo("sendMessage", group)).toHaveLength(0);

    const mention = groupText(ada, group, `@${BOT_USERNAME} what is the BTC price?`);
    await bot.send(mention);
    const [answer] = bot.callsTo("sendMessage", group);
    expect(textOf(answer?.params)).toMatch(/BTC|Bitcoin/);
    // in a group the answer replies to the question, and its button is a t.me link (web_app buttons are refused)
    const asked = mention.message as { message_id: number };
    expect(answer?.params.reply_parameters).toEqual({
      message_id: asked.message_id,
      allow_sending_without_reply: true,
    });
    expect(keyboardOf(answer?.params)[0]?.[0]).toEqual({
      text: "Continue in app",
      url: `https://t.me/${BOT_USERNAME}?startapp`,
    });
  });

  it("counts a group member without an account as a visitor of their own, with the visitor's daily chat", async () => {
    const group = -freshId();
    const ada = person();
    for (let i = 0; i <= Quotas.visitorDailyChats; i++) {
      await bot.send(groupText(ada, group, `@${BOT_USERNAME} BTC price, take ${i + 1}?`));
    }
    const replies = bot.callsTo("sendMessage", group).map((call) => textOf(call.params));
    expect(replies).toHaveLength(Quotas.visitorDailyChats + 1);
    // the apostrophe as Telegram's HTML takes it
    expect(replies.at(-1)).toBe("You have used up today&#39;s free chats.");
  });

  it("answers a reply to one of its messages", async () => {
    const group = -freshId();
    await bot.send(groupText(person(), group, "and ETH?", { replyToBot: true }));
    const [answer] = bot.callsTo("sendMessage", group);
    expect(answer).toBeDefined();
    expect(answer?.params.reply_parameters).toBeDefined();
  });
});
