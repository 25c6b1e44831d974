import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, describe, expect, inject, it } from "vitest";
import { checkInPoints, Points, PointsProducts } from "../../src/contract/constants.ts";
import { ErrorCode } from "../../src/contract/errors.ts";
import { ApiError } from "../../src/server/api-error.ts";
import { pointsLedger } from "../../src/server/db/schema.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { createPointsLedger } from "../../src/server/features/points/ledger.ts";
import { type Clock, manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, ONE_NODE_PER_PGLITE, startTestServer, type TestServer } from "./harness.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function oneNode(clock = manualClock(new Date("2030-03-10T08:00:00Z"))) {
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  const srv = await startTestServer(db.env, { clock });
  cleanups.push(srv.stop);
  return { srv, clock };
}

let userCounter = 0;
/**
 * A new email user signed in on the server's database (on the server's clock, so the session is live there): its id
 * and the headers its calls carry.
 */
async function signedIn(srv: TestServer, clock: Clock) {
  userCounter += 1;
  const db = srv.server.database.db;
  const user = await createUsersRepository(db, clock).create({
    email: `points${userCounter}@example.com`,
    username: `points${userCounter}`,
  });
  if (!user) throw new Error("user not created");
  const login = await createSessionsService(db, clock).signIn(user, "email");
  return { userId: user.id, headers: { authorization: `Bearer ${login.user_token}` } };
}

