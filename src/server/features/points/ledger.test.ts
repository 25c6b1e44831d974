import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { pointsLedger } from "../../db/schema.ts";
import { manualClock } from "../../providers/clock.ts";
import { createPointsLedger, IdempotencyConflictError, type PointsLedger } from "./ledger.ts";

let handle: DatabaseHandle;
let ledger: PointsLedger;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  ledger = createPointsLedger(handle.db, manualClock(new Date("2030-01-01T00:00:00Z")));
});
afterAll(async () => {
  await handle?.close();
});

// every test (and every property run) gets users of its own, so none sees another's entries
let lastUser = 0;
const newUser = () => {
  lastUser += 1;
  return lastUser;
};

const rowsOf = (userId: number) =>
  handle.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.id));

describe("points ledger", () => {
  it("credits, debits and answers the balance as the sum", async () => {
    const user = newUser();
    expect(await ledger.balance(user)).toBe(0);
    const credit = await ledger.apply({ userId: user, amount: 30, reason: "checkIn", idempotencyKey: `c:${user}` });
    expect(credit).toMatchObject({ balance: 30, replayed: false, entry: { amount: 30, reference: "" } });
    const debit = await ledger.apply({
      userId: user,
      amount: -20,
      reason: "redeem",
      reference: "chat",
      idempotencyKey: `d:${user}`,
    });
    expect(debit).toMatchObject({ balance: 10, replayed: false });
    expect(await ledger.balance(user)).toBe(10);
    expect((await ledger.history(user, 1, 10)).list.map((row) => row.amount)).toEqual([-20, 30]);
  });

  it("applies a repeated key once and answers the first entry", async () => {
    const user = newUser();
    const change = { userId: user, amount: 5, reason: "share", reference: "twitter", idempotencyKey: `s:${user}` };
    const first = await ledger.apply(change);
    const again = await ledger.apply(change);
    expect(again).toMatchObject({ replayed: true, balance: 5, entry: { id: first.entry.id } });
    expect(await rowsOf(user)).toHaveLength(1);
  });

  it("refuses a key used for another change", async () => {
    const user = newUser();
    await ledger.apply({ userId: user, amount: 5, reason: "share", idempotencyKey: `k:${user}` });
    await expect(
      ledger.apply({ userId: user, amount: 6, reason: "share", idempotencyKey: `k:${user}` }),
    ).rejects.toThrow(IdempotencyConflictError);
    await expect(
      ledger.apply({ userId: newUser(), amount: 5, reason: "share", idempotencyKey: `k:${user}` }),
    ).rejects.toMatchObject({ key: "idempotencyConflict", status: 409 });
  });

  it("refuses a debit past the balance with 20004 insufficientPoints", async () => {
    const user = newUser();
    await ledger.apply({ userId: user, amount: 10, reason: "checkIn", idempotencyKey: `c:${user}` });
    const refused = ledger.apply({ userId: user, amount: -11, reason: "redeem", idempotencyKey: `r:${user}` });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.InsufficientPoints, key: "insufficientPoints" });
    expect(await ledger.balance(user)).toBe(10);
  });

  it("refuses a zero or fractional amount", async () => {
    await expect(ledger.apply({ userId: 1, amount: 0, reason: "x", idempotencyKey: "zero" })).rejects.toThrow(
      RangeError,
    );
    await expect(ledger.apply({ userId: 1, amount: 1.5, reason: "x", idempotencyKey: "half" })).rejects.toThrow(
      RangeError,
    );
  });

  it("grants exactly 2 of 50 concurrent debits against a balance for 2", async () => {
    const user = newUser();
    await ledger.apply({ userId: user, amount: 2000, reason: "purchase", idempotencyKey: `p:${user}` });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.apply({ userId: user, amount: -1000, reason: "redeem", idempotencyKey: `r:${user}:${i}` }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: ErrorCode.InsufficientPoints });
    }
    expect(await ledger.balance(user)).toBe(0);
  });
});

describe("capped changes", () => {
  const day = { from: new Date("2030-01-01T00:00:00Z"), until: new Date("2030-01-02T00:00:00Z") };

  it("applies up to the cap within the window, answers a replay even when full, and counts nothing outside it", async () => {
    const user = newUser();
    const cap = { reason: "share", ...day, max: 2 };
    const share = (n: number) => ({ userId: user, amount: 100, reason: "share", idempotencyKey: `cap:${user}:${n}` });
    expect(await ledger.applyCapped(share(1), cap)).toMatchObject({ capped: false, replayed: false, count: 1 });
    expect(await ledger.applyCapped(share(2), cap)).toMatchObject({ capped: false, count: 2, balance: 200 });
    expect(await ledger.applyCapped(share(3), cap)).toEqual({ capped: true, count: 2, balance: 200 });
    expect(await ledger.applyCapped(share(2), cap)).toMatchObject({ capped: false, replayed: true, count: 2 });
    // another reason is not counted; the next window starts empty
    await ledger.apply({ userId: user, amount: 5, reason: "checkIn", idempotencyKey: `cap:${user}:c` });
    expect(await ledger.countIn(user, "share", day.from, day.until)).toBe(2);
    const tomorrow = { from: day.until, until: new Date("2030-01-03T00:00:00Z") };
    expect(await ledger.countIn(user, "share", tomorrow.from, tomorrow.until)).toBe(0);
    expect(await rowsOf(user)).toHaveLength(3);
  });

  it("lets exactly the cap through of many sent at once", async () => {
    const user = newUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ledger.applyCapped(
          { userId: user, amount: 100, reason: "share", idempotencyKey: `burst:${user}:${i}` },
          { reason: "share", ...day, max: 10 },
        ),
      ),
    );
    expect(results.filter((result) => !result.capped)).toHaveLength(10);
    expect(await ledger.balance(user)).toBe(1000);
  });
});
