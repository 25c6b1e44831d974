import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { EmailScene } from "../../../contract/auth.ts";
import { Limits } from "../../../contract/constants.ts";
import type { Database } from "../../db/client.ts";
import { emailVerifications } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import { newSixDigitCode } from "./tokens.ts";

export const CODE_TTL_MINUTES = 10;
const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
const RESEND_MS = Limits.resendSeconds * 1000;
const LOCK_MS = Limits.wrongCodeLockMinutes * 60_000;
/** the wrong code that reaches this count locks the address and scene (the 3rd) */
const WRONG_CODES_TO_LOCK = Limits.wrongCodesBeforeLock;

export type IssueResult =
  | { status: "issued"; code: string; codeHash: string }
  | { status: "locked" }
  | { status: "tooSoon"; retryAfterSeconds: number };

export type CheckResult =
  | { status: "ok" }
  /** `remaining`: wrong codes the live code still allows before the lock; 0 when there is no live code */
  | { status: "wrong"; remaining: number }
  | { status: "locked" };

/** A salted sha256: codes live 10 minutes and allow 3 guesses, so a slow hash would buy nothing. */
function hashCode(code: string, salt: string = randomBytes(16).toString("hex")): string {
  return `${salt}:${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt] = stored.split(":");
  if (!salt) return false;
  const expected = Buffer.from(stored);
  const given = Buffer.from(hashCode(code, salt));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const t = emailVerifications;

/**
 * The codes' purposes: sign-up and password reset, and the AI wallet's withdrawal and key export confirmations (whose
 * wrong codes are also counted per address across codes: createWrongCodeWindow).
 */
export type CodeScene = EmailScene | "AI_WITHDRAW" | "AI_EXPORT";

/**
 * The emailed codes, one live code per address and scene (sign-up, password reset).
 * - a new code may be sent 60 s after the last one, and not while locked; sending resets the wrong count;
 * - a code lives 10 minutes and is spent by its first correct use;
 * - the 3rd wrong code locks the address and scene for 15 minutes (no checks, no new codes) and burns the code;
 *   after the lock a new code must be asked for.
 * Each step is one conditional statement, so concurrent requests cannot get past these rules.
 */
export function createEmailCodes(db: Database, clock: Clock) {
  const key = (email: string, scene: CodeScene) => and(eq(t.email, email), eq(t.scene, scene));
  const notLocked = (now: Date) => or(isNull(t.lockedUntil), lte(t.lockedUntil, now));

  const read = async (email: string, scene: CodeScene) => {
    const [row] = await db.select().from(t).where(key(email, scene)).limit(1);
    return row;
  };
  const lockedNow = async (email: string, scene: CodeScene, now: Date) => {
    const row = await read(email, scene);
    return Boolean(row?.lockedUntil && row.lockedUntil > now);
  };

  return {
    /** whether the address and scene are locked now (the AI wallet asks before a check, to tell a guess from none) */
    locked: (email: string, scene: CodeScene) => lockedNow(email, scene, clock.now()),

    async issue(email: string, scene: CodeScene): Promise<IssueResult> {
      const now = clock.now();
      const code = newSixDigitCode();
      const codeHash = hashCode(code);
      const fresh = {
        codeHash,
        sentAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        failedAttempts: 0,
        lockedUntil: null,
      };
      const written = await db
        .insert(t)
        .values({ email, scene, ...fresh })
        .onConflictDoUpdate({
          target: [t.email, t.scene],
          set: fresh,
          setWhere: and(lte(t.sentAt, new Date(now.getTime() - RESEND_MS)), notLocked(now)),
        })
        .returning({ email: t.email });
      if (written.length === 1) return { status: "issued", code, codeHash };
      const row = await read(email, scene);
      if (row?.lockedUntil && row.lockedUntil > now) return { status: "locked" };
      const waitMs = row ? row.sentAt.getTime() + RESEND_MS - now.getTime() : RESEND_MS;
      return { status: "tooSoon", retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },

    /** Takes back a code whose mail could not be sent, so the user may ask again at once. */
    async discard(email: string, scene: CodeScene, codeHash: string): Promise<void> {
      await db.delete(t).where(and(key(email, scene), eq(t.codeHash, codeHash)));
    },

    async check(email: string, scene: CodeScene, code: string): Promise<CheckResult> {
      const now = clock.now();
      const row = await read(email, scene);
      if (!row) return { status: "wrong", remaining: 0 };
      if (row.lockedUntil && row.lockedUntil > now) return { status: "locked" };
      if (row.failedAttempts >= WRONG_CODES_TO_LOCK || row.expiresAt <= now) return { status: "wrong", remaining: 0 };
      // the row as read must still be the live code: same code, not burnt, not locked, not expired
      const live = and(
        key(email, scene),
        eq(t.codeHash, row.codeHash),
        lt(t.failedAttempts, WRONG_CODES_TO_LOCK),
        notLocked(now),
        gt(t.expiresAt, now),
      );
      const raced = async (): Promise<CheckResult> =>
        (await lockedNow(email, scene, now)) ? { status: "locked" } : { status: "wrong", remaining: 0 };

      if (codeMatches(row.codeHash, code)) {
        const spent = await db.delete(t).where(live).returning({ email: t.email });
        return spent.length === 1 ? { status: "ok" } : raced();
      }
      const lockUntil = new Date(now.getTime() + LOCK_MS).toISOString();
      const [counted] = await db
        .update(t)
        .set({
          failedAttempts: sql`${t.failedAttempts} + 1`,
          lockedUntil: sql`case when ${t.failedAttempts} + 1 >= ${WRONG_CODES_TO_LOCK} then ${lockUntil}::timestamptz else ${t.lockedUntil} end`,
        })
        .where(live)
        .returning({ failedAttempts: t.failedAttempts });
      if (!counted) return raced();
      if (counted.failedAttempts >= WRONG_CODES_TO_LOCK) return { status: "locked" };
      return { status: "wrong", remaining: WRONG_CODES_TO_LOCK - counted.failedAttempts };
    },
  };
}

export type EmailCodes = ReturnType<typeof createEmailCodes>;

/** The rules of an account's wrong codes counted across the codes it is sent (sending a new code resets nothing). */
export interface WrongCodeWindow {
  /** the row's scene: one counter per address, apart from the codes' own rows */
  scene: "AI_WRONG_CODES";
  /** wrong codes within `windowMs` that lock the address */
  max: number;
  windowMs: number;
  lockMs: number;
}

export type WindowResult = { status: "open"; count: number } | { status: "locked" };

/**
 * A count of an address's wrong codes that outlives each code (the AI wallet's scenes): a code allows 3 guesses, and a
 * new code may be asked for every 60 s, so without it guesses would only be slowed. The counter is a row of
 * email_verifications under its own scene (no code in it): `sentAt` starts its window, `expiresAt` ends it,
 * `failedAttempts` counts and `lockedUntil` locks. The sign-up and reset codes do not use it.
 */
export function createWrongCodeWindow(db: Database, clock: Clock, rules: WrongCodeWindow) {
  const key = (email: string) => and(eq(t.email, email), eq(t.scene, rules.scene));
  return {
    /** locked, or the wrong codes counted in the window so far */
    async state(email: string): Promise<WindowResult> {
      const now = clock.now();
      const [row] = await db.select().from(t).where(key(email)).limit(1);
      if (row?.lockedUntil && row.lockedUntil > now) return { status: "locked" };
      return { status: "open", count: row && row.expiresAt > now ? row.failedAttempts : 0 };
    },

    /** counts one wrong code in one statement; the count that reaches `max` locks the address for `lockMs` */
    async countWrong(email: string): Promise<WindowResult> {
      const now = clock.now();
      const windowEnd = new Date(now.getTime() + rules.windowMs);
      const lockUntil = new Date(now.getTime() + rules.lockMs).toISOString();
      const nowText = now.toISOString();
      // a window that ended (or a lock that passed) starts again at this wrong code
      const stale = sql`(${t.expiresAt} <= ${nowText}::timestamptz or (${t.lockedUntil} is not null and ${t.lockedUntil} <= ${nowText}::timestamptz))`;
      const next = sql`(case when ${stale} then 1 else ${t.failedAttempts} + 1 end)`;
      const [row] = await db
        .insert(t)
        .values({
          email,
          scene: rules.scene,
          codeHash: "-",
          sentAt: now,
          expiresAt: windowEnd,
          failedAttempts: 1,
          lockedUntil: rules.max <= 1 ? new Date(lockUntil) : null,
        })
        .onConflictDoUpdate({
          target: [t.email, t.scene],
          set: {
            failedAttempts: next,
            sentAt: sql`case when ${stale} then ${nowText}::timestamptz else ${t.sentAt} end`,
            expiresAt: sql`case when ${stale} then ${windowEnd.toISOString()}::timestamptz else ${t.expiresAt} end`,
            lockedUntil: sql`case when ${next} >= ${rules.max} then ${lockUntil}::timestamptz when ${stale} then null else ${t.lockedUntil} end`,
          },
        })
        .returning({ failedAttempts: t.failedAttempts, lockedUntil: t.lockedUntil });
      if (row?.lockedUntil && row.lockedUntil > now) return { status: "locked" };
      return { status: "open", count: row?.failedAttempts ?? 1 };
    },
  };
}

export type WrongCodeWindowCounter = ReturnType<typeof createWrongCodeWindow>;
