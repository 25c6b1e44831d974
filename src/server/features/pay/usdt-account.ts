import { eq, sql } from "drizzle-orm";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { usdtLedger } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import { IdempotencyConflictError } from "../points/ledger.ts";
import type { UsdtAccount } from "./ports.ts";
import { microToUsdt } from "./usdt-amount.ts";

/**
 * The first key of the per-user advisory lock of the USDT account (the points ledger uses 727_201, the migration
 * lock 727_001, the candle writer 727_101). Purchases hold it while they check the balance and a trial's earlier
 * purchase, write the order, debit and give: one user's purchases run one after another on every node.
 */
const USDT_LOCK_NAMESPACE = 727_202;
/** advisory lock keys are int4: a larger user id folds into that range; a shared key only serialises more */
const INT4_RANGE = 2 ** 31;

/** Why a USDT entry was made. */
export const UsdtReason = { deposit: "deposit", purchase: "purchase", refund: "refund" } as const;

export type UsdtRow = typeof usdtLedger.$inferSelect;

export interface UsdtChange {
  userId: number;
  /** micro-USDT: positive a credit, negative a debit; a non-zero safe integer */
  amountMicro: number;
  reason: string;
  reference: string;
  idempotencyKey: string;
}

/** 9002 (spec §8 needTopUp): the balance does not cover a price; the data says by how much. */
export function needTopUp(balanceMicro: number, priceMicro: number): ApiError {
  const shortfall = microToUsdt(priceMicro - balanceMicro);
  return new ApiError(ErrorCode.NeedTopUp, "needTopUp", 400, [], `the USDT balance lacks ${shortfall} USDT`, {
    shortfall,
    price: microToUsdt(priceMicro),
    balance: microToUsdt(balanceMicro),
  });
}

/** Takes the user's USDT lock for the rest of the transaction `tx` (re-entrant within it). */
export async function lockUsdtAccount(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USDT_LOCK_NAMESPACE}::int4, ${userId % INT4_RANGE}::int4)`);
}

/** The balance in micro-USDT: the sum of the user's entries. */
export async function usdtBalance(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${usdtLedger.amountMicro}), 0)` })
    .from(usdtLedger)
    .where(eq(usdtLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

const byKey = async (db: Database, key: string): Promise<UsdtRow | undefined> => {
  const [row] = await db.select().from(usdtLedger).where(eq(usdtLedger.idempotencyKey, key)).limit(1);
  return row;
};

const sameChange = (row: UsdtRow, change: UsdtChange) =>
  row.userId === change.userId &&
  row.amountMicro === change.amountMicro &&
  row.reason === change.reason &&
  row.reference === change.reference;

/**
 * One change inside a transaction that holds the user's lock (lockUsdtAccount): a key applied before answers its
 * entry again (a different change under it is idempotencyConflict); a debit below 0 is 9002.
 */
export async function applyUsdtLocked(
  tx: Database,
  clock: Clock,
  change: UsdtChange,
): Promise<{ entry: UsdtRow; balanceMicro: number; replayed: boolean }> {
  if (!Number.isSafeInteger(change.amountMicro) || change.amountMicro === 0) {
    throw new RangeError(`a USDT change needs a non-zero integer amount, not ${change.amountMicro}`);
  }
  const earlier = await byKey(tx, change.idempotencyKey);
  if (earlier) {
    if (!sameChange(earlier, change)) throw new IdempotencyConflictError(change.idempotencyKey);
    return { entry: earlier, balanceMicro: await usdtBalance(tx, change.userId), replayed: true };
  }
  const balance = await usdtBalance(tx, change.userId);
  if (balance + change.amountMicro < 0) throw needTopUp(balance, -change.amountMicro);
  // another user's change under the same key may commit meanwhile (its lock is not ours): the unique index keeps
  // this row out, and the key's owner decides replay or conflict
  const [inserted] = await tx
    .insert(usdtLedger)
    .values({ ...change, createdAt: clock.now() })
    .onConflictDoNothing({ target: usdtLedger.idempotencyKey })
    .returning();
  if (!inserted) {
    const winner = await byKey(tx, change.idempotencyKey);
    if (!winner || !sameChange(winner, change)) throw new IdempotencyConflictError(change.idempotencyKey);
    return { entry: winner, balanceMicro: await usdtBalance(tx, change.userId), replayed: true };
  }
  return { entry: inserted, balanceMicro: balance + change.amountMicro, replayed: false };
}

/**
 * The USDT account (spec §7 pay/account): append-only entries in micro-USDT whose sum is the balance, built like the
 * points ledger: each change is one transaction under the user's advisory lock, so concurrent debits on any number
 * of nodes never take it below 0, and a unique idempotency key lands each change once. Deposits credit it under
 * `deposit:<chain>:<hash>`, purchases debit it under `order:<orderNo>`.
 */
export function createUsdtAccount(db: Database, clock: Clock) {
  const service = {
    apply(change: UsdtChange): Promise<{ balanceMicro: number; replayed: boolean }> {
      return db.transaction(async (tx) => {
        await lockUsdtAccount(tx, change.userId);
        const { balanceMicro, replayed } = await applyUsdtLocked(tx, clock, change);
        return { balanceMicro, replayed };
      });
    },

    balance(userId: number): Promise<number> {
      return usdtBalance(db, userId);
    },

    /** The entry a key was applied as, if it was. */
    find(idempotencyKey: string): Promise<UsdtRow | undefined> {
      return byKey(db, idempotencyKey);
    },

    /**
     * The balance with what was deposited and what purchases took (less what refunds gave back), in micro-USDT.
     */
    async totals(userId: number): Promise<{ balanceMicro: number; depositedMicro: number; spentMicro: number }> {
      const sumOf = (reason?: string) =>
        sql<string>`coalesce(sum(${usdtLedger.amountMicro}) filter (where ${reason === undefined ? sql`true` : eq(usdtLedger.reason, reason)}), 0)`;
      const [row] = await db
        .select({
          balance: sumOf(),
          deposited: sumOf(UsdtReason.deposit),
          purchased: sumOf(UsdtReason.purchase),
          refunded: sumOf(UsdtReason.refund),
        })
        .from(usdtLedger)
        .where(eq(usdtLedger.userId, userId));
      const spent = -Number(row?.purchased ?? 0) - Number(row?.refunded ?? 0);
      return {
        balanceMicro: Number(row?.balance ?? 0),
        depositedMicro: Number(row?.deposited ?? 0),
        spentMicro: Math.max(0, spent),
      };
    },
  };
  // the port the deposit part credits through, with what pay/account reads besides
  return service satisfies UsdtAccount;
}

export type UsdtAccountService = ReturnType<typeof createUsdtAccount>;
