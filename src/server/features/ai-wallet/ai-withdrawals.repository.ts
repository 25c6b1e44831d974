import { and, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Withdrawal } from "../../../contract/ai-wallet.ts";
import type { Database } from "../../db/client.ts";
import { aiWithdrawals } from "../../db/schema.ts";

/** The AI wallets' withdrawals: checked and awaiting their code, then signed, stored, broadcast and followed. */

export type WithdrawalRow = typeof aiWithdrawals.$inferSelect;
export type WithdrawalStatus = Withdrawal["status"];

const tokenRow = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  chainId: z.number().int(),
  logoURI: z.string().nullable(),
});
export type WithdrawalToken = z.infer<typeof tokenRow>;
/** the token column as written by insert (a row of another shape fails loudly) */
export const readWithdrawalToken = (value: unknown): WithdrawalToken => tokenRow.parse(value);

/** Withdrawals that count toward the daily limit: signed, so they will (or did) move coins. */
const MOVING: readonly WithdrawalStatus[] = ["sending", "sent", "completed"];

export function createAiWithdrawalsRepository(db: Database) {
  const byUser = (userId: number, withdrawId: string) =>
    and(eq(aiWithdrawals.userId, userId), eq(aiWithdrawals.withdrawId, withdrawId));

  return {
    async find(userId: number, withdrawId: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(aiWithdrawals).where(byUser(userId, withdrawId)).limit(1);
      return row;
    },

    async findByRequest(userId: number, requestId: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db
        .select()
        .from(aiWithdrawals)
        .where(and(eq(aiWithdrawals.userId, userId), eq(aiWithdrawals.requestId, requestId)))
        .limit(1);
      return row;
    },

    /** stores a checked withdrawal; undefined when the user's requestId is taken (a concurrent retry) */
    async insert(row: {
      withdrawId: string;
      userId: number;
      requestId: string | null;
      chainId: number;
      token: WithdrawalToken;
      amount: string;
      toAddress: string;
      usdValue: number | null;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<WithdrawalRow | undefined> {
      const [stored] = await db
        .insert(aiWithdrawals)
        .values({ ...row, status: "awaiting_code", updatedAt: row.createdAt })
        .onConflictDoNothing()
        .returning();
      return stored;
    },

    /** the user's other withdrawals still awaiting a code are cancelled: only the newest code is live */
    async supersede(userId: number, keep: string, at: Date): Promise<void> {
      await db
        .update(aiWithdrawals)
        .set({ status: "cancelled", statusReason: "superseded", updatedAt: at })
        .where(
          and(
            eq(aiWithdrawals.userId, userId),
            eq(aiWithdrawals.status, "awaiting_code"),
            sql`${aiWithdrawals.withdrawId} <> ${keep}`,
          ),
        );
    },

    /** moves a row from one status to another; the row as changed, or undefined when it was not in `from` */
    async transition(
      withdrawId: string,
      from: WithdrawalStatus,
      patch: Partial<Pick<WithdrawalRow, "status" | "statusReason" | "rawTx" | "txHash">> & { updatedAt: Date },
    ): Promise<WithdrawalRow | undefined> {
      const [row] = await db
        .update(aiWithdrawals)
        .set(patch)
        .where(and(eq(aiWithdrawals.withdrawId, withdrawId), eq(aiWithdrawals.status, from)))
        .returning();
      return row;
    },

    async list(userId: number, limit: number): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(aiWithdrawals)
        .where(eq(aiWithdrawals.userId, userId))
        .orderBy(desc(aiWithdrawals.createdAt), desc(aiWithdrawals.id))
        .limit(limit);
    },

    /** rows in these statuses (the tracker's work), oldest first */
    async inStatus(statuses: readonly WithdrawalStatus[], limit: number): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(aiWithdrawals)
        .where(inArray(aiWithdrawals.status, [...statuses]))
        .orderBy(aiWithdrawals.id)
        .limit(limit);
    },

    /** withdrawals awaiting a code whose time passed are closed */
    async expire(now: Date): Promise<number> {
      const rows = await db
        .update(aiWithdrawals)
        .set({ status: "expired", updatedAt: now })
        .where(and(eq(aiWithdrawals.status, "awaiting_code"), lte(aiWithdrawals.expiresAt, now)))
        .returning({ id: aiWithdrawals.id });
      return rows.length;
    },

    /** USD of the user's withdrawals since `since` that moved (or will move) coins */
    async usdSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ usd: sql<number>`coalesce(sum(${aiWithdrawals.usdValue}), 0)::float8` })
        .from(aiWithdrawals)
        .where(
          and(
            eq(aiWithdrawals.userId, userId),
            gte(aiWithdrawals.createdAt, since),
            inArray(aiWithdrawals.status, [...MOVING]),
          ),
        );
      return Number(row?.usd ?? 0);
    },
  };
}

export type AiWithdrawalsRepository = ReturnType<typeof createAiWithdrawalsRepository>;
