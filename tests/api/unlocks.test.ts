import { eq } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { Points, Quotas } from "../../src/contract/constants.ts";
import { ErrorCode } from "../../src/contract/errors.ts";
import { unlocks, users } from "../../src/server/db/schema.ts";
import { createQuotaService, userSubject } from "../../src/server/features/accounts/quota.service.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { parseSseEvents } from "../../src/server/features/chat/chat-sse.ts";
import { createPointsLedger } from "../../src/server/features/points/ledger.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, ONE_NODE_PER_PGLITE, startTestServer, type TestServer } from "./harness.ts";

// Unlocks and redemption with points (spec §4, §7, §8), over HTTP on the server's fake clock: the strategy diagram in
// its three states, the 24-hour unlocks, chats redeemed once the free ones are used up, and redemptions racing.

const HOUR = 3_600_000;
const START = new Date("2030-03-10T08:00:00Z");
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGElEQVR4AWJicPn//38Hw3+m/y6MDCAAAAAA///1zwL2AAAABklEQVQDAEiOBhE/g6pCAAAAAElFTkSuQmCC";
const INVEST_ASSISTANT = "19";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

type Clock = ReturnType<typeof manualClock>;

async function oneNode(clock: Clock = manualClock(START)) {
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  const srv = await startTestServer(db.env, { clock });
  cleanups.push(srv.stop);
  return { srv, clock };
}

let userCounter = 0;
/**
 * A signed-in user on the server's database and clock. New users hold the 7-day trial (unlimited); `standard` takes
 * the card away, as when the trial has ended.
 */
async function signedIn(srv: TestServer, clock: Clock, options: { standard?: boolean; basic?: boolean } = {}) {
  userCounter += 1;
  const db = srv.server.database.db;
  const user = await createUsersRepository(db, clock).create({
    email: `unlocks${userCounter}@example.com`,
    username: `unlocks${userCounter}`,
  });
  if (!user) throw new Error("user not created");
  if (options.standard) {
    await db
      .update(users)
      .set({ card: "0", cardExpiresAt: null, ...(options.basic ? { edition: "BasicEdition" } : {}) })
      .where(eq(users.id, user.id));
  }
  const login = await createSessionsService(db, clock).signIn(user, "email");
  const headers = { authorization: `Bearer ${login.user_token}` };
  const ledger = createPointsLedger(db, clock);
  let credits = 0;
  return {
    userId: user.id,
    headers,
    get: (path: string) => call(srv.url, path, { headers }),
    post: (path: string, body: unknown = {}) => call(srv.url, path, { headers, body }),
    /** points bought (a ledger credit of its own key) */
    credit: async (amount: number) => {
      credits += 1;
      await ledger.apply({ userId: user.id, amount, reason: "purchase", idempotencyKey: `buy:${user.id}:${credits}` });
    },
    balance: () => ledger.balance(user.id),
  };
}
type Account = Awaited<ReturnType<typeof signedIn>>;

/** An uploaded chart screenshot's id (the strategy diagram's msgid) and its attachment. */
async function uploadChart(srv: TestServer, account: Account) {
  const res = await call(srv.url, "/imageListUpload", {
    headers: account.headers,
    body: { image_list: [{ type: "image/png", base64content: PNG, name: "chart.png" }] },
  });
  expect(res.json?.code).toBe(200);
  const files = z.object({ files_url: z.array(z.string()) }).parse(res.json?.data);
  const url = files.files_url[0] ?? "";
  return { msgid: url.split("/").pop() ?? "", attachment: { type: "image", url } };
}

let groups = 0;
/** A new chat's msggroup (spec §2: a millisecond timestamp, then the user id). */
function newMsggroup(userId: number): string {
  groups += 1;
  return `${START.getTime() + groups}${userId}`;
}

/** POST chat/send: the events of a stream that opened, or the envelope of a send refused before it. */
async function send(srv: TestServer, account: Account, body: Record<string, unknown>) {
  const response = await fetch(`${srv.url}/v2/api/chat/send`, {
    method: "POST",
    headers: { ...account.headers, "x-device-no": "unlockstestdevice01", "content-type": "application/json" },
    body: JSON.stringify({ msggroup: newMsggroup(account.userId), question: "What does this chart show?", ...body }),
  });
  const text = await response.text();
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    return { status: response.status, events: [], json: JSON.parse(text) as { code: number; data: { key: string } } };
  }
  const events = parseSseEvents(text).map((event) => ({ event: event.event, data: JSON.parse(event.data) }));
  return { status: response.status, events, json: undefined };
}

