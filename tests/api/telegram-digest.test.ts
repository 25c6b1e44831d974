import { sign as signInitData } from "@telegram-apps/init-data-node";
import { describe, expect, inject, it } from "vitest";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { type BotApiStandIn, startBotApiStandIn } from "../support/bot-api-stand-in.ts";
import { call, createTestDatabase, ONE_NODE_PER_PGLITE, type TestServer } from "./harness.ts";
import {
  BOT_TOKEN,
  botOf,
  botServerForTests,
  callsTo,
  chatRow,
  deliver,
  keyboardOf,
  MINI_APP_URL,
  startBotServer,
  telegramUserId,
  textUpdate,
} from "./telegram-bot-harness.ts";

/** The test drives the digest's checks itself: the server's own timer would not come within the test. */
const NO_TIMER = { DIGEST_CHECK_SECONDS: "86400" };

function appOf(srv: TestServer) {
  const app = srv.server.telegramApp;
  if (!app) throw new Error("the server runs no bot");
  return app;
}

/** The digests a chat got so far. */
const digestsTo = (standIn: BotApiStandIn, chatId: number) =>
  callsTo(standIn, "sendMessage", chatId).filter((c) => String(c.params.text).startsWith("<b>Daily market digest"));

describe("the daily market digest", () => {
  // 07:30 UTC: the 08:00 digests have not gone yet today
  const clock = manualClock(new Date("2026-03-02T07:30:00.000Z"));
  const fixture = botServerForTests({ clock, env: NO_TIMER });

  /** A mini app user signed in (silently, as the app does inside Telegram): their id is also their bot chat's. */
  async function appUser() {
    const telegramId = telegramUserId();
    const initData = signInitData(
      { user: { id: telegramId, first_name: "Ada" }, query_id: "AAHdigest" } as never,
      BOT_TOKEN,
      clock.now(),
    );
    const login = await call(fixture.srv.url, "/telegramLogin", { body: { initData } });
    const headers = { authorization: `Bearer ${String(login.json?.data.user_token)}` };
    return {
      telegramId,
      read: () => call(fixture.srv.url, "/telegram/notifications", { headers }),
      set: (body: unknown) => call(fixture.srv.url, "/telegram/notifications", { headers, body }),
    };
  }

  it("/subscribe [hour] and /unsubscribe in the bot, with a clear answer to a bad hour", async () => {
    const user = { id: telegramUserId() };
    await deliver(fixture.srv, textUpdate(user, "/subscribe 9"));
    expect(String(callsTo(fixture.standIn, "sendMessage", user.id).at(-1)?.params.text)).toContain(
      "comes every day at 09:00 UTC (it is 07:30 UTC now)",
    );
    expect(await chatRow(fixture.srv, user.id)).toMatchObject({ digestSubscribed: 1, digestHour: 9, active: 1 });

    await deliver(fixture.srv, textUpdate(user, "/subscribe 24"));
    expect(String(callsTo(fixture.standIn, "sendMessage", user.id).at(-1)?.params.text)).toContain(
      "The hour is a whole number from 0 to 23",
    );
    expect(await chatRow(fixture.srv, user.id)).toMatchObject({ digestHour: 9 });

    await deliver(fixture.srv, textUpdate(user, "/unsubscribe"));
    expect(String(callsTo(fixture.standIn, "sendMessage", user.id).at(-1)?.params.text)).toContain("Unsubscribed");
    expect(await chatRow(fixture.srv, user.id)).toMatchObject({ digestSubscribed: 0, digestHour: 9 });
  });

  it("is turned on and off from the app's settings for a Telegram account", async () => {
    const user = await appUser();
    expect((await user.read()).json?.data).toEqual({
      available: true,
      reason: null,
      subscribed: false,
      hour: 8,
      active: true,
      bot_url: "https://t.me/mountainlion_test_bot",
    });
    const on = await user.set({ subscribed: true, hour: 21 });
    expect(on.status).toBe(200);
    expect(on.json?.data).toMatchObject({ subscribed: true, hour: 21 });
    expect((await user.read()).json?.data).toMatchObject({ subscribed: true, hour: 21 });

    const bad = await user.set({ subscribed: true, hour: 24 });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 1001, data: { field: "hour" } });
    expect((await user.set({ hour: 3 })).json).toMatchObject({ code: 1001, data: { field: "subscribed" } });

    expect((await user.set({ subscribed: false })).json?.data).toMatchObject({ subscribed: false, hour: 21 });
    // the hour picked while it is off is kept for when it is turned on
    expect((await user.set({ subscribed: false, hour: 6 })).json?.data).toMatchObject({ subscribed: false, hour: 6 });
    const fresh = await appUser();
    expect((await fresh.set({ subscribed: false, hour: 5 })).json?.data).toMatchObject({ subscribed: false, hour: 5 });
    expect((await fresh.set({ subscribed: true })).json?.data).toMatchObject({ subscribed: true, hour: 5 });
    await fresh.set({ subscribed: false });
  });

  it("is not for an account without Telegram", async () => {
    const database = fixture.srv.server.database.db;
    const account = await createUsersRepository(database, clock).create({
      email: `digest-${Date.now()}@example.com`,
      username: `digest${Date.now() % 1_000_000}`,
    });
    if (!account) throw new Error("user not created");
    const login = await createSessionsService(database, clock).signIn(account, "email");
    const headers = { authorization: `Bearer ${login.user_token}` };
    const read = await call(fixture.srv.url, "/telegram/notifications", { headers });
    expect(read.json?.data).toMatchObject({ available: false, reason: "noTelegram", subscribed: false });
    const set = await call(fixture.srv.url, "/telegram/notifications", { headers, body: { subscribed: true } });
    expect(set.status).toBe(403);
    expect(set.json).toMatchObject({ code: 1001, data: { key: "telegramAccountRequired" } });
  });

  it("goes out at each chat's hour, once a day, and never again to a chat that blocked the bot", async () => {
    clock.set(new Date("2026-03-02T07:30:00.000Z"));
    const early = { id: telegramUserId() };
    const late = { id: telegramUserId() };
    const blocker = { id: telegramUserId() };
    await deliver(fixture.srv, textUpdate(early, "/subscribe 8"));
    await deliver(fixture.srv, textUpdate(late, "/subscribe 9"));
    await deliver(fixture.srv, textUpdate(blocker, "/subscribe"));
    const fromApp = await appUser();
    await fromApp.set({ subscribed: true, hour: 8 });

    // 07:59: nobody's hour yet
    clock.set(new Date("2026-03-02T07:59:00.000Z"));
    expect(await appOf(fixture.srv).scheduler.runOnce()).toMatchObject({ leader: true, sent: 0 });

    fixture.standIn.failNext(
      "sendMessage",
      { error_code: 403, description: "Forbidden: bot was blocked by the user" },
      { when: (params) => Number(params.chat_id) === blocker.id },
    );
    clock.set(new Date("2026-03-02T08:00:00.000Z"));
    const eight = await appOf(fixture.srv).scheduler.runOnce();
    expect(eight).toMatchObject({ leader: true, sent: 2, refused: 1, failed: 0 });
    expect(digestsTo(fixture.standIn, early.id)).toHaveLength(1);
    expect(digestsTo(fixture.standIn, fromApp.telegramId)).toHaveLength(1);
    expect(digestsTo(fixture.standIn, late.id)).toHaveLength(0);
    expect(await chatRow(fixture.srv, blocker.id)).toMatchObject({ active: 0, inactiveReason: "blocked" });
    expect((await fromApp.read()).json?.data).toMatchObject({ subscribed: true, active: true });

    const [digest] = digestsTo(fixture.standIn, early.id);
    const text = String(digest?.params.text);
    expect(digest?.params.parse_mode).toBe("HTML");
    expect(text).toContain("<b>Daily market digest · 2026-03-02</b>");
    expect(text).toContain("<b>Top movers, 24 h</b>");
    expect(text).toMatch(/<i>Source: .+, market time \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/i>/);
    expect(text).toMatch(/[▲▼] [A-Z0-9]+ [+-]\d+\.\d\d% · \$[\d,.]+/);
    expect(text).toContain("<b>Sentiment</b>");
    expect(text).toMatch(/Fear and greed: \d+ \(/);
    expect(text).toContain("<b>Headlines</b>");
    expect(text.match(/^• /gm)?.length ?? 0).toBeLessThanOrEqual(3);
    expect(text).toContain("You get this every day at 08:00 UTC. /unsubscribe stops it.");
    expect(keyboardOf(digest)).toEqual([[{ text: "Open in app", web_app: { url: MINI_APP_URL } }]]);

    // later the same hour, and a restart's check: nothing twice
    clock.set(new Date("2026-03-02T08:40:00.000Z"));
    expect(await appOf(fixture.srv).scheduler.runOnce()).toMatchObject({ sent: 0, refused: 0 });

    clock.set(new Date("2026-03-02T09:00:00.000Z"));
    expect(await appOf(fixture.srv).scheduler.runOnce()).toMatchObject({ sent: 1, refused: 0 });
    expect(digestsTo(fixture.standIn, late.id)).toHaveLength(1);
    expect(String(digestsTo(fixture.standIn, late.id)[0]?.params.text)).toContain("every day at 09:00 UTC");

    // the next day: again for each, except the chat that blocked the bot, and not for one who unsubscribed
    await deliver(fixture.srv, textUpdate(late, "/unsubscribe"));
    clock.set(new Date("2026-03-03T09:05:00.000Z"));
    expect(await appOf(fixture.srv).scheduler.runOnce()).toMatchObject({ sent: 2, refused: 0 });
    expect(digestsTo(fixture.standIn, early.id)).toHaveLength(2);
    expect(digestsTo(fixture.standIn, fromApp.telegramId)).toHaveLength(2);
    expect(digestsTo(fixture.standIn, late.id)).toHaveLength(1);
    // the one refused attempt only: the blocked chat is skipped afterwards, never retried
    expect(digestsTo(fixture.standIn, blocker.id)).toHaveLength(1);

    // writing to the bot again makes the chat active: the digest resumes the next day
    await deliver(fixture.srv, textUpdate(blocker, "/subscribe"));
    expect(await chatRow(fixture.srv, blocker.id)).toMatchObject({ active: 1 });
    clock.set(new Date("2026-03-04T08:00:00.000Z"));
    expect(await appOf(fixture.srv).scheduler.runOnce()).toMatchObject({ sent: 3 });
    expect(digestsTo(fixture.standIn, blocker.id)).toHaveLength(2);
  });
});

