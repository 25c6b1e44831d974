import { and, asc, eq, gte, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { aiWallets, swapOrders } from "../../db/schema.ts";
import type { SwapOrderRow } from "../swap/swap-orders.repository.ts";
import { type Execution, executionSchema, type SignedTx, type TxKind } from "./ai-swap-sender.ts";

/**
 * The AI wallet's side of swap_orders: a market swap the server signs keeps its execution (the run's claim and the
 * signed approval and swap) in the order's txs under `ai`, beside what the swap module keeps there. The swap
 * module's tracker follows the order once its swap hash is stored, as it follows a wallet's.
 */

/** The execution of an AI market swap, or undefined for an order the user's own wallet signs. */
export function executionOf(row: Pick<SwapOrderRow, "txs">): Execution | undefined {
  const ai = (row.txs as { ai?: unknown } | null)?.ai;
  if (ai === undefined || ai === null) return undefined;
  return executionSchema.parse(ai);
}

const aiClaim = sql`${swapOrders.txs} -> 'ai' ->> 'claim'`;

/** Swap orders that do not count toward a daily limit (as the swap module counts): nothing was or will be swapped. */
const NOT_SWAPPED = ["cancelled", "fail", "timeout"];

export function createAiSwapRepository(db: Database) {
  return {
    /** marks an opened order as the server's to sign, for this run; undefined when another run holds it already */
    async claim(id: number, claim: string, now: Date): Promise<SwapOrderRow | undefined> {
      const [row] = await db
        .update(swapOrders)
        .set({ txs: sql`${swapOrders.txs} || ${JSON.stringify({ ai: { claim } })}::jsonb`, updatedAt: now })
        .where(
          and(
            eq(swapOrders.id, id),
            eq(swapOrders.status, "awaiting_deposit"),
            isNull(swapOrders.transferOutHash),
            sql`${swapOrders.txs} -> 'ai' is null`,
          ),
        )
        .returning();
      return row;
    },

    /**
     * Stores a signed transaction on the order before it is broadcast: the approval with its hash, the swap with
     * its hash as the order's swap (pending from now, so the tracker follows it). Only while the run still holds the
     * order, it is still open, and nothing of this kind was stored: false otherwise (nothing may be broadcast).
     */
    async save(id: number, claim: string, kind: TxKind, signed: SignedTx, now: Date): Promise<boolean> {
      const path = kind === "approve" ? "{ai,approve}" : "{ai,swap}";
      const txs = sql`jsonb_set(${swapOrders.txs}, ${path}::text[], ${JSON.stringify(signed)}::jsonb)`;
      const patch =
        kind === "approve"
          ? { txs, approveHash: signed.hash, updatedAt: now }
          : {
              txs,
              transferOutHash: signed.hash,
              status: "pending",
              statusReason: null,
              checkedAt: null,
              updatedAt: now,
            };
      const stored = await db
        .update(swapOrders)
        .set(patch)
        .where(
          and(
            eq(swapOrders.id, id),
            eq(swapOrders.status, "awaiting_deposit"),
            isNull(swapOrders.transferOutHash),
            sql`${aiClaim} = ${claim}`,
            sql`${swapOrders.txs} -> 'ai' -> ${kind}::text is null`,
          ),
        )
        .returning({ id: swapOrders.id });
      return stored.length > 0;
    },

    /**
     * AI market swaps a run may have left unfinished: opened or sent, not touched since `before` (a run in a
     * request is given that long), oldest first.
     */
    async unfinished(before: Date, limit: number): Promise<SwapOrderRow[]> {
      return db
        .select()
        .from(swapOrders)
        .where(
          and(
            eq(swapOrders.type, "market"),
            inArray(swapOrders.status, ["awaiting_deposit", "pending"]),
            lt(swapOrders.updatedAt, before),
            sql`${swapOrders.txs} -> 'ai' is not null`,
          ),
        )
        .orderBy(asc(swapOrders.updatedAt))
        .limit(limit);
    },

    /**
     * USD of the account's swaps from its AI wallet since `since` (market swaps and limit executions alike: every
     * swap order sent from the wallet's address), those that were cancelled, failed or timed out not counted.
     */
    async usdSince(userId: number, since: Date): Promise<number> {
      const wallet = db
        .select({ address: sql`lower(${aiWallets.address})` })
        .from(aiWallets)
        .where(eq(aiWallets.userId, userId));
      const [row] = await db
        .select({ usd: sql<number>`coalesce(sum(${swapOrders.usdValue}), 0)::float8` })
        .from(swapOrders)
        .where(
          and(
            eq(swapOrders.userId, userId),
            gte(swapOrders.createdAt, since),
            notInArray(swapOrders.status, NOT_SWAPPED),
            inArray(sql`lower(${swapOrders.fromAddress})`, wallet),
          ),
        );
      return Number(row?.usd ?? 0);
    },

    /** marks when a sweep first found the swap's nonce used with neither receipt (see Execution.goneAt) */
    async markGone(id: number, swapHash: string, at: Date): Promise<void> {
      await db
        .update(swapOrders)
        .set({
          txs: sql`jsonb_set(${swapOrders.txs}, '{ai,goneAt}'::text[], ${String(at.getTime())}::jsonb)`,
          updatedAt: at,
        })
        .where(and(eq(swapOrders.id, id), eq(swapOrders.status, "pending"), eq(swapOrders.transferOutHash, swapHash)));
    },

    /**
     * Stores the replacement of a sent swap (a transfer at its nonce) before it is broadcast: only while the order
     * is pending on that swap and has no replacement yet; false otherwise (nothing may be broadcast).
     */
    async saveReplacement(id: number, swapHash: string, signed: SignedTx, now: Date): Promise<boolean> {
      const stored = await db
        .update(swapOrders)
        .set({
          txs: sql`jsonb_set(${swapOrders.txs}, '{ai,replacement}'::text[], ${JSON.stringify(signed)}::jsonb)`,
          updatedAt: now,
        })
        .where(
          and(
            eq(swapOrders.id, id),
            eq(swapOrders.status, "pending"),
            eq(swapOrders.transferOutHash, swapHash),
            sql`${swapOrders.txs} -> 'ai' -> 'replacement' is null`,
          ),
        )
        .returning({ id: swapOrders.id });
      return stored.length > 0;
    },
  };
}

export type AiSwapRepository = ReturnType<typeof createAiSwapRepository>;
