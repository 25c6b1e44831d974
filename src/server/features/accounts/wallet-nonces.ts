import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { walletNonces } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";

/** How long a Sign-In with Ethereum nonce may be used after it is handed out. */
export const WALLET_NONCE_TTL_MS = 10 * 60_000;
/** Expired nonces are swept at most this often (by the process that hands out the next one). */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Single-use, expiring nonces of Sign-In with Ethereum messages. */
export function createWalletNonceStore(db: Database, clock: Clock) {
  let lastSweep = 0;
  return {
    async issue(): Promise<{ nonce: string; issuedAt: Date; expiresAt: Date }> {
      const issuedAt = clock.now();
      const expiresAt = new Date(issuedAt.getTime() + WALLET_NONCE_TTL_MS);
      // Not viem's generateSiweNonce: it draws from Math.random, and nonces it hands out one after another
      // overlap (each is the previous shifted by one character). 24 CSPRNG bytes as hex: 48 letters and digits.
      const nonce = randomBytes(24).toString("hex");
      await db.insert(walletNonces).values({ nonce, createdAt: issuedAt, expiresAt });
      if (issuedAt.getTime() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = issuedAt.getTime();
        await db.delete(walletNonces).where(lt(walletNonces.expiresAt, issuedAt));
      }
      return { nonce, issuedAt, expiresAt };
    },

    /** Marks the nonce used, atomically: true only for the one caller that finds it unused and unexpired. */
    async consume(nonce: string): Promise<boolean> {
      const now = clock.now();
      const used = await db
        .update(walletNonces)
        .set({ usedAt: now })
        .where(and(eq(walletNonces.nonce, nonce), isNull(walletNonces.usedAt), gt(walletNonces.expiresAt, now)))
        .returning({ nonce: walletNonces.nonce });
      return used.length === 1;
    },
  };
}

export type WalletNonceStore = ReturnType<typeof createWalletNonceStore>;