/** An unlock call answered true (spec §7: boolean data). */
const granted = (answer: { json?: { code: number; data: unknown } }) =>
  answer.json?.code === 200 && answer.json.data === true;

const exchange = (account: Account, body: Record<string, unknown>) => account.post("/points/pointsExchange", body);
const confirm = (account: Account, body: Record<string, unknown>) => account.post("/points/confirmExchange", body);

describe("unlock calls", () => {
  it("ask a visitor to sign in, and a visitor's strategy diagram too", async () => {
    const { srv } = await oneNode();
    const body = { scenario: "PRICE_FORECAST" };
    for (const path of ["/points/pointsExchange", "/points/confirmExchange"]) {
      expect((await call(srv.url, path, { body })).json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
    }
    for (const path of ["/points/unlock/check?scenario=REPORT", "/points/insight/analysis/check"]) {
      expect((await call(srv.url, path)).json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
    }
    const diagram = await call(srv.url, "/chat/send", {
      body: {
        msggroup: `${Date.now()}visitor`,
        question: "chart",
        agentId: INVEST_ASSISTANT,
        attachments: [{ type: "image", url: "/v2/api/chat/upload/abcdefghijklmnop" }],
      },
    });
    expect(diagram.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
  });

  it("name the field of a bad request; sell only what the product has (9001)", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock, { standard: true });
    expect((await exchange(account, { scenario: "GOLD" })).json).toMatchObject({
      code: ErrorCode.RequestFailed,
      data: { field: "scenario", key: "invalidValue" },
    });
    expect((await exchange(account, { scenario: "STRATEGY_DIAGRAM", msggroup: "1" })).json).toMatchObject({
      code: ErrorCode.RequestFailed,
      data: { field: "msggroup", key: "invalidValue" },
    });
    expect((await confirm(account, { scenario: "STRATEGY_DIAGRAM", msggroup: "1893456000000" })).json).toMatchObject({
      data: { field: "msgid", key: "required" },
    });
    await account.credit(5000);
    for (const scenario of ["INSIGHT", "ADDRESS_ANALYSIS", "DAILY_REPORT", "IN_DEPTH_ANALYSIS", "AI_MARKET_ANALYSIS"]) {
      const refused = await exchange(account, { scenario });
      expect(refused.json).toMatchObject({
        code: ErrorCode.PaymentScenarioMissing,
        data: { field: "scenario", key: "payScenarioMissing" },
      });
    }
    expect(await account.balance()).toBe(5000);
    expect((await account.get("/points/insight/analysis/check")).json).toEqual({
      code: 200,
      msg: "success",
      data: { scenario: "INSIGHT", unlocked: false, unlimited: false, expiresAt: null },
    });
  });
});

describe("strategy-diagram unlock", () => {
  it("state 1: a trial card sends a strategy diagram without an unlock; the calls take nothing", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock);
    await account.credit(5000);
    const chart = await uploadChart(srv, account);
    const sent = await send(srv, account, { agentId: INVEST_ASSISTANT, attachments: [chart.attachment] });
    expect(sent.events[0]).toMatchObject({ event: "start" });
    const target = { scenario: "STRATEGY_DIAGRAM", msggroup: newMsggroup(account.userId), msgid: chart.msgid };
    expect((await exchange(account, target)).json).toEqual({ code: 200, msg: "success", data: true });
    expect(await account.balance()).toBe(5000);
    const check = await account.get(
      `/points/unlock/check?scenario=STRATEGY_DIAGRAM&msggroup=${target.msggroup}&msgid=${chart.msgid}`,
    );
    expect(check.json?.data).toEqual({
      scenario: "STRATEGY_DIAGRAM",
      unlocked: true,
      unlimited: true,
      expiresAt: null,
    });
    const rows = await srv.server.database.db.select().from(unlocks).where(eq(unlocks.userId, account.userId));
    expect(rows).toHaveLength(0);
  });

  it("state 2: the day's allowance unlocks one message (confirmExchange), once; then none is left", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock, { standard: true });
    expect((await account.get("/user/info")).json?.data).toMatchObject({
      allowance_num: Quotas.standardDailyUnlocks,
      dataAnalysisTimes: { remain: 1, total: 1, isUnlimited: false },
    });
    const chart = await uploadChart(srv, account);
    const msggroup = newMsggroup(account.userId);
    const diagram = { msggroup, agentId: INVEST_ASSISTANT, attachments: [chart.attachment] };
    const refused = await send(srv, account, diagram);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: ErrorCode.RequestFailed, data: { key: "unlockRequired" } });
    // the same image in another agent's chat, or without one, is not a strategy diagram
    expect((await send(srv, account, { attachments: [chart.attachment] })).events[0]).toMatchObject({
      event: "start",
    });

    const target = { scenario: "STRATEGY_DIAGRAM", msggroup, msgid: chart.msgid };
    expect((await confirm(account, target)).json).toEqual({ code: 200, msg: "success", data: true });
    expect((await account.get("/user/info")).json?.data).toMatchObject({
      allowance_num: 0,
      dataAnalysisTimes: { remain: 0, total: 1 },
    });
    const check = await account.get(
      `/points/unlock/check?scenario=STRATEGY_DIAGRAM&msggroup=${msggroup}&msgid=${chart.msgid}`,
    );
    expect(check.json?.data).toEqual({
      scenario: "STRATEGY_DIAGRAM",
      unlocked: true,
      unlimited: false,
      expiresAt: null,
    });
    expect((await send(srv, account, diagram)).events[0]).toMatchObject({ event: "start" });
    // an unlocked message stays unlocked (for good), the next day too
    clock.advance(30 * HOUR);
    expect((await send(srv, account, diagram)).events[0]).toMatchObject({ event: "start" });

    // 8002: the same message again, by either call; nothing is taken
    await account.credit(5000);
    for (const again of [confirm(account, target), exchange(account, target)]) {
      expect((await again).json).toMatchObject({
        code: ErrorCode.CannotRedeemTwice,
        data: { key: "cannotRedeemTwice" },
      });
    }
    expect(await account.balance()).toBe(5000);
    // the new day's allowance is used on another message; then none is left
    const other = { ...target, msgid: "anotherimage01" };
    expect((await confirm(account, other)).json?.data).toBe(true);
    expect((await confirm(account, { ...target, msgid: "athirdimage01" })).json).toMatchObject({
      code: ErrorCode.RequestFailed,
      data: { key: "noUnlocksLeft" },
    });
  });

  it("state 3: 4000 points unlock one message (pointsExchange): 20004 when short, 8002 the second time", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock, { standard: true });
    const chart = await uploadChart(srv, account);
    const msggroup = newMsggroup(account.userId);
    const target = { scenario: "STRATEGY_DIAGRAM", msggroup, msgid: chart.msgid };
    await account.credit(Points.strategyDiagramUnlock - 1);

    const short = await exchange(account, target);
    expect(short.json).toMatchObject({ code: ErrorCode.InsufficientPoints, data: { key: "insufficientPoints" } });
    expect(await account.balance()).toBe(Points.strategyDiagramUnlock - 1);
    const locked = await account.get(
      `/points/unlock/check?scenario=STRATEGY_DIAGRAM&msggroup=${msggroup}&msgid=${chart.msgid}`,
    );
    expect(locked.json?.data).toMatchObject({ unlocked: false });

    await account.credit(1001);
    expect((await exchange(account, target)).json).toEqual({ code: 200, msg: "success", data: true });
    expect(await account.balance()).toBe(1000);
    const history = await account.get("/getUserActList");
    expect(history.json?.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          amount: -Points.strategyDiagramUnlock,
          reason: "redeem",
          reference: `STRATEGY_DIAGRAM:${msggroup}/${chart.msgid}`,
        }),
      ]),
    );
    const sent = await send(srv, account, { msggroup, agentId: INVEST_ASSISTANT, attachments: [chart.attachment] });
    expect(sent.events[0]).toMatchObject({ event: "start" });

    const twice = await exchange(account, target);
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ code: ErrorCode.CannotRedeemTwice, data: { key: "cannotRedeemTwice" } });
    expect(await account.balance()).toBe(1000);
  });
});

