import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { deposits, orders, users } from "../../../db/schema.ts";

/** The deposits table (one row per transaction hash, across every chain) and the few reads of others it needs. */

export type DepositRow = typeof deposits.$inferSelect;

export interface NewDeposit {
  userId: number;
  chain: string;
  txHash: string;
  depositAddress: string;
  orderNo: string | null;
  usedPlugin: string | null;
  createdAt: Date;
}

/** What a check learnt: the new status and reason, and what the chain said when it said it. */
export interface DepositUpdate {
  status: "pending" | "confirmed" | "failed";
  reason: string | null;
  checkedAt: Date;
  amountMicro?: number | null;
  fromAddress?: string | null;
  blockNumber?: number | null;
  blockTime?: Date | null;
  confirmedAt?: Date | null;
}

/**
 * The same 32 bytes in both hash forms: TRON's (64 hex digits) and EVM's (0x and 64 hex digits). A hash is credited
 * once whichever chain it was reported on, so lookups match both.
 */
export function hashForms(hash: string): string[] {
  const bare = hash.replace(/^0x/, "");
  return [bare, `0x${bare}`];
}

export function createDepositRepository(db: Database) {
  return {
    async byHash(hash: string): Promise<DepositRow | undefined> {
      const [row] = await db
        .select()
        .from(deposits)
        .where(inArray(deposits.txHash, hashForms(hash)))
        .limit(1);
      return row;
    },

    /** records a reported hash; undefined when a row for it exists already (the unique index decides races) */
    async insert(deposit: NewDeposit): Promise<DepositRow | undefined> {
      const [row] = await db
        .insert(deposits)
        .values({ ...deposit, status: "pending" })
        .onConflictDoNothing({ target: deposits.txHash })
        .returning();
      return row;
    },

    /** writes a check's outcome unless another check settled the deposit meanwhile; the row as it now is */
    async settle(id: number, update: DepositUpdate): Promise<DepositRow | undefined> {
      await db
        .update(deposits)
        .set(update)
        .where(and(eq(deposits.id, id), eq(deposits.status, "pending")));
      const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
      return row;
    },

    /**
     * Points a deposit that failed without being credited (wrong chain, never found) at what its owner reports now,
     * pending again; undefined when it was not in that state any more.
     */
    async reopen(
      id: number,
      report: { chain: string; txHash: string; depositAddress: string; orderNo: string | null; createdAt: Date },
      retryable: readonly string[],
    ): Promise<DepositRow | undefined> {
      const [row] = await db
        .update(deposits)
        .set({ ...report, status: "pending", reason: null, checkedAt: null })
        .where(and(eq(deposits.id, id), eq(deposits.status, "failed"), inArray(deposits.reason, [...retryable])))
        .returning();
      return row;
    },

    /** pending deposits, those checked longest ago first */
    async pending(limit: number): Promise<DepositRow[]> {
      return db
        .select()
        .from(deposits)
        .where(eq(deposits.status, "pending"))
        .orderBy(sql`${deposits.checkedAt} asc nulls first`, asc(deposits.createdAt))
        .limit(limit);
    },

    /** the user's newest pending order of a product paid by USDT (the legacy payload names a product, not an order) */
    async pendingOrderOf(userId: number, productType: string, productId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.productType, productType),
            eq(orders.productId, productId),
            eq(orders.status, "pending"),
            eq(orders.payMethod, "usdt"),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      return row?.orderNo;
    },

    /** when the account was made: a top-up cannot be a transfer from before it */
    async userCreatedAt(userId: number): Promise<Date | undefined> {
      const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      return row?.createdAt;
    },
  };
}

export type DepositRepository = ReturnType<typeof createDepositRepository>;
