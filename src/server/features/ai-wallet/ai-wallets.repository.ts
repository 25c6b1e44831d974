import { eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { aiWalletAudit, aiWallets } from "../../db/schema.ts";

/** The AI wallets' rows (sealed keys) and their audit log. */

export type AiWalletRow = typeof aiWallets.$inferSelect;

export interface AuditEntry {
  userId: number;
  address: string;
  /** create, sign_withdraw, sign_swap, export, refuse_withdraw, refuse_export, ... */
  action: string;
  chainId?: number | null;
  txHash?: string | null;
  /** never a secret */
  detail: Record<string, string | number | boolean | null>;
  at: Date;
}

export function createAiWalletsRepository(db: Database) {
  return {
    async find(userId: number): Promise<AiWalletRow | undefined> {
      const [row] = await db.select().from(aiWallets).where(eq(aiWallets.userId, userId)).limit(1);
      return row;
    },

    /** stores a new wallet unless the user has one; true when this row was stored */
    async insert(row: AiWalletRow): Promise<boolean> {
      const stored = await db
        .insert(aiWallets)
        .values(row)
        .onConflictDoNothing({ target: aiWallets.userId })
        .returning({ userId: aiWallets.userId });
      return stored.length > 0;
    },

    /** how many wallets were sealed under another master key than `keyId` (0: all are this key's) */
    async countSealedUnderOther(keyId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(aiWallets)
        .where(ne(aiWallets.keyId, keyId));
      return Number(row?.n ?? 0);
    },

    /** every AI wallet's owner and address (the inbound scan's watch list) */
    async owners(): Promise<{ userId: number; address: string }[]> {
      return db.select({ userId: aiWallets.userId, address: aiWallets.address }).from(aiWallets);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(aiWallets);
      return Number(row?.n ?? 0);
    },

    async audit(entry: AuditEntry): Promise<void> {
      await db.insert(aiWalletAudit).values({
        userId: entry.userId,
        address: entry.address,
        action: entry.action,
        chainId: entry.chainId ?? null,
        txHash: entry.txHash ?? null,
        detail: entry.detail,
        at: entry.at,
      });
    },
  };
}

export type AiWalletsRepository = ReturnType<typeof createAiWalletsRepository>;