describe("the digest on two API nodes", () => {
  it("is sent by one node: every chat gets one digest", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const clock = manualClock(new Date("2026-05-10T05:30:00.000Z"));
    const standIn = await startBotApiStandIn();
    const db = await createTestDatabase();
    const a = await startBotServer(standIn, db.env, { clock, env: NO_TIMER });
    const b = await startBotServer(standIn, db.env, { clock, env: NO_TIMER });
    try {
      expect(await botOf(a).started).toBe(true);
      expect(await botOf(b).started).toBe(true);
      const users = Array.from({ length: 8 }, () => ({ id: telegramUserId() }));
      for (const user of users) await deliver(a, textUpdate(user, "/subscribe 6"));

      clock.set(new Date("2026-05-10T06:00:00.000Z"));
      const runs = await Promise.all([appOf(a).scheduler.runOnce(), appOf(b).scheduler.runOnce()]);
      expect(runs.filter((run) => run.leader)).toHaveLength(1);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(users.length);
      for (const user of users) expect(digestsTo(standIn, user.id)).toHaveLength(1);

      // the leader stops (gives the lease back): the other node sends the next day's
      const leader = runs[0]?.leader ? a : b;
      const other = leader === a ? b : a;
      await appOf(leader).stop();
      clock.set(new Date("2026-05-11T06:00:00.000Z"));
      expect(await appOf(other).scheduler.runOnce()).toMatchObject({ leader: true, sent: users.length });
      for (const user of users) expect(digestsTo(standIn, user.id)).toHaveLength(2);
    } finally {
      await a.stop();
      await b.stop();
      await standIn.close();
      await db.drop();
    }
  });
});
