import { and, eq, gt, lte, sql } from "drizzle-orm";
import { Limits } from "../../../contract/constants.ts";
import type { Database } from "../../db/client.ts";
import { passwordFailures, passwordLockouts } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";

/** OWASP ASVS 2.2.1; the numbers live in the contract's Limits, which the app's message also reads. */
export const PASSWORD_LOCKOUT = {
  failures: Limits.wrongPasswordsBeforeLock,
  windowMs: Limits.wrongPasswordWindowMinutes * 60_000,
  lockMs: Limits.wrongPasswordLockMinutes * 60_000,
} as const;

export type LockoutAttempt = { allowed: false } | { allowed: true; id: number };

const f = passwordFailures;
const l = passwordLockouts;

/**
 * The per-address password lockout: after 10 failed sign-ins for one address within 15 minutes, sign-in for it
 * is refused for 15 minutes, whoever asks and whatever the password; a success before that clears the count.
 * Addresses without an account are counted the same way, so the lock tells nothing about which exist.
 *
 * State is in the database, so every API node sees the same count. Each attempt is written as a failure when
 * it begins (and removed if it succeeds), so a burst of parallel guesses cannot all pass the check before any
 * is counted.
 */
export function createPasswordLockout(db: Database, clock: Clock) {
  const windowStart = (now: Date) => new Date(now.getTime() - PASSWORD_LOCKOUT.windowMs);
  /** Failures of the address in the window; with `upTo`, only those written no later than that attempt. */
  const failuresInWindow = async (email: string, now: Date, upTo?: number) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(f)
      .where(
        and(eq(f.email, email), gt(f.failedAt, windowStart(now)), upTo === undefined ? undefined : lte(f.id, upTo)),
      );
    return Number(row?.n ?? 0);
  };
  // The failures stay: they leave the window as the lock ends, and deleting them would let attempts already
  // past the lock check count from zero again.
  const lock = async (email: string, now: Date) => {
    const lockedUntil = new Date(now.getTime() + PASSWORD_LOCKOUT.lockMs);
    await db.insert(l).values({ email, lockedUntil }).onConflictDoUpdate({ target: l.email, set: { lockedUntil } });
  };

  return {
    /** Opens an attempt; `allowed: false` while the address is locked (or this attempt would pass the limit). */
    async begin(email: string): Promise<LockoutAttempt> {
      const now = clock.now();
      const [locked] = await db
        .select({ email: l.email })
        .from(l)
        .where(and(eq(l.email, email), gt(l.lockedUntil, now)))
        .limit(1);
      if (locked) return { allowed: false };
      const [attempt] = await db.insert(f).values({ email, failedAt: now }).returning({ id: f.id });
      if (!attempt) return { allowed: false };
      // an attempt's place among the address's attempts decides, so parallel ones cannot all see room left
      if ((await failuresInWindow(email, now, attempt.id)) > PASSWORD_LOCKOUT.failures) {
        await lock(email, now);
        return { allowed: false };
      }
      return { allowed: true, id: attempt.id };
    },

    /** The attempt failed: it stays counted, and the failure that reaches the limit locks the address. */
    async failed(email: string): Promise<void> {
      const now = clock.now();
      if ((await failuresInWindow(email, now)) >= PASSWORD_LOCKOUT.failures) await lock(email, now);
      // what no longer counts anywhere: failures older than the window, locks that ended
      await db.delete(f).where(lte(f.failedAt, windowStart(now)));
      await db.delete(l).where(lte(l.lockedUntil, now));
    },

    /** The attempt succeeded: the address's count starts again. */
    async succeeded(email: string): Promise<void> {
      await db.delete(f).where(eq(f.email, email));
    },

    /** The owner proved the mailbox (a password reset): count and lock are cleared. */
    async clear(email: string): Promise<void> {
      await db.delete(f).where(eq(f.email, email));
      await db.delete(l).where(eq(l.email, email));
    },
  };
}

export type PasswordLockout = ReturnType<typeof createPasswordLockout>;