describe("points center", () => {
  it("asks a visitor to sign in first", async () => {
    const { srv } = await oneNode();
    for (const path of ["/points/getUserPointsInfo", "/getUserSignInfo", "/getUserActList"]) {
      expect((await call(srv.url, path)).json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
    }
    expect((await call(srv.url, "/points/sign", { method: "POST" })).json).toMatchObject({
      code: 4001,
      data: { key: "loginFirst" },
    });
  });

  it("checks in once a UTC day, grows the streak day by day and starts it again after a missed day", async () => {
    const { srv, clock } = await oneNode();
    const { headers } = await signedIn(srv, clock);
    expect((await call(srv.url, "/getUserSignInfo", { headers })).json?.data).toEqual({
      checkedInToday: false,
      streak: 0,
      todayPoints: 0,
      nextPoints: Points.checkInBase,
      nextDay: "2030-03-10",
      points: 0,
    });
    const first = await call(srv.url, "/points/sign", { method: "POST", headers });
    expect(first.json).toMatchObject({ code: 200, data: { awarded: checkInPoints(1), streak: 1, points: 10 } });
    const again = await call(srv.url, "/points/sign", { method: "POST", headers });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: ErrorCode.RequestFailed, data: { key: "alreadyCheckedIn" } });
    expect((await call(srv.url, "/getUserSignInfo", { headers })).json?.data).toMatchObject({
      checkedInToday: true,
      streak: 1,
      todayPoints: 10,
      nextPoints: checkInPoints(2),
      nextDay: "2030-03-11",
      points: 10,
    });

    // the next UTC day (just after midnight) extends the streak
    clock.set(new Date("2030-03-11T00:00:01Z"));
    expect((await call(srv.url, "/points/sign", { method: "POST", headers })).json?.data).toEqual({
      awarded: checkInPoints(2),
      streak: 2,
      points: 10 + 15,
    });
    clock.set(new Date("2030-03-12T23:59:59Z"));
    expect((await call(srv.url, "/points/sign", { method: "POST", headers })).json?.data).toMatchObject({ streak: 3 });

    // a missed day (the 13th) breaks it
    clock.set(new Date("2030-03-14T12:00:00Z"));
    expect((await call(srv.url, "/getUserSignInfo", { headers })).json?.data).toMatchObject({
      checkedInToday: false,
      streak: 0,
      nextPoints: Points.checkInBase,
    });
    expect((await call(srv.url, "/points/sign", { method: "POST", headers })).json?.data).toMatchObject({
      awarded: Points.checkInBase,
      streak: 1,
      points: 10 + 15 + 20 + 10,
    });

    const history = await call(srv.url, "/getUserActList?page=1&pageSize=2", { headers });
    expect(history.json).toMatchObject({ code: 200, data: { total: 4 } });
    expect(history.json?.data.list).toEqual([
      expect.objectContaining({
        amount: 10,
        reason: "checkIn",
        reference: "2030-03-14",
        createTime: "2030-03-14T12:00:00.000Z",
      }),
      expect.objectContaining({ amount: 20, reason: "checkIn", reference: "2030-03-12" }),
    ]);
    const page2 = await call(srv.url, "/getUserActList?page=2&pageSize=2", { headers });
    expect(((page2.json?.data.list ?? []) as { reference: string }[]).map((entry) => entry.reference)).toEqual([
      "2030-03-11",
      "2030-03-10",
    ]);
    expect((await call(srv.url, "/getUserActList?pageSize=0", { headers })).json?.code).toBe(ErrorCode.RequestFailed);
  });

  it("caps the streak bonus", async () => {
    const { srv, clock } = await oneNode();
    const { headers } = await signedIn(srv, clock);
    const awards: number[] = [];
    for (let day = 0; day < Points.checkInStreakBonusMaxDays + 2; day += 1) {
      clock.set(new Date(Date.UTC(2030, 2, 10 + day, 9)));
      awards.push(Number((await call(srv.url, "/points/sign", { method: "POST", headers })).json?.data.awarded));
    }
    expect(awards).toEqual([10, 15, 20, 25, 30, 35, 40, 40, 40]);
  });

  it("lets one of many simultaneous check-ins through", async () => {
    const { srv, clock } = await oneNode();
    const { headers } = await signedIn(srv, clock);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(srv.url, "/points/sign", { method: "POST", headers })),
    );
    expect(answers.filter((answer) => answer.json?.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.json?.code !== 200)) {
      expect(answer.json?.data).toMatchObject({ key: "alreadyCheckedIn" });
    }
    expect((await call(srv.url, "/getUserActList", { headers })).json?.data).toMatchObject({ total: 1 });
  });

  it("shows the balance with the profile in the points info", async () => {
    const { srv, clock } = await oneNode();
    const { userId, headers } = await signedIn(srv, clock);
    await createPointsLedger(srv.server.database.db, manualClock()).apply({
      userId,
      amount: 1234,
      reason: "purchase",
      reference: "order-1",
      idempotencyKey: `purchase:order-1:${userId}`,
    });
    const info = await call(srv.url, "/points/getUserPointsInfo", { headers });
    expect(info.json).toMatchObject({
      code: 200,
      data: {
        userName: `points${userCounter}`,
        userId: String(userId),
        imageUrl: null,
        points: 1234,
        // the points products on sale; no package bought
        chargePointsLists: PointsProducts.map((item) => expect.objectContaining({ chargeId: item.chargeId })),
        buyProductLists: [],
      },
    });
    expect(String(info.json?.data.invitationCode)).not.toBe("");
  });

  it("grants exactly 2 of 50 concurrent debits against a balance for 2", async () => {
    const { srv, clock } = await oneNode();
    const { userId, headers } = await signedIn(srv, clock);
    const ledger = createPointsLedger(srv.server.database.db, manualClock());
    await ledger.apply({
      userId,
      amount: 2 * Points.strategyDiagramUnlock,
      reason: "purchase",
      idempotencyKey: `p:${userId}`,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.apply({
          userId,
          amount: -Points.strategyDiagramUnlock,
          reason: "redeem",
          reference: "strategyDiagram",
          idempotencyKey: `redeem:${userId}:${i}`,
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    for (const result of results) {
      if (result.status === "rejected") {
        expect(result.reason).toMatchObject({ code: ErrorCode.InsufficientPoints, key: "insufficientPoints" });
      }
    }
    expect((await call(srv.url, "/points/getUserPointsInfo", { headers })).json?.data).toMatchObject({ points: 0 });
  });
});

describe("points ledger across API nodes", () => {
  it("grants exactly 2 of 50 debits sent to two nodes at once, and a check-in on both nodes lands once", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const clock = manualClock(new Date("2030-03-10T08:00:00Z"));
    const a = await startTestServer(db.env, { clock });
    cleanups.push(a.stop);
    const b = await startTestServer(db.env, { clock });
    cleanups.push(b.stop);
    const { userId, headers } = await signedIn(a, clock);
    // each node's ledger on its own connection pool
    const ledgers = [createPointsLedger(a.server.database.db, clock), createPointsLedger(b.server.database.db, clock)];
    await ledgers[0]?.apply({ userId, amount: 2000, reason: "purchase", idempotencyKey: `p:${userId}` });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        (ledgers[i % 2] ?? ledgers[0])?.apply({
          userId,
          amount: -1000,
          reason: "redeem",
          idempotencyKey: `redeem:${userId}:${i}`,
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    expect(await ledgers[1]?.balance(userId)).toBe(0);

    const signs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call((i % 2 ? b : a).url, "/points/sign", { method: "POST", headers })),
    );
    expect(signs.filter((answer) => answer.json?.code === 200)).toHaveLength(1);
    expect((await call(b.url, "/getUserSignInfo", { headers })).json?.data).toMatchObject({
      checkedInToday: true,
      points: Points.checkInBase,
    });
  });
});

/** One random change: a user of the run (0-2), an amount, and a key from a small pool so keys repeat. */
const changeArb = fc.record({
  user: fc.integer({ min: 0, max: 2 }),
  amount: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: -60, max: -1 })),
  key: fc.integer({ min: 0, max: 15 }),
});

