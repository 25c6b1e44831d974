import { sign as signInitData } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alarmListDataSchema, type PriceAlarm } from "../../src/contract/alarms.ts";
import { chatEventSchemas } from "../../src/contract/chat.ts";
import { DEFAULT_MODEL_ID } from "../../src/contract/model-catalogue.ts";
import { priceText } from "../../src/contract/price-format.ts";
import { priceAlarms } from "../../src/server/db/schema.ts";
import { createAlarmsRepository } from "../../src/server/features/alarms/alarms.repository.ts";
import { createSseReader } from "../../src/server/features/chat/chat-sse.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { type BotApiStandIn, startBotApiStandIn } from "../support/bot-api-stand-in.ts";
import { cleanupsAfter, ethCrossing, HOUR, tick } from "./alarms-replay.ts";
import { call, createTestDatabase, newDeviceNo, type TestServer } from "./harness.ts";
import {
  BOT_TOKEN,
  botOf,
  callbackUpdate,
  callsTo,
  deliver,
  keyboardOf,
  MINI_APP_URL,
  type PrivateUser,
  startBotServer,
  telegramUserId,
  textUpdate,
} from "./telegram-bot-harness.ts";

/**
 * Price alarms in Telegram and in the chat, against the loopback Bot API stand-in and the replay (issue 17): /alerts
 * lists, sets, deletes and re-arms the linked account's alarms with the alarm service's refusals in words; a fired
 * alarm reaches the account's Telegram chat once, in its language, and one whose send failed (or that a node fired
 * and did not send) is sent by the server's own sweep on a later tick; the analyst (MountainLion) sets an alarm from
 * the app's chat and from free text to the bot, and asks a visitor to sign in. The replay starts where the shipped
 * ETH candles cross a price upward an hour later; the wall clock moves only when a test moves it, and each tick is a
 * market refresh the test asks for.
 */

const crossing = ethCrossing();
const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
// the stand-in, the database and the server, closed last first
const cleanups = cleanupsAfter(afterAll);
let standIn: BotApiStandIn;
let srv: TestServer;

beforeAll(async () => {
  standIn = await startBotApiStandIn();
  cleanups.push(standIn.close);
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  srv = await startBotServer(standIn, db.env, { clock, env: { ...crossing.env, DIGEST_CHECK_SECONDS: "86400" } });
  cleanups.push(srv.stop);
  if (!(await botOf(srv).started)) throw new Error("the bot did not start");
});

const ethNow = () => crossing.priceAfter(0);
/** a round price this far below ETH's price now */
const belowEth = (share: number) => Math.round(ethNow() * share);

interface Linked extends PrivateUser {
  headers: { authorization: string };
}

/** A Telegram user who opened the mini app once (its Telegram sign-in made the account). */
async function linkedUser(language_code = "en"): Promise<Linked> {
  const id = telegramUserId();
  const initData = signInitData(
    { user: { id, first_name: "Ada", language_code }, query_id: "AAHalerts" } as never,
    BOT_TOKEN,
    clock.now(),
  );
  const login = await call(srv.url, "/telegramLogin", { body: { initData } });
  expect(login.status, login.text).toBe(200);
  return { id, language_code, headers: { authorization: `Bearer ${String(login.json?.data.user_token)}` } };
}

const stranger = (language_code = "en"): PrivateUser => ({ id: telegramUserId(), language_code });

/** What the bot sent last to a chat: its text and its buttons. */
function lastReply(user: PrivateUser) {
  const sent = callsTo(standIn, "sendMessage", user.id).at(-1);
  return { text: String(sent?.params.text ?? ""), buttons: keyboardOf(sent).flat(), params: sent?.params };
}

async function say(user: PrivateUser, text: string) {
  await deliver(srv, textUpdate(user, text));
  return lastReply(user);
}

