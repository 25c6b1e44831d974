import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { walletNonces } from "../../db/schema.ts";
import { createSingleUseTokens } from "../../db/single-use-tokens.ts";
import type { Clock } from "../../providers/clock.ts";

/** How long a Sign-In with Ethereum nonce may be used after it is handed out. */
export const WALLET_NONCE_TTL_MS = 10 * 60_000;

/** Single-use, expiring nonces of Sign-In with Ethereum messages. */
export function createWalletNonceStore(db: Database, clock: Clock) {
  const tokens = createSingleUseTokens(db, clock, {
    table: walletNonces,
    token: walletNonces.nonce,
    expiresAt: walletNonces.expiresAt,
    sweepEveryMs: 10 * 60_000,
  });
  return {
    async issue(): Promise<{ nonce: string; issuedAt: Date; expiresAt: Date }> {
      const issuedAt = clock.now();
      const expiresAt = new Date(issuedAt.getTime() + WALLET_NONCE_TTL_MS);
      // Not viem's generateSiweNonce: it draws from Math.random, and nonces it hands out one after another
      // overlap (each is the previous shifted by one character). 24 CSPRNG bytes as hex: 48 letters and digits.
      const nonce = randomBytes(24).toString("hex");
      await tokens.issue({ nonce, createdAt: issuedAt, expiresAt });
      return { nonce, issuedAt, expiresAt };
    },

    /** Spends the nonce, atomically: true only for the one caller that finds it unspent and unexpired. */
    consume: async (nonce: string): Promise<boolean> => (await tokens.consume(nonce)) !== undefined,
  };
}

export type WalletNonceStore = ReturnType<typeof createWalletNonceStore>;