describe("points ledger properties", () => {
  it("in random concurrent batches: the balance is the sum of accepted entries, never negative, a key lands once", async () => {
    const { srv } = await oneNode();
    const ledger = createPointsLedger(srv.server.database.db, manualClock());
    const rowsOf = (userId: number) =>
      srv.server.database.db
        .select()
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, userId))
        .orderBy(asc(pointsLedger.id));
    let lastUser = 0;
    const newUser = () => {
      lastUser += 1;
      return lastUser;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(changeArb, { minLength: 1, maxLength: 12 }), { maxLength: 5 }),
        async (batches) => {
          const users = [newUser(), newUser(), newUser()];
          const run = users.join("-");
          const userOf = (index: number) => users[index] ?? 0;
          // a key names one change: the first payload sent under it (later sends reuse it or another payload)
          const accepted = new Map<string, { userId: number; amount: number }>();
          for (const batch of batches) {
            const changes = batch.map(({ user, amount, key }) => ({
              userId: userOf(user),
              amount,
              reason: amount > 0 ? "share" : "redeem",
              idempotencyKey: `prop:${run}:${key}`,
            }));
            const results = await Promise.allSettled(changes.map((change) => ledger.apply(change)));
            results.forEach((result, i) => {
              const change = changes[i];
              if (!change) return;
              if (result.status === "fulfilled") {
                const { entry } = result.value;
                // a fulfilled call answers the entry of its key, with its own payload
                expect(entry).toMatchObject({ userId: change.userId, amount: change.amount });
                accepted.set(change.idempotencyKey, { userId: entry.userId, amount: entry.amount });
              } else {
                const error: unknown = result.reason;
                expect(error).toBeInstanceOf(ApiError);
                expect((error as ApiError).key).toMatch(/^(insufficientPoints|idempotencyConflict)$/);
              }
            });
            for (const userId of users) {
              const rows = await rowsOf(userId);
              // every row is one accepted key, and every accepted key one row
              const keys = rows.map((row) => row.idempotencyKey);
              expect(new Set(keys).size).toBe(keys.length);
              const acceptedOfUser = [...accepted.entries()].filter(([, entry]) => entry.userId === userId);
              expect(keys.sort()).toEqual(acceptedOfUser.map(([key]) => key).sort());
              const sum = acceptedOfUser.reduce((total, [, entry]) => total + entry.amount, 0);
              expect(await ledger.balance(userId)).toBe(sum);
              // in the order the lock let them in, the running balance never went below 0
              let running = 0;
              for (const row of rows) {
                running += row.amount;
                expect(running).toBeGreaterThanOrEqual(0);
              }
            }
          }
        },
      ),
      // PostgreSQL runs each batch truly in parallel (a pool of connections); PGlite one after another
      { numRuns: 25 },
    );
  });
});
