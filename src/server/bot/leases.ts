import { and, eq, lt, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { leases } from "../db/schema.ts";
import type { Clock } from "../providers/clock.ts";

/**
 * Named leases in the `leases` table, for work exactly one API node may do at a time (the bot's long polling, the
 * daily digest). A node takes a name when it is free or has lapsed, renews it while it works (the same call), and
 * gives it back when it stops. Times are the injected clock's, so tests move them.
 */
export interface Leases {
  /** Takes or renews `name` for `holder` until now + ttlMs: true when `holder` holds it now. */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives `name` back if `holder` holds it, so another node can take it at once. */
  release(name: string, holder: string): Promise<void>;
  /** Who holds `name` and until when, if anyone (also a lapsed holder). */
  holderOf(name: string): Promise<{ holder: string; leaseUntil: Date } | undefined>;
}

export function createLeases(db: Database, clock: Clock): Leases {
  return {
    async acquire(name, holder, ttlMs) {
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + ttlMs);
      // one statement: a free name is inserted; a taken one changes hands only when it is ours or has lapsed
      const rows = await db
        .insert(leases)
        .values({ name, holder, leaseUntil })
        .onConflictDoUpdate({
          target: leases.name,
          set: { holder, leaseUntil },
          setWhere: or(eq(leases.holder, holder), lt(leases.leaseUntil, now)),
        })
        .returning({ holder: leases.holder });
      return rows[0]?.holder === holder;
    },
    async release(name, holder) {
      await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
    },
    async holderOf(name) {
      const [row] = await db
        .select({ holder: leases.holder, leaseUntil: leases.leaseUntil })
        .from(leases)
        .where(eq(leases.name, name));
      return row;
    },
  };
}
