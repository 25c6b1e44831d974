import { and, count, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { SwapOrderStatus, SwapQuote, TxRequest } from "../../../contract/swap.ts";
import type { Database } from "../../db/client.ts";
import { swapOrders, swapQuotes } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { QuoteRequest, SourceQuote } from "../../providers/swap/quote-source.ts";

/**
 * The swap_quotes and swap_orders tables. A quote is kept (request, the source's answer, the quote shown) until it
 * expires so that any node builds the order from exactly what the user saw; an order keeps the transactions handed
 * to the wallet and what the source needs to follow them.
 */

export type SwapOrderRow = typeof swapOrders.$inferSelect;

/** What a kept quote holds (swap_quotes.payload). */
export interface QuotePayload {
  /** the source's id (config name) */
  sourceId: string;
  request: QuoteRequest;
  sourceQuote: SourceQuote;
  shown: SwapQuote;
}

/** What an order keeps of its transactions (swap_orders.txs). */
export interface OrderTxs {
  quoteId: string;
  sourceId: string;
  approveTx: TxRequest | null;
  swapTx: TxRequest;
  /** what the source's status() needs (cross-chain) */
  build: Record<string, unknown>;
}

const quoteTokenRow = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  chainId: z.number().int(),
  logoURI: z.string().nullable(),
});
export type QuoteTokenRow = z.infer<typeof quoteTokenRow>;

const txRow = z.object({
  chainId: z.number().int(),
  from: z.string(),
  to: z.string(),
  data: z.string(),
  value: z.string(),
  gas: z.string().nullable(),
});
const orderTxsRow = z.object({
  quoteId: z.string(),
  sourceId: z.string(),
  approveTx: txRow.nullable(),
  swapTx: txRow,
  build: z.record(z.string(), z.unknown()),
});

/** The JSON columns read back through their shapes (a row written by an older version fails loudly, not silently). */
export const readToken = (value: unknown): QuoteTokenRow => quoteTokenRow.parse(value);
export const readTxs = (value: unknown): OrderTxs => orderTxsRow.parse(value);

/** Orders that still change: the tracker looks at these. */
export const OPEN_STATUSES: readonly SwapOrderStatus[] = ["awaiting_deposit", "pending", "exchanging", "refund"];
/** Orders that do not count toward the daily limit: nothing was (or will be) swapped. */
const NOT_SWAPPED: readonly SwapOrderStatus[] = ["cancelled", "fail", "timeout"];

export interface NewSwapOrder {
  orderId: string;
  userId: number;
  requestId: string | null;
  source: string;
  fromChainId: number;
  toChainId: number;
  fromToken: QuoteTokenRow;
  toToken: QuoteTokenRow;
  fromAmount: string;
  toAmount: string;
  toAmountMin: string;
  fromAddress: string;
  toAddress: string;
  txs: OrderTxs;
  usdValue: number | null;
  createdAt: Date;
}

export type SwapOrderPatch = Partial<
  Pick<
    SwapOrderRow,
    | "status"
    | "statusReason"
    | "approveHash"
    | "transferOutHash"
    | "transferInHash"
    | "receivedAmount"
    | "checkedAt"
    | "updatedAt"
  >
>;

export function createSwapOrdersRepository(db: Database) {
  return {
    async insertQuote(row: {
      quoteId: string;
      userId: number | null;
      source: string;
      payload: QuotePayload;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(swapQuotes).values(row);
    },

    async quote(
      quoteId: string,
    ): Promise<{ userId: number | null; payload: QuotePayload; expiresAt: Date } | undefined> {
      const [row] = await db.select().from(swapQuotes).where(eq(swapQuotes.quoteId, quoteId)).limit(1);
      // the payload is this module's own JSON, written by insertQuote
      return row && { userId: row.userId, payload: row.payload as QuotePayload, expiresAt: row.expiresAt };
    },

    /** forgets quotes that expired before `before` (kept a while so an order's retry can still name them) */
    async dropQuotes(before: Date): Promise<void> {
      await db.delete(swapQuotes).where(lt(swapQuotes.expiresAt, before));
    },

    /** the new order; undefined when the account has an order of this request id already (a retry) */
    async insertOrder(order: NewSwapOrder): Promise<SwapOrderRow | undefined> {
      try {
        const [row] = await db
          .insert(swapOrders)
          .values({ ...order, status: "awaiting_deposit", updatedAt: order.createdAt })
          .returning();
        return row;
      } catch (error) {
        if (order.requestId !== null && isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async byRequest(userId: number, requestId: string): Promise<SwapOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(swapOrders)
        .where(and(eq(swapOrders.userId, userId), eq(swapOrders.requestId, requestId)))
        .limit(1);
      return row;
    },

    async byOrderId(orderId: string): Promise<SwapOrderRow | undefined> {
      const [row] = await db.select().from(swapOrders).where(eq(swapOrders.orderId, orderId)).limit(1);
      return row;
    },

    async page(userId: number, offset: number, limit: number): Promise<{ rows: SwapOrderRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(swapOrders)
          .where(eq(swapOrders.userId, userId))
          .orderBy(desc(swapOrders.createdAt), desc(swapOrders.id))
          .offset(offset)
          .limit(limit),
        db.select({ total: count() }).from(swapOrders).where(eq(swapOrders.userId, userId)),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** the USD the account swapped (or is swapping) since `since`: orders that were cancelled, failed or timed out not counted */
    async usdSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: sql<string | null>`sum(${swapOrders.usdValue})` })
        .from(swapOrders)
        .where(
          and(
            eq(swapOrders.userId, userId),
            gte(swapOrders.createdAt, since),
            notInArray(swapOrders.status, [...NOT_SWAPPED]),
          ),
        );
      return Number(row?.total ?? 0);
    },

    /**
     * Writes a change unless the order left `from` meanwhile (another check or request moved it); the row as it is
     * now, or undefined when it had moved on.
     */
    async update(id: number, from: string, patch: SwapOrderPatch): Promise<SwapOrderRow | undefined> {
      const [row] = await db
        .update(swapOrders)
        .set(patch)
        .where(and(eq(swapOrders.id, id), eq(swapOrders.status, from)))
        .returning();
      return row;
    },

    async byId(id: number): Promise<SwapOrderRow | undefined> {
      const [row] = await db.select().from(swapOrders).where(eq(swapOrders.id, id)).limit(1);
      return row;
    },

    /** open orders not checked since `checkedBefore`, those checked longest ago first */
    async due(checkedBefore: Date, limit: number): Promise<SwapOrderRow[]> {
      return db
        .select()
        .from(swapOrders)
        .where(
          and(
            inArray(swapOrders.status, [...OPEN_STATUSES]),
            or(isNull(swapOrders.checkedAt), lt(swapOrders.checkedAt, checkedBefore)),
          ),
        )
        .orderBy(sql`${swapOrders.checkedAt} asc nulls first`, swapOrders.createdAt)
        .limit(limit);
    },
  };
}

export type SwapOrdersRepository = ReturnType<typeof createSwapOrdersRepository>;
