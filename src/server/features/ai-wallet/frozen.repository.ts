import { and, desc, eq, sql } from "drizzle-orm";
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from "../../../contract/swap.ts";
import type { Database } from "../../db/client.ts";
import { aiWalletFrozen, aiWalletScan } from "../../db/schema.ts";

/**
 * Coins sent to an AI wallet from an address on the sanctions list (found by the inbound scan, inbound-scan.ts):
 * one row a transfer, never moved (withdrawals, swaps and limit orders spend only what is not frozen, and the key is
 * not exported while any row exists). And the scan's cursor per chain: the last block it read.
 */

export type FrozenRow = typeof aiWalletFrozen.$inferSelect;

/** A transfer the scan found, as stored: `amount` raw (the token's smallest unit). */
export interface FrozenTransfer {
  userId: number;
  chainId: number;
  /** the token's checksummed address; NATIVE_TOKEN_ADDRESS for the chain's coin */
  tokenAddress: string;
  amount: bigint;
  fromAddress: string;
  txHash: string;
  /** the Transfer log's index in its block; -1 for the chain's coin sent by the transaction itself */
  logIndex: number;
  blockNumber: bigint;
}

/** What the checks of a withdrawal, swap, limit order or export ask. */
export interface FrozenFunds {
  /** the frozen raw amount of one coin of the account's AI wallet on a chain (0n when none) */
  amountOf(userId: number, chainId: number, tokenAddress: string): Promise<bigint>;
  /** whether the account holds any frozen coin */
  any(userId: number): Promise<boolean>;
}

/** the stored form of a token address: the native coin always as NATIVE_TOKEN_ADDRESS */
const tokenKey = (address: string) => (isNativeToken(address) ? NATIVE_TOKEN_ADDRESS : address);

export function createFrozenRepository(db: Database) {
  return {
    /** stores a transfer unless it is stored (chain, transaction, log); true when this call stored it */
    async insert(transfer: FrozenTransfer, at: Date): Promise<boolean> {
      const stored = await db
        .insert(aiWalletFrozen)
        .values({
          userId: transfer.userId,
          chainId: transfer.chainId,
          tokenAddress: tokenKey(transfer.tokenAddress),
          amount: transfer.amount.toString(),
          fromAddress: transfer.fromAddress,
          txHash: transfer.txHash,
          logIndex: transfer.logIndex,
          blockNumber: transfer.blockNumber,
          foundAt: at,
        })
        .onConflictDoNothing({ target: [aiWalletFrozen.chainId, aiWalletFrozen.txHash, aiWalletFrozen.logIndex] })
        .returning({ id: aiWalletFrozen.id });
      return stored.length > 0;
    },

    /** the account's frozen transfers, newest first */
    async byUser(userId: number): Promise<FrozenRow[]> {
      return db
        .select()
        .from(aiWalletFrozen)
        .where(eq(aiWalletFrozen.userId, userId))
        .orderBy(desc(aiWalletFrozen.foundAt), desc(aiWalletFrozen.id));
    },

    async amountOf(userId: number, chainId: number, tokenAddress: string): Promise<bigint> {
      const rows = await db
        .select({ amount: aiWalletFrozen.amount })
        .from(aiWalletFrozen)
        .where(
          and(
            eq(aiWalletFrozen.userId, userId),
            eq(aiWalletFrozen.chainId, chainId),
            sql`lower(${aiWalletFrozen.tokenAddress}) = ${tokenKey(tokenAddress).toLowerCase()}`,
          ),
        );
      // summed here: the amounts are raw integers of any size, stored as text
      return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    },

    async any(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: aiWalletFrozen.id })
        .from(aiWalletFrozen)
        .where(eq(aiWalletFrozen.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    /** the last block the scan read on the chain; undefined before its first pass there */
    async cursor(chainId: number): Promise<bigint | undefined> {
      const [row] = await db
        .select({ blockNumber: aiWalletScan.blockNumber })
        .from(aiWalletScan)
        .where(eq(aiWalletScan.chainId, chainId))
        .limit(1);
      return row?.blockNumber;
    },

    /** moves the chain's cursor to `blockNumber`, never back (another node may have read further) */
    async advance(chainId: number, blockNumber: bigint, at: Date): Promise<void> {
      await db
        .insert(aiWalletScan)
        .values({ chainId, blockNumber, updatedAt: at })
        .onConflictDoUpdate({
          target: aiWalletScan.chainId,
          set: {
            blockNumber: sql`greatest(${aiWalletScan.blockNumber}, excluded.block_number)`,
            updatedAt: at,
          },
        });
    },
  };
}

export type FrozenRepository = ReturnType<typeof createFrozenRepository>;