describe("24-hour unlocks", () => {
  it("open the forecast card for 24 hours of the server's clock, then close it again", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock, { standard: true });
    const card = () => account.post("/share/pic/price_prediction", { coinAbbr: "BTC", language: "en" });
    const closed = await card();
    expect(closed.status).toBe(403);
    expect(closed.json).toMatchObject({
      code: ErrorCode.RequestFailed,
      data: { field: "scenario", key: "unlockRequired" },
    });
    // a visitor is asked to sign in; a trial card is not asked
    expect(
      (await call(srv.url, "/share/pic/price_prediction", { body: { coinAbbr: "BTC", language: "en" } })).json,
    ).toMatchObject({ code: ErrorCode.LoginInvalid, data: { key: "loginFirst" } });
    const trial = await signedIn(srv, clock);
    expect((await trial.post("/share/pic/price_prediction", { coinAbbr: "BTC", language: "en" })).json?.code).toBe(200);

    await account.credit(2 * Points.unlock24hPoints);
    expect((await exchange(account, { scenario: "PRICE_FORECAST", msggroup: "", msgid: "" })).json?.data).toBe(true);
    expect(await account.balance()).toBe(Points.unlock24hPoints);
    const until = new Date(START.getTime() + Points.unlockHours * HOUR).toISOString();
    expect((await account.get("/points/unlock/check?scenario=PRICE_FORECAST")).json?.data).toEqual({
      scenario: "PRICE_FORECAST",
      unlocked: true,
      unlimited: false,
      expiresAt: until,
    });
    expect((await card()).json?.code).toBe(200);
    // while it lasts, a second one is 8002 and costs nothing
    expect((await exchange(account, { scenario: "PRICE_FORECAST" })).json?.code).toBe(ErrorCode.CannotRedeemTwice);
    expect(await account.balance()).toBe(Points.unlock24hPoints);

    clock.advance(Points.unlockHours * HOUR - 1);
    expect((await card()).json?.code).toBe(200);
    clock.advance(1);
    expect((await card()).status).toBe(403);
    expect((await account.get("/points/unlock/check?scenario=PRICE_FORECAST")).json?.data).toMatchObject({
      unlocked: false,
      expiresAt: null,
    });
    // the next 24 hours are a new unlock
    expect((await exchange(account, { scenario: "PRICE_FORECAST" })).json?.data).toBe(true);
    expect((await card()).json?.code).toBe(200);
    expect(await account.balance()).toBe(0);
    clock.advance(Points.unlockHours * HOUR);
    expect((await exchange(account, { scenario: "PRICE_FORECAST" })).json?.code).toBe(ErrorCode.InsufficientPoints);
  });

  it("open making research reports with the day's allowance", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock, { standard: true });
    const make = () => account.post("/report/share", { coinAbbr: "BTC", language: "en" });
    expect((await make()).json).toMatchObject({ code: ErrorCode.RequestFailed, data: { key: "unlockRequired" } });
    expect((await confirm(account, { scenario: "REPORT" })).json?.data).toBe(true);
    expect((await make()).json?.code).toBe(200);
    expect((await account.get("/points/unlock/check?scenario=REPORT")).json?.data).toMatchObject({
      unlocked: true,
      expiresAt: new Date(START.getTime() + Points.unlockHours * HOUR).toISOString(),
    });
    expect((await confirm(account, { scenario: "REPORT" })).json?.code).toBe(ErrorCode.CannotRedeemTwice);
    expect((await account.get("/user/info")).json?.data).toMatchObject({ allowance_num: 0 });
  });
});

