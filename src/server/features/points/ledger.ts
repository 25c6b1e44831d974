import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { pointsLedger } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";

/**
 * The first key of the two-key advisory lock the ledger takes per user (any constant not used elsewhere: the
 * migration lock is 727_001, the candle writer 727_101). Two keys keep these locks apart from every other user of
 * advisory locks.
 */
const LEDGER_LOCK_NAMESPACE = 727_201;
/** advisory lock keys are int4: a larger user id folds into that range; a shared key only serialises more */
const INT4_RANGE = 2 ** 31;

export type LedgerRow = typeof pointsLedger.$inferSelect;

export interface LedgerChange {
  userId: number;
  /** positive: a credit; negative: a debit; a non-zero safe integer */
  amount: number;
  reason: string;
  /** what the change is about; "" when nothing */
  reference?: string;
  /** names this change: the same key is applied once, however often or from however many nodes it is sent */
  idempotencyKey: string;
}

export interface LedgerResult {
  entry: LedgerRow;
  /** the balance once this change is in */
  balance: number;
  /** true when the key had been applied before: `entry` is that earlier entry and nothing was written now */
  replayed: boolean;
}

/**
 * A limit on how many entries of one reason a user may get within a time window (e.g. share rewards: 10 a UTC day).
 * It is checked under the same per-user lock as the balance, so concurrent requests on any number of API nodes
 * cannot together pass it.
 */
export interface LedgerCap {
  reason: string;
  /** the window's start (inclusive) */
  from: Date;
  /** the window's end (exclusive) */
  until: Date;
  /** the most entries of `reason` the window may hold */
  max: number;
}

/** What a capped change did: applied (or replayed), or refused because the window was full. */
export type CappedResult =
  | (LedgerResult & { capped: false /** entries of the reason in the window, this one included */; count: number })
  | { capped: true; balance: number; count: number };

/** A key used before for a different change (another user, amount, reason or reference). */
export class IdempotencyConflictError extends ApiError {
  constructor(key: string) {
    super(
      ErrorCode.RequestFailed,
      "idempotencyConflict",
      409,
      [],
      `idempotency key ${key} was used for another change`,
    );
  }
}

/** 20004 (spec §8): a debit the balance does not cover. The client opens the no-points dialog or the packages. */
export function insufficientPoints(balance: number, amount: number): ApiError {
  return new ApiError(
    ErrorCode.InsufficientPoints,
    "insufficientPoints",
    400,
    [],
    `a debit of ${-amount} points is more than the balance of ${balance}`,
  );
}

const sameChange = (row: LedgerRow, change: LedgerChange) =>
  row.userId === change.userId &&
  row.amount === change.amount &&
  row.reason === change.reason &&
  row.reference === (change.reference ?? "");

