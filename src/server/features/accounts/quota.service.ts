import { isIP } from "node:net";
import { and, eq, gt, sql } from "drizzle-orm";
import { addressBucket, normalizeAddress } from "../../addresses.ts";
import type { Database } from "../../db/client.ts";
import { quotaUsage } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";

/**
 * What is counted per day: chats, unlocks made with the day's allowance (analysis), chats redeemed with points
 * (exchange).
 */
export const QuotaKind = { chat: "chat", analysis: "analysis", exchange: "exchange" } as const;

/** The quota subject of a signed-in user. */
export const userSubject = (userId: number) => `u:${userId}`;
/** The quota subject of a visitor (the device number by default). */
export const visitorSubject = (visitorId: string) => `v:${visitorId}`;
/**
 * The quota subject of a client address: the IPv4 address, or the IPv6 /64 network (one subscriber usually
 * holds a whole /64); undefined when the address is unknown.
 */
export function addressSubject(clientIp: string): string | undefined {
  return isIP(normalizeAddress(clientIp)) ? `a:${addressBucket(clientIp)}` : undefined;
}

/** The UTC day of a time, as `YYYY-MM-DD`: quotas renew at 00:00 UTC. */
export function quotaDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export interface QuotaConsumption {
  allowed: boolean;
  /** uses counted today after this call */
  used: number;
  remaining: number;
  /** the UTC day the use was counted on; pass it to `release` so a refund lands on the same day */
  day: string;
}

/**
 * Daily use counters per (subject, UTC day, kind), counted atomically by the database: one statement
 * inserts the first use or increments while under the limit, so concurrent calls on any number of API
 * nodes never grant more than the limit. Unlimited callers (trial, VIP) do not call `consume`.
 */
export function createQuotaService(db: Database, clock: Clock) {
  const usedOn = async (subject: string, kind: string, day: string): Promise<number> => {
    const [row] = await db
      .select({ used: quotaUsage.used })
      .from(quotaUsage)
      .where(and(eq(quotaUsage.subject, subject), eq(quotaUsage.day, day), eq(quotaUsage.kind, kind)))
      .limit(1);
    return row?.used ?? 0;
  };

  return {
    /** Counts one use if fewer than `limit` were counted today; a limit of 0 or less never allows. */
    async consume(subject: string, kind: string, limit: number): Promise<QuotaConsumption> {
      const day = quotaDay(clock.now());
      if (!(limit > 0)) {
        const used = await usedOn(subject, kind, day);
        return { allowed: false, used, remaining: 0, day };
      }
      // insert ... on conflict (subject, day, kind) do update set used = used + 1 where used < limit returning used
      const rows = await db
        .insert(quotaUsage)
        .values({ subject, day, kind, used: 1 })
        .onConflictDoUpdate({
          target: [quotaUsage.subject, quotaUsage.day, quotaUsage.kind],
          set: { used: sql`${quotaUsage.used} + 1` },
          setWhere: sql`${quotaUsage.used} < ${limit}`,
        })
        .returning({ used: quotaUsage.used });
      const counted = rows[0];
      if (counted) return { allowed: true, used: counted.used, remaining: Math.max(0, limit - counted.used), day };
      const used = await usedOn(subject, kind, day);
      return { allowed: false, used, remaining: Math.max(0, limit - used), day };
    },

    /** Uses counted today. */
    used(subject: string, kind: string): Promise<number> {
      return usedOn(subject, kind, quotaDay(clock.now()));
    },

    /**
     * Gives one use back (an answer that failed to start), never below 0. `day` is the one `consume`
     * answered; without it, today.
     */
    async release(subject: string, kind: string, day: string = quotaDay(clock.now())): Promise<void> {
      await db
        .update(quotaUsage)
        .set({ used: sql`${quotaUsage.used} - 1` })
        .where(
          and(
            eq(quotaUsage.subject, subject),
            eq(quotaUsage.day, day),
            eq(quotaUsage.kind, kind),
            gt(quotaUsage.used, 0),
          ),
        );
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
