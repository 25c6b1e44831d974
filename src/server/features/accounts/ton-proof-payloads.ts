import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { tonProofPayloads } from "../../db/schema.ts";
import { createSingleUseTokens } from "../../db/single-use-tokens.ts";
import type { Clock } from "../../providers/clock.ts";

/** How long a payload may be signed and sent back: a ton_proof itself is good for 15 minutes. */
export const TON_PROOF_PAYLOAD_TTL_MS = 15 * 60_000;

/** Single-use, expiring ton_proof payloads. */
export function createTonProofPayloadStore(db: Database, clock: Clock) {
  const tokens = createSingleUseTokens(db, clock, {
    table: tonProofPayloads,
    token: tonProofPayloads.payload,
    expiresAt: tonProofPayloads.expiresAt,
    sweepEveryMs: 10 * 60_000,
  });
  return {
    async issue(): Promise<{ payload: string; expiresAt: Date }> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TON_PROOF_PAYLOAD_TTL_MS);
      // 32 CSPRNG bytes as hex: wallets sign the payload as a string, so keep it plain ASCII.
      const payload = randomBytes(32).toString("hex");
      await tokens.issue({ payload, createdAt: now, expiresAt });
      return { payload, expiresAt };
    },

    /** Spends the payload, atomically: true only for the one caller that finds it unspent and unexpired. */
    consume: async (payload: string): Promise<boolean> => (await tokens.consume(payload)) !== undefined,
  };
}