describe("chats redeemed with points", () => {
  it("out of free chats: 20006 while a chat may be redeemed, one more chat per redemption, 5004 after five", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock, { standard: true, basic: true });
    const quota = createQuotaService(srv.server.database.db, clock);
    await quota.consume(userSubject(account.userId), "chat", 2);
    await quota.consume(userSubject(account.userId), "chat", 2);
    const out = await send(srv, account, {});
    expect(out.events).toEqual([{ event: "error", data: { code: 20006, key: "chatQuotaRedeem", partialCode: null } }]);
    expect((await account.get("/user/info")).json?.data).toMatchObject({
      queryTimes: { today: { remain: 0, total: 2 }, exchange: { remain: 5, total: 5 } },
    });

    const redeem = (msgid: string) =>
      exchange(account, { scenario: "CHAT", msggroup: newMsggroup(account.userId), msgid });
    expect((await redeem("answer0")).json).toMatchObject({ code: ErrorCode.InsufficientPoints });
    expect((await account.get("/user/info")).json?.data).toMatchObject({ queryTimes: { exchange: { remain: 5 } } });

    await account.credit(10 * Points.chatRedeemPoints);
    const msggroup = newMsggroup(account.userId);
    expect((await exchange(account, { scenario: "CHAT", msggroup, msgid: "answer1" })).json?.data).toBe(true);
    expect((await account.get("/user/info")).json?.data).toMatchObject({
      queryTimes: { today: { remain: 1, total: 3 }, exchange: { remain: 4, total: 5 } },
    });
    // a second tap on the same refused answer redeems nothing more
    expect((await exchange(account, { scenario: "CHAT", msggroup, msgid: "answer1" })).json?.code).toBe(
      ErrorCode.CannotRedeemTwice,
    );
    expect((await send(srv, account, {})).events[0]).toMatchObject({ event: "start" });
    expect((await send(srv, account, {})).events[0]).toMatchObject({ event: "error", data: { code: 20006 } });

    for (const msgid of ["answer2", "answer3", "answer4", "answer5"])
      expect((await redeem(msgid)).json?.data).toBe(true);
    const sixth = await redeem("answer6");
    expect(sixth.json).toMatchObject({ code: ErrorCode.NoRemainingChats, data: { key: "noRemainingChats" } });
    expect(await account.balance()).toBe(5 * Points.chatRedeemPoints);
    for (let i = 0; i < 4; i++) expect((await send(srv, account, {})).events[0]).toMatchObject({ event: "start" });
    // nothing left to redeem today: 5004
    expect((await send(srv, account, {})).events).toEqual([
      { event: "error", data: { code: 5004, key: "noFreeChat", partialCode: null } },
    ]);

    // a new UTC day: free chats and redemptions again
    clock.set(new Date("2030-03-11T00:00:01Z"));
    expect((await account.get("/user/info")).json?.data).toMatchObject({
      queryTimes: { today: { remain: 2, total: 2 }, exchange: { remain: 5, total: 5 } },
    });
  });

  it("asks nothing of a trial card: a redemption answers true and takes nothing", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock);
    await account.credit(500);
    expect((await exchange(account, { scenario: "CHAT", msggroup: newMsggroup(1), msgid: "x1" })).json?.data).toBe(
      true,
    );
    expect(await account.balance()).toBe(500);
  });
});