async function press(user: PrivateUser, data: string) {
  const before = standIn.callsOf("answerCallbackQuery").length;
  await deliver(srv, callbackUpdate(user, data));
  const answers = standIn.callsOf("answerCallbackQuery").slice(before);
  expect(answers).toHaveLength(1);
  return answers[0]?.params ?? {};
}

async function alarmsOf(user: Linked) {
  const res = await call(srv.url, "/priceAlarm/list", { headers: user.headers });
  expect(res.status, res.text).toBe(200);
  return alarmListDataSchema.parse(res.json?.data);
}

const TIME = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC`;

describe("/alerts", () => {
  it("tells a Telegram user without an account to open the app once, with the app's button", async () => {
    const reply = await say(stranger(), "/alerts");
    expect(reply.text).toBe(
      "Price alarms belong to your account: open the app once to get one, then send /alerts again.",
    );
    expect(reply.buttons).toEqual([{ text: "Open in app", web_app: { url: MINI_APP_URL } }]);
    // setting one is refused the same way, and a button press too
    expect((await say(stranger(), "/alerts ETH below 100")).text).toContain("open the app once");
    const answer = await press(stranger(), "al:d:1");
    expect(answer).toMatchObject({ show_alert: true, text: expect.stringContaining("open the app once") });
  });

  it("sets alarms at a price or a move, and lists them with the price they were set at and the source", async () => {
    const ada = await linkedUser();
    const empty = await say(ada, "/alerts");
    expect(empty.text).toContain("You have no price alarms yet.");
    expect(empty.text).toContain("/alerts ETH below 3000");

    const target = belowEth(0.9);
    const set = await say(ada, `/alerts ETH below ${target}`);
    expect(set.params?.parse_mode).toBe("HTML");
    expect(set.text).toMatch(
      new RegExp(
        `^<b>Alarm set: ETH/USDT below ${priceText(target).replace(/[.,]/g, "\\$&")}\\.</b>\\nETH is at ${priceText(ethNow()).replace(/[.,]/g, "\\$&")} now \\(Binance \\(replay\\), ${TIME}\\)\\. I will message you here once when the price gets there\\.$`,
      ),
    );
    const [stored] = (await alarmsOf(ada)).list;
    expect(stored).toMatchObject({ coinAbbr: "ETH", kind: "price", direction: "below", price: target, unused: true });
    expect(set.buttons).toEqual([
      { text: `🗑 Delete ETH ↓ ${priceText(target)}`, callback_data: `al:d:${stored?.id}` },
      { text: "All my alarms", callback_data: "al:l" },
      { text: "Open in app", web_app: { url: `${MINI_APP_URL}?startapp=coin_ETH` } },
    ]);

    const big = await say(ada, "/alerts btc > 1,000k");
    expect(big.text).toContain("Alarm set: BTC/USDT above 1,000,000.");
    const fall = await say(ada, "/alerts SOL -5%");
    expect(fall.text).toMatch(/^<b>Alarm set: SOL\/USDT -5\.00% below [\d,.]+\.<\/b>/);

    const list = await alarmsOf(ada);
    expect(list.armed).toBe(3);
    const sol = list.list.find((alarm) => alarm.coinAbbr === "SOL") as PriceAlarm;
    expect(sol).toMatchObject({ kind: "percent", percent: -5, direction: "below" });

    const listed = await say(ada, "/alerts");
    expect(listed.text).toContain("<b>Your price alarms (3 of 20 armed):</b>");
    expect(listed.text).toContain(
      `⏳ SOL/USDT -5.00% below ${priceText(sol.price)} · set at ${priceText(sol.basePrice)}`,
    );
    expect(listed.text).toContain(`⏳ ETH/USDT below ${priceText(target)} · set at ${priceText(ethNow())}`);
    expect(listed.text).toContain("<i>Prices: Binance (replay)</i>");
    expect(listed.buttons.map((button) => button.callback_data ?? button.text)).toEqual([
      ...list.list.map((alarm) => `al:d:${alarm.id}`),
      "Open in app",
    ]);
  });

  it("answers what it cannot read, and each refusal of the alarm service in words, in English or Chinese", async () => {
    const ada = await linkedUser();
    const unread = await say(ada, "/alerts ETH sideways 3000");
    expect(unread.text).toContain("I could not read that as an alarm.");
    expect(unread.text).toContain("/alerts SOL +10%");
    expect((await say(ada, "/alerts SOL 5%")).text).toContain("I could not read that as an alarm.");
    expect((await say(ada, "/alerts NOSUCHCOIN above 5")).text).toBe(
      "There is no market price for this coin, so no alarm can watch it.",
    );
    expect((await say(ada, `/alerts ETH below ${Math.round(ethNow() * 2)}`)).text).toBe(
      "The price is already past this target. Choose the other direction or another price.",
    );
    expect((await say(ada, `/alerts ETH above ${Math.round(ethNow() * 1000)}`)).text).toBe(
      "This price is too far from the current price (more than 100 times either way).",
    );
    expect((await say(ada, "/alerts ETH -100%")).text).toBe(
      "The move must be at least 0.1%, a fall of at most 99% or a rise of at most 10,000%.",
    );
    expect((await alarmsOf(ada)).list).toEqual([]);

    const li = await linkedUser("zh-hans");
    expect((await say(li, `/alerts ETH 跌破 ${Math.round(ethNow() * 2)}`)).text).toBe(
      "价格已经越过这个目标。请选择另一个方向或另一个价格。",
    );
    const zh = await say(li, `/alerts ETH 跌破 ${belowEth(0.8)}`);
    expect(zh.text).toContain(`已设置提醒：ETH/USDT 低于 ${priceText(belowEth(0.8))}。`);
    expect(zh.buttons[0]?.text).toBe(`🗑 删除 ETH ↓ ${priceText(belowEth(0.8))}`);
  });

  it("stops at the armed limit with the service's words", async () => {
    const ada = await linkedUser();
    for (let i = 1; i <= 20; i += 1) {
      expect((await say(ada, `/alerts ETH below ${belowEth(0.5) + i}`)).text).toContain("Alarm set");
    }
    expect((await say(ada, `/alerts ETH below ${belowEth(0.4)}`)).text).toBe(
      "You have the most armed alarms allowed (20). Delete one first.",
    );
  });

  it("deletes an alarm with its button and redraws the list; another account's alarm is not found", async () => {
    const ada = await linkedUser();
    const eve = await linkedUser();
    await say(ada, `/alerts ETH below ${belowEth(0.7)}`);
    await say(ada, `/alerts ETH below ${belowEth(0.6)}`);
    await say(eve, `/alerts ETH below ${belowEth(0.7)}`);
    const [adaFirst, adaSecond] = (await alarmsOf(ada)).list;
    const [eves] = (await alarmsOf(eve)).list;

    // Eve presses a delete button with Ada's alarm in it: nothing of Ada's goes
    const refused = await press(eve, `al:d:${adaFirst?.id}`);
    expect(refused).toMatchObject({ show_alert: true, text: "This alarm no longer exists." });
    expect((await alarmsOf(ada)).list).toHaveLength(2);

    const edits = callsTo(standIn, "editMessageText", ada.id).length;
    const done = await press(ada, `al:d:${adaFirst?.id}`);
    expect(done).toMatchObject({ text: "Alarm deleted" });
    expect((await alarmsOf(ada)).list.map((alarm) => alarm.id)).toEqual([adaSecond?.id]);
    const redrawn = callsTo(standIn, "editMessageText", ada.id).slice(edits);
    expect(redrawn).toHaveLength(1);
    expect(String(redrawn[0]?.params.text)).toContain("<b>Your price alarms (1 of 20 armed):</b>");
    expect(keyboardOf(redrawn[0])[0]?.[0]).toMatchObject({ callback_data: `al:d:${adaSecond?.id}` });
    // pressed again: it is gone
    expect(await press(ada, `al:d:${adaFirst?.id}`)).toMatchObject({ text: "This alarm no longer exists." });
    expect((await alarmsOf(eve)).list.map((alarm) => alarm.id)).toEqual([eves?.id]);
  });

  it("asks for a private chat in a group", async () => {
    const group = -telegramUserId();
    const update = textUpdate({ id: telegramUserId() }, "/alerts");
    const message = update.message as { chat: unknown };
    message.chat = { id: group, type: "supergroup", title: "Traders" };
    await deliver(srv, update);
    expect(String(callsTo(standIn, "sendMessage", group).at(-1)?.params.text)).toBe(
      "Price alarms are set in a private chat with me: open it and send /alerts there.",
    );
  });
});

/** POST /chat/send with MountainLion; the answer's text as it streamed. */
async function chat(question: string, headers: Record<string, string>, language: "en" | "cn" = "en") {
  const msggroup = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await fetch(`${srv.url}/v2/api/chat/send`, {
    method: "POST",
    headers: { ...headers, "x-device-no": newDeviceNo(), "content-type": "application/json" },
    body: JSON.stringify({ msggroup, model: DEFAULT_MODEL_ID, question, language }),
  });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const sse = createSseReader();
  let text = "";
  for (const event of sse.feed(await response.text())) {
    if (event.event === "text") text += chatEventSchemas.text.parse(JSON.parse(event.data)).delta;
  }
  return text;
}

describe("the analyst sets alarms for the signed-in user", () => {
  it("in the app's chat, saying exactly what was set, and asks a visitor to sign in", async () => {
    const ada = await linkedUser();
    const target = belowEth(0.9);
    const answer = await chat(`tell me when ETH drops below ${target}`, ada.headers);
    expect(answer).toContain(`**Price alarm set: ETH/USDT below ${priceText(target)} USDT.**`);
    expect(answer).toContain(`ETH is at **${priceText(ethNow())} USDT** now.`);
    expect(answer).toMatch(new RegExp(`Source: Binance \\(replay\\), ${TIME}`));
    expect((await alarmsOf(ada)).list).toMatchObject([{ coinAbbr: "ETH", direction: "below", price: target }]);

    const zh = await chat(`提醒我 ETH 跌破 ${belowEth(0.8)}`, ada.headers, "cn");
    expect(zh).toContain(`**已设置价格提醒：ETH/USDT 低于 ${priceText(belowEth(0.8))} USDT。**`);
    const move = await chat("alert me if SOL rises 10%", ada.headers);
    expect(move).toMatch(/\*\*Price alarm set: SOL\/USDT above [\d,.]+ USDT \(\+10\.00% from [\d,.]+ USDT\)\.\*\*/);
    const crossed = await chat(`tell me when ETH drops below ${Math.round(ethNow() * 2)}`, ada.headers);
    expect(crossed).toContain("**No alarm was set (ETH).** The price is already past this target.");
    expect((await alarmsOf(ada)).armed).toBe(3);

    const visitor = await chat(`tell me when ETH drops below ${target}`, {});
    expect(visitor).toContain("Price alarms belong to an account: **sign in**");
  });

  it("in free text to the bot, for a linked user; a user without an account is asked to sign in", async () => {
    const ada = await linkedUser();
    const target = belowEth(0.85);
    const reply = await say(ada, `tell me when ETH drops below ${target}`);
    expect(reply.text).toContain(`<b>Price alarm set: ETH/USDT below ${priceText(target)} USDT.</b>`);
    expect((await alarmsOf(ada)).list).toMatchObject([{ coinAbbr: "ETH", price: target }]);
    expect((await say(stranger(), `tell me when ETH drops below ${target}`)).text).toContain(
      "Price alarms belong to an account",
    );
  });
});

describe("a fired alarm in Telegram", () => {
  it("reaches each account's chat once, in its language; a send that failed goes again on the next tick", async () => {
    const ada = await linkedUser();
    const li = await linkedUser("zh-hans");
    const bob = await linkedUser();
    for (const user of [ada, li]) await say(user, `/alerts ETH above ${crossing.target}`);
    // Bob asks for a move that the next hour's price makes: a percent alarm, so his message offers to re-arm it
    const move = Math.floor((crossing.target / ethNow() - 1) * 10_000) / 100;
    expect((await say(bob, `/alerts ETH +${move}%`)).text).toContain("Alarm set");
    // Telegram fails Bob's message once, for a reason that may pass, then takes it
    standIn.failNext(
      "sendMessage",
      { error_code: 400, description: "Bad Request: something went wrong" },
      { when: (params) => Number(params.chat_id) === bob.id },
    );
    const sentBefore = (user: PrivateUser) => callsTo(standIn, "sendMessage", user.id).length;
    const before = { ada: sentBefore(ada), li: sentBefore(li), bob: sentBefore(bob) };
    /** the fired alarms' messages to a chat since `from` (the bot's answers to /alerts are not counted) */
    const sentTo = (user: PrivateUser, from: number) =>
      callsTo(standIn, "sendMessage", user.id)
        .slice(from)
        .filter((call) => String(call.params.text).startsWith("<b>🔔"));

    clock.advance(HOUR);
    await tick(srv);

    const fired = await alarmsOf(ada);
    const alarm = fired.list[0] as PriceAlarm;
    expect(alarm).toMatchObject({ unused: false, firedPrice: crossing.priceAfter(1), source: "Binance (replay)" });
    const adaGot = sentTo(ada, before.ada);
    expect(adaGot).toHaveLength(1);
    const text = String(adaGot[0]?.params.text);
    expect(text).toMatch(
      new RegExp(
        `^<b>🔔 ETH rose to ${priceText(crossing.priceAfter(1)).replace(/[.,]/g, "\\$&")}: your alarm at ${priceText(alarm.price).replace(/[.,]/g, "\\$&")} \\(Binance \\(replay\\), ${TIME}\\)</b>`,
      ),
    );
    // the price has just crossed a price alarm's target: re-arming it now would be refused, so it is not offered
    expect(text).toContain("<i>It fires once: set a new alarm or see all your alarms with /alerts.</i>");
    expect(keyboardOf(adaGot[0])).toEqual([
      [{ text: "Open in app", web_app: { url: `${MINI_APP_URL}?startapp=coin_ETH` } }],
    ]);
    const liGot = sentTo(li, before.li);
    expect(liGot).toHaveLength(1);
    expect(String(liGot[0]?.params.text)).toContain(`🔔 ETH 涨到了 ${priceText(crossing.priceAfter(1))}`);
    // Bob's send failed: logged, and not marked as sent
    expect(sentTo(bob, before.bob)).toHaveLength(1);
    const [bobs] = (await alarmsOf(bob)).list;
    const botSentAt = async (id: number | undefined) => {
      const [row] = await srv.server.database.db
        .select()
        .from(priceAlarms)
        .where(eq(priceAlarms.id, id ?? 0));
      return row?.botSentAt ?? null;
    };
    expect(await botSentAt(bobs?.id)).toBeNull();
    expect(srv.logs.some((line) => line.msg === "telegram push failed")).toBe(true);

    // the next tick (the same market hour) fires nothing new; its sweep sends Bob's message, once, and no one else's
    await tick(srv);
    const bobGot = sentTo(bob, before.bob);
    expect(bobGot).toHaveLength(2);
    expect(String(bobGot[1]?.params.text)).toContain("That is the +");
    expect(String(bobGot[1]?.params.text)).toContain(
      "<i>It fires once: re-arm it or see all your alarms with /alerts.</i>",
    );
    expect(keyboardOf(bobGot[1])[0]).toEqual([
      { text: `🔁 Re-arm ETH ↑ ${priceText(bobs?.price ?? 0)}`, callback_data: `al:r:${bobs?.id}` },
    ]);
    expect(await botSentAt(bobs?.id)).not.toBeNull();
    await tick(srv);
    expect(sentTo(bob, before.bob)).toHaveLength(2);
    expect(sentTo(ada, before.ada)).toHaveLength(1);
    expect(sentTo(li, before.li)).toHaveLength(1);

    // the list offers no re-arm while the price is past the target; a stale button is refused in words
    const listed = await say(ada, "/alerts");
    expect(listed.buttons.map((button) => button.callback_data ?? button.text)).toEqual([
      `al:d:${alarm.id}`,
      "Open in app",
    ]);
    expect(await press(ada, `al:r:${alarm.id}`)).toMatchObject({
      show_alert: true,
      text: "The price is already past this target. Choose the other direction or another price.",
    });
    // once the price has fallen back the list offers it, and it arms again (the ticks in between send nothing more)
    clock.advance((crossing.fall - 1) * HOUR);
    await tick(srv);
    expect(sentTo(ada, before.ada)).toHaveLength(1);
    expect((await say(ada, "/alerts")).buttons.map((button) => button.callback_data ?? button.text)).toEqual([
      `al:r:${alarm.id}`,
      `al:d:${alarm.id}`,
      "Open in app",
    ]);
    expect(await press(ada, `al:r:${alarm.id}`)).toMatchObject({ text: "Alarm armed again" });
    expect((await alarmsOf(ada)).list[0]).toMatchObject({ id: alarm.id, unused: true });

    // and it fires, and is sent, again
    clock.advance((crossing.riseAgain - crossing.fall) * HOUR);
    await tick(srv);
    expect(sentTo(ada, before.ada)).toHaveLength(2);
  });

  it("sends what a node fired and did not send before it stopped, within an hour of market time", async () => {
    const carol = await linkedUser();
    const dave = await linkedUser();
    const info = await call(srv.url, "/dashboard/token/info?coinAbbr=BTC");
    const btc = Number(info.json?.data.price);
    const target = Math.round(btc / 2);
    for (const user of [carol, dave]) await say(user, `/alerts BTC below ${target}`);
    const [carols] = (await alarmsOf(carol)).list;
    const sentBefore = { carol: callsTo(standIn, "sendMessage", carol.id).length };
    const daveBefore = callsTo(standIn, "sendMessage", dave.id).length;
    // a node fired both alarms and stopped before sending: Carol's in this market hour, Dave's two hours ago
    const db = srv.server.database.db;
    const marketAt = Date.parse(String((await call(srv.url, "/market/status")).json?.data.at));
    const fired = await createAlarmsRepository(db).fire(
      [{ coinAbbr: "BTC", price: Math.round(btc / 3) }],
      new Date(marketAt - 2 * HOUR),
      "Binance (replay)",
    );
    expect(fired).toHaveLength(2);
    await db
      .update(priceAlarms)
      .set({ firedAt: new Date(marketAt) })
      .where(eq(priceAlarms.id, carols?.id ?? 0));

    await tick(srv);
    const carolGot = callsTo(standIn, "sendMessage", carol.id).slice(sentBefore.carol);
    expect(carolGot).toHaveLength(1);
    expect(String(carolGot[0]?.params.text)).toContain(`🔔 BTC fell to ${priceText(Math.round(btc / 3))}`);
    // Dave's is older than the sweep looks back: listed as fired, not sent any more
    expect(callsTo(standIn, "sendMessage", dave.id).slice(daveBefore)).toEqual([]);
    expect((await alarmsOf(dave)).list[0]).toMatchObject({ unused: false, source: "Binance (replay)" });
  });
});
