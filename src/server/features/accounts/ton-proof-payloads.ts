import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { tonProofPayloads } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";

/** How long a payload may be signed and sent back: a ton_proof itself is good for 15 minutes. */
export const TON_PROOF_PAYLOAD_TTL_MS = 15 * 60_000;
/** Expired payloads are swept at most this often (by the process that hands out the next one). */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Single-use, expiring ton_proof payloads (the same pattern as the wallet nonces, in their own table). */
export function createTonProofPayloadStore(db: Database, clock: Clock) {
  let lastSweep = 0;
  return {
    async issue(): Promise<{ payload: string; expiresAt: Date }> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TON_PROOF_PAYLOAD_TTL_MS);
      // 32 CSPRNG bytes as hex: wallets sign the payload as a string, so keep it plain ASCII.
      const payload = randomBytes(32).toString("hex");
      await db.insert(tonProofPayloads).values({ payload, createdAt: now, expiresAt });
      if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now.getTime();
        await db.delete(tonProofPayloads).where(lt(tonProofPayloads.expiresAt, now));
      }
      return { payload, expiresAt };
    },

    /** Marks the payload used, atomically: true only for the one caller that finds it unused and unexpired. */
    async consume(payload: string): Promise<boolean> {
      const now = clock.now();
      const used = await db
        .update(tonProofPayloads)
        .set({ usedAt: now })
        .where(
          and(
            eq(tonProofPayloads.payload, payload),
            isNull(tonProofPayloads.usedAt),
            gt(tonProofPayloads.expiresAt, now),
          ),
        )
        .returning({ payload: tonProofPayloads.payload });
      return used.length === 1;
    },
  };
}
