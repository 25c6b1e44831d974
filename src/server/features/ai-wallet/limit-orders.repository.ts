import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  TransactionRollbackError,
} from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { aiLimitOrders, swapOrders } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { QuoteTokenRow } from "../swap/swap-orders.repository.ts";
import { type Execution, executionSchema, type SignedTx, type TxKind } from "./ai-swap-sender.ts";

/**
 * The ai_limit_orders table. An order is open until the market crosses its limit; the watcher then claims it in one
 * conditional UPDATE (open → executing, with the run's claim in txs), so one run executes it. What the run signs is
 * stored on the order (txs) before it is broadcast, together with the linked swap order's hashes in one
 * transaction. An executing order leaves that status only by a conditional UPDATE: to completed or fail from the
 * chain, or back to open while nothing of its swap was signed.
 */

export type LimitOrderRow = typeof aiLimitOrders.$inferSelect;

export interface NewLimitOrder {
  orderId: string;
  userId: number;
  requestId: string | null;
  chainId: number;
  baseSymbol: string;
  side: "buy" | "sell";
  fromToken: QuoteTokenRow;
  toToken: QuoteTokenRow;
  fromAmount: string;
  limitPrice: number;
  slippage: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The first key of the per-account lock of placements (the nonce lanes use 727_401, alarms 727_301). */
const LIMIT_LOCK_NAMESPACE = 727_402;
const INT4_RANGE = 2 ** 31;

/** The statuses an order counts as open in (toward LIMIT_ORDERS_OPEN_MAX). */
const LIVE = ["open", "executing"];

/** The run's execution of an executing order (undefined for an order that is not executing). */
export function limitExecutionOf(row: Pick<LimitOrderRow, "txs">): Execution | undefined {
  return row.txs === null || row.txs === undefined ? undefined : executionSchema.parse(row.txs);
}

const heldBy = (claim: string) =>
  and(eq(aiLimitOrders.status, "executing"), sql`${aiLimitOrders.txs} ->> 'claim' = ${claim}`);

export function createLimitOrdersRepository(db: Database) {
  return {
    /**
     * The new order, unless the account holds `openMax` open orders already ("full"); undefined when the account has
     * an order of this request id already (a retry). The count and the insert run under a per-account advisory lock,
     * so placements at once cannot both take the last place.
     */
    async insert(order: NewLimitOrder, openMax: number): Promise<LimitOrderRow | "full" | undefined> {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${LIMIT_LOCK_NAMESPACE}::int4, ${order.userId % INT4_RANGE}::int4)`,
          );
          const [open] = await tx
            .select({ n: count() })
            .from(aiLimitOrders)
            .where(and(eq(aiLimitOrders.userId, order.userId), inArray(aiLimitOrders.status, LIVE)));
          if ((open?.n ?? 0) >= openMax) return "full" as const;
          const [row] = await tx
            .insert(aiLimitOrders)
            .values({ ...order, status: "open", updatedAt: order.createdAt })
            .returning();
          return row;
        });
      } catch (error) {
        if (order.requestId !== null && isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async byRequest(userId: number, requestId: string): Promise<LimitOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(aiLimitOrders)
        .where(and(eq(aiLimitOrders.userId, userId), eq(aiLimitOrders.requestId, requestId)))
        .limit(1);
      return row;
    },

    async byOrderId(orderId: string): Promise<LimitOrderRow | undefined> {
      const [row] = await db.select().from(aiLimitOrders).where(eq(aiLimitOrders.orderId, orderId)).limit(1);
      return row;
    },

    async byId(id: number): Promise<LimitOrderRow | undefined> {
      const [row] = await db.select().from(aiLimitOrders).where(eq(aiLimitOrders.id, id)).limit(1);
      return row;
    },

    /** the account's orders: open and executing first, then the latest */
    async list(userId: number, limit: number): Promise<LimitOrderRow[]> {
      return db
        .select()
        .from(aiLimitOrders)
        .where(eq(aiLimitOrders.userId, userId))
        .orderBy(
          sql`case when ${aiLimitOrders.status} in ('open', 'executing') then 0 else 1 end`,
          desc(aiLimitOrders.createdAt),
          desc(aiLimitOrders.id),
        )
        .limit(limit);
    },

    async countOpen(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(aiLimitOrders)
        .where(and(eq(aiLimitOrders.userId, userId), inArray(aiLimitOrders.status, LIVE)));
      return row?.n ?? 0;
    },

    /** cancels an open order; undefined when it is no longer open */
    async cancel(id: number, now: Date): Promise<LimitOrderRow | undefined> {
      const [row] = await db
        .update(aiLimitOrders)
        .set({ status: "cancelled", statusReason: null, updatedAt: now })
        .where(and(eq(aiLimitOrders.id, id), eq(aiLimitOrders.status, "open")))
        .returning();
      return row;
    },

    /** open orders past their expiry become expired */
    async expire(now: Date): Promise<LimitOrderRow[]> {
      return db
        .update(aiLimitOrders)
        .set({ status: "expired", statusReason: null, updatedAt: now })
        .where(and(eq(aiLimitOrders.status, "open"), lte(aiLimitOrders.expiresAt, now)))
        .returning();
    },

    /** the market symbols open orders watch */
    async watchedSymbols(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ symbol: aiLimitOrders.baseSymbol })
        .from(aiLimitOrders)
        .where(eq(aiLimitOrders.status, "open"));
      return rows.map((row) => row.symbol);
    },

    /**
     * Claims every open, unexpired order on `symbol` the price crossed (a sell at or above its limit, a buy at or
     * below): executing, with the price that set it off and the run's claim. An order sent back to open with a reason
     * (the quote did not honour its limit, a source was down) is claimed again only once `retryBefore` passed its last
     * change.
     */
    async claimCrossed(args: {
      symbol: string;
      price: number;
      claim: string;
      now: Date;
      retryBefore: Date;
      limit: number;
    }): Promise<LimitOrderRow[]> {
      const { symbol, price, claim, now, retryBefore } = args;
      const crossed = and(
        eq(aiLimitOrders.baseSymbol, symbol),
        eq(aiLimitOrders.status, "open"),
        gt(aiLimitOrders.expiresAt, now),
        or(
          and(eq(aiLimitOrders.side, "sell"), lte(aiLimitOrders.limitPrice, price)),
          and(eq(aiLimitOrders.side, "buy"), gte(aiLimitOrders.limitPrice, price)),
        ),
        or(isNull(aiLimitOrders.statusReason), lte(aiLimitOrders.updatedAt, retryBefore)),
      );
      const ids = db.select({ id: aiLimitOrders.id }).from(aiLimitOrders).where(crossed).limit(args.limit);
      return db
        .update(aiLimitOrders)
        .set({ status: "executing", triggerPrice: price, txs: { claim }, statusReason: null, updatedAt: now })
        .where(and(inArray(aiLimitOrders.id, ids), crossed))
        .returning();
    },

    /** the executing orders untouched since `before`, oldest first (for the sweep to finish or send back) */
    async executing(before: Date, limit: number): Promise<LimitOrderRow[]> {
      return db
        .select()
        .from(aiLimitOrders)
        .where(and(eq(aiLimitOrders.status, "executing"), lt(aiLimitOrders.updatedAt, before)))
        .orderBy(aiLimitOrders.updatedAt)
        .limit(limit);
    },

    /** links the swap order the run opened (marked type limit); false when the run no longer holds the order */
    async link(id: number, claim: string, swapOrder: { id: number; orderId: string }, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const linked = await tx
          .update(aiLimitOrders)
          .set({ swapOrderId: swapOrder.orderId, updatedAt: now })
          .where(and(eq(aiLimitOrders.id, id), heldBy(claim), isNull(aiLimitOrders.swapOrderId)))
          .returning({ id: aiLimitOrders.id });
        if (linked.length === 0) return false;
        await tx.update(swapOrders).set({ type: "limit" }).where(eq(swapOrders.id, swapOrder.id));
        return true;
      });
    },

    /**
     * Stores a signed transaction on the order (and its hash on the linked swap order: the swap's makes that order
     * pending, so the tracker follows it) in one transaction, before it is broadcast. False when the run no longer
     * holds the order or one of this kind is stored (nothing may be broadcast then).
     */
    async save(id: number, claim: string, kind: TxKind, signed: SignedTx, now: Date): Promise<boolean> {
      return db
        .transaction(async (tx) => {
          const [row] = await tx
            .update(aiLimitOrders)
            .set({
              txs: sql`jsonb_set(${aiLimitOrders.txs}, ${`{${kind}}`}::text[], ${JSON.stringify(signed)}::jsonb)`,
              updatedAt: now,
            })
            .where(and(eq(aiLimitOrders.id, id), heldBy(claim), sql`${aiLimitOrders.txs} -> ${kind}::text is null`))
            .returning({ swapOrderId: aiLimitOrders.swapOrderId });
          if (!row?.swapOrderId) return false;
          const patch =
            kind === "approve"
              ? { approveHash: signed.hash, updatedAt: now }
              : {
                  transferOutHash: signed.hash,
                  status: "pending",
                  statusReason: null,
                  checkedAt: null,
                  updatedAt: now,
                };
          const linked = await tx
            .update(swapOrders)
            .set(patch)
            .where(
              and(
                eq(swapOrders.orderId, row.swapOrderId),
                eq(swapOrders.status, "awaiting_deposit"),
                isNull(swapOrders.transferOutHash),
              ),
            )
            .returning({ id: swapOrders.id });
          // the swap order moved on (timed out): nothing is stored and nothing sent
          if (linked.length === 0) tx.rollback();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return false;
          throw error;
        });
    },

    /** marks when a sweep first found the swap's nonce used with neither receipt (see Execution.goneAt) */
    async markGone(id: number, claim: string, at: Date): Promise<void> {
      await db
        .update(aiLimitOrders)
        .set({
          txs: sql`jsonb_set(${aiLimitOrders.txs}, '{goneAt}'::text[], ${String(at.getTime())}::jsonb)`,
          updatedAt: at,
        })
        .where(and(eq(aiLimitOrders.id, id), heldBy(claim)));
    },

    /**
     * Stores the replacement of the order's sent swap (a transfer at its nonce) before it is broadcast; false when
     * the run no longer holds the order or a replacement is stored already (nothing may be broadcast then).
     */
    async saveReplacement(id: number, claim: string, signed: SignedTx, now: Date): Promise<boolean> {
      const stored = await db
        .update(aiLimitOrders)
        .set({
          txs: sql`jsonb_set(${aiLimitOrders.txs}, '{replacement}'::text[], ${JSON.stringify(signed)}::jsonb)`,
          updatedAt: now,
        })
        .where(
          and(
            eq(aiLimitOrders.id, id),
            heldBy(claim),
            sql`${aiLimitOrders.txs} -> 'swap' is not null`,
            sql`${aiLimitOrders.txs} -> 'replacement' is null`,
          ),
        )
        .returning({ id: aiLimitOrders.id });
      return stored.length > 0;
    },

    /**
     * Sends an executing order back to open (nothing of its swap signed, or its swap can never be mined): its claim,
     * transactions and swap order are let go; `reason` tells the user why it waits (null: nothing to tell). The
     * linked swap order, never sent, is cancelled. False when the order moved on meanwhile.
     */
    async reopen(
      id: number,
      expect: { claim: string; swapSigned: boolean; swapOrderId: string | null; swapReason?: string },
      reason: string | null,
      now: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const swapCondition = expect.swapSigned
          ? sql`${aiLimitOrders.txs} -> 'swap' is not null`
          : sql`${aiLimitOrders.txs} -> 'swap' is null`;
        const [row] = await tx
          .update(aiLimitOrders)
          .set({ status: "open", statusReason: reason, txs: null, swapOrderId: null, updatedAt: now })
          .where(and(eq(aiLimitOrders.id, id), heldBy(expect.claim), swapCondition))
          .returning({ id: aiLimitOrders.id });
        if (!row) return false;
        if (expect.swapOrderId) {
          // never sent: cancelled; sent but its nonce went to another transaction: failed, it can never be mined
          await tx
            .update(swapOrders)
            .set(
              expect.swapSigned
                ? { status: "fail", statusReason: expect.swapReason ?? "txNotFound", updatedAt: now }
                : { status: "cancelled", updatedAt: now },
            )
            .where(
              and(
                eq(swapOrders.orderId, expect.swapOrderId),
                inArray(swapOrders.status, ["awaiting_deposit", "pending"]),
              ),
            );
        }
        return true;
      });
    },

    /** ends an executing order (completed or fail); false when it moved on meanwhile */
    async finish(
      id: number,
      claim: string,
      outcome: { status: "completed" | "fail"; reason: string | null; receivedAmount: string | null },
      now: Date,
    ): Promise<LimitOrderRow | undefined> {
      const [row] = await db
        .update(aiLimitOrders)
        .set({
          status: outcome.status,
          statusReason: outcome.reason,
          receivedAmount: outcome.receivedAmount,
          executedAt: outcome.status === "completed" ? now : null,
          updatedAt: now,
        })
        .where(and(eq(aiLimitOrders.id, id), heldBy(claim)))
        .returning();
      return row;
    },
  };
}

export type LimitOrdersRepository = ReturnType<typeof createLimitOrdersRepository>;