describe("redemptions racing", () => {
  it("50 concurrent redemptions against a balance for 2: exactly 2 unlock and are paid", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock, { standard: true });
    await account.credit(2 * Points.strategyDiagramUnlock);
    const msggroup = newMsggroup(account.userId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        exchange(account, { scenario: "STRATEGY_DIAGRAM", msggroup, msgid: `m${i}` }),
      ),
    );
    expect(answers.filter((answer) => granted(answer))).toHaveLength(2);
    expect(answers.filter((answer) => answer.json?.code === ErrorCode.InsufficientPoints)).toHaveLength(48);
    expect(await account.balance()).toBe(0);
    const rows = await srv.server.database.db.select().from(unlocks).where(eq(unlocks.userId, account.userId));
    expect(rows).toHaveLength(2);
  });

  it("50 concurrent redemptions of one thing: one unlocks, one debit, the rest 8002", async () => {
    const { srv, clock } = await oneNode();
    const account = await signedIn(srv, clock, { standard: true });
    await account.credit(10 * Points.unlock24hPoints);
    const answers = await Promise.all(Array.from({ length: 50 }, () => exchange(account, { scenario: "REPORT" })));
    expect(answers.filter((answer) => granted(answer))).toHaveLength(1);
    expect(answers.filter((answer) => answer.json?.code === ErrorCode.CannotRedeemTwice)).toHaveLength(49);
    expect(await account.balance()).toBe(9 * Points.unlock24hPoints);
  });

  it("across two API nodes: 50 redemptions against a balance for 2 grant exactly 2", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const clock = manualClock(START);
    const a = await startTestServer(db.env, { clock });
    cleanups.push(a.stop);
    const b = await startTestServer(db.env, { clock });
    cleanups.push(b.stop);
    const account = await signedIn(a, clock, { standard: true });
    await account.credit(2 * Points.strategyDiagramUnlock);
    const msggroup = newMsggroup(account.userId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call((i % 2 ? b : a).url, "/points/pointsExchange", {
          headers: account.headers,
          body: { scenario: "STRATEGY_DIAGRAM", msggroup, msgid: `m${i}` },
        }),
      ),
    );
    expect(answers.filter((answer) => granted(answer))).toHaveLength(2);
    expect(await account.balance()).toBe(0);
    const sameThing = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call((i % 2 ? b : a).url, "/points/confirmExchange", {
          headers: account.headers,
          body: { scenario: "REPORT" },
        }),
      ),
    );
    expect(sameThing.filter((answer) => granted(answer))).toHaveLength(1);
    expect((await account.get("/user/info")).json?.data).toMatchObject({ allowance_num: 0 });
  });
});