const sumOf = async (db: Database, userId: number): Promise<number> => {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${pointsLedger.amount}), 0)` })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return Number(row?.sum ?? 0);
};

const byKey = async (db: Database, key: string): Promise<LedgerRow | undefined> => {
  const [row] = await db.select().from(pointsLedger).where(eq(pointsLedger.idempotencyKey, key)).limit(1);
  return row;
};

const countOf = async (db: Database, userId: number, reason: string, from: Date, until: Date): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, userId),
        eq(pointsLedger.reason, reason),
        gte(pointsLedger.createdAt, from),
        lt(pointsLedger.createdAt, until),
      ),
    );
  return row?.total ?? 0;
};

/**
 * The points ledger: append-only entries whose sum is the balance. A change runs in one transaction that first
 * takes a transaction-scoped advisory lock on the user, so the balance it checks cannot move before its row is in:
 * concurrent debits on any number of API nodes (one PostgreSQL) never take the balance below 0, and PGlite (one
 * connection) runs them one after another anyway. The idempotency key (a unique index) makes a retried or
 * concurrent repeat of one change land once; a repeat answers the earlier entry. Entry times come from the
 * server's clock, like the days the check-in keys are made of.
 */
export function createPointsLedger(db: Database, clock: Clock) {
  /** One change inside its transaction: the user's lock first, then the replay, the cap and the balance checks. */
  const applyLocked = async (tx: Database, change: LedgerChange, cap: LedgerCap | undefined): Promise<CappedResult> => {
    if (!Number.isSafeInteger(change.amount) || change.amount === 0) {
      throw new RangeError(`a ledger change needs a non-zero integer amount, not ${change.amount}`);
    }
    const reference = change.reference ?? "";
    const counted = async (added: number) =>
      cap ? (await countOf(tx, change.userId, cap.reason, cap.from, cap.until)) + added : 0;
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LEDGER_LOCK_NAMESPACE}::int4, ${change.userId % INT4_RANGE}::int4)`,
    );
    const earlier = await byKey(tx, change.idempotencyKey);
    if (earlier) {
      if (!sameChange(earlier, change)) throw new IdempotencyConflictError(change.idempotencyKey);
      const balance = await sumOf(tx, change.userId);
      return { capped: false, entry: earlier, balance, replayed: true, count: await counted(0) };
    }
    if (cap) {
      const before = await counted(0);
      if (before >= cap.max) return { capped: true, balance: await sumOf(tx, change.userId), count: before };
    }
    const balance = await sumOf(tx, change.userId);
    if (balance + change.amount < 0) throw insufficientPoints(balance, change.amount);
    // another user's change under the same key may commit between the read above and here (its lock is not
    // ours): the unique index then keeps this row out, and the key's owner decides replay or conflict
    const [inserted] = await tx
      .insert(pointsLedger)
      .values({
        userId: change.userId,
        amount: change.amount,
        reason: change.reason,
        reference,
        idempotencyKey: change.idempotencyKey,
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: pointsLedger.idempotencyKey })
      .returning();
    if (!inserted) {
      const winner = await byKey(tx, change.idempotencyKey);
      if (!winner || !sameChange(winner, change)) throw new IdempotencyConflictError(change.idempotencyKey);
      return {
        capped: false,
        entry: winner,
        balance: await sumOf(tx, change.userId),
        replayed: true,
        count: await counted(0),
      };
    }
    return {
      capped: false,
      entry: inserted,
      balance: balance + change.amount,
      replayed: false,
      count: await counted(0),
    };
  };

  return {
    apply(change: LedgerChange): Promise<LedgerResult> {
      return db.transaction(async (tx) => {
        const result = await applyLocked(tx, change, undefined);
        if (result.capped) throw new Error("an uncapped change was capped");
        return result;
      });
    },

    /**
     * Applies a change unless the user already has `cap.max` entries of `cap.reason` in the cap's window. A repeat of
     * an applied key answers that entry (a replay), even once the window is full.
     */
    applyCapped(change: LedgerChange, cap: LedgerCap): Promise<CappedResult> {
      return db.transaction((tx) => applyLocked(tx, change, cap));
    },

    /** How many entries of `reason` the user has in [from, until). */
    countIn(userId: number, reason: string, from: Date, until: Date): Promise<number> {
      return countOf(db, userId, reason, from, until);
    },

    /** The balance: the sum of the user's entries (0 without any). */
    balance(userId: number): Promise<number> {
      return sumOf(db, userId);
    },

    /** The entry a key was applied as, if it was. */
    find(idempotencyKey: string): Promise<LedgerRow | undefined> {
      return byKey(db, idempotencyKey);
    },

    /** The user's entries, newest first, a page at a time, with how many there are. */
    async history(userId: number, page: number, pageSize: number): Promise<{ list: LedgerRow[]; total: number }> {
      const [list, totals] = await Promise.all([
        db
          .select()
          .from(pointsLedger)
          .where(eq(pointsLedger.userId, userId))
          .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.userId, userId)),
      ]);
      return { list, total: totals[0]?.total ?? 0 };
    },
  };
}

export type PointsLedger = ReturnType<typeof createPointsLedger>;
