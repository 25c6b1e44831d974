import { and, eq, sql } from "drizzle-orm";
import { ErrorCode } from "../../../contract/errors.ts";
import {
  hasTarget,
  isTimedScenario,
  offeredUnlockScenarios,
  UNLOCK_MS,
  type UnlockRequest,
  type UnlockScenario,
  type UnlockStatusData,
  unlockPrice,
} from "../../../contract/unlocks.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { unlocks } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import {
  type CardHolder,
  effectiveCard,
  isUnlimitedCard,
  STANDARD_DAILY_ANALYSIS,
  STANDARD_DAILY_EXCHANGE,
} from "../accounts/card.ts";
import { QuotaKind, type QuotaService, userSubject } from "../accounts/quota.service.ts";
import type { PointsLedger } from "../points/ledger.ts";

export interface UnlocksDeps {
  db: Database;
  clock: Clock;
  ledger: PointsLedger;
  quota: QuotaService;
  /** the user's card, or undefined when the account is gone */
  holder(userId: number): Promise<CardHolder | undefined>;
}

/** What an unlock is of: its scenario and, for one message, "msggroup/msgid" ("" for a whole feature). */
export interface UnlockSubject {
  scenario: UnlockScenario;
  target: string;
}

/** The ledger's reason for a redemption (a debit). */
export const REDEEM_REASON = "redeem";

export function subjectOf(request: Pick<UnlockRequest, "scenario" | "msggroup" | "msgid">): UnlockSubject {
  return {
    scenario: request.scenario,
    target: hasTarget(request.scenario) ? `${request.msggroup}/${request.msgid}` : "",
  };
}

function cannotRedeemTwice(subject: UnlockSubject): ApiError {
  return new ApiError(
    ErrorCode.CannotRedeemTwice,
    "cannotRedeemTwice",
    409,
    [{ field: subject.target ? "msgid" : "scenario", key: "cannotRedeemTwice" }],
    `${subject.scenario} ${subject.target} is already unlocked`,
  );
}

function notOffered(scenario: UnlockScenario): ApiError {
  return new ApiError(
    ErrorCode.PaymentScenarioMissing,
    "payScenarioMissing",
    400,
    [{ field: "scenario", key: "payScenarioMissing" }],
    `scenario: ${scenario} is not a feature of this product yet`,
  );
}

function loginInvalid(): ApiError {
  return new ApiError(ErrorCode.LoginInvalid, "loginInvalid", 401, [], "login invalid");
}

/** A feature guarded by an unlock, used by a standard user without one in force. */
export function unlockRequired(scenario: UnlockScenario): ApiError {
  return new ApiError(
    ErrorCode.RequestFailed,
    "unlockRequired",
    403,
    [{ field: "scenario", key: "unlockRequired" }],
    `scenario: ${scenario} needs an unlock`,
  );
}

/**
 * Unlocks and redemption (spec §4, §7): a strategy diagram for good, 24 hours of a feature, one more chat today.
 *
 * Each unlock has an idempotency key made of the user, the scenario and the target (for a 24-hour unlock: the end of
 * the one before it), unique in the `unlocks` table, and the points debit carries the same key in the ledger. The row
 * goes in first: a second redemption of the same thing, concurrent or later and on any node, finds the key taken
 * and answers 8002 without touching the ledger; then the debit, which the ledger applies once under its per-user
 * lock (20004 when the balance is short). A debit that fails takes its row out again, so nothing stays unlocked
 * unpaid; a debit retried after a lost answer is the same ledger key, never a second charge. Allowance unlocks and
 * chat redemptions count in the daily quotas (analysis, exchange), taken before the row and given back if it does
 * not go in.
 *
 * Trial and VIP cards need no unlock (spec §4 state 1): their calls answer true and take nothing.
 */
export function createUnlocksService(deps: UnlocksDeps) {
  const { db, clock, ledger, quota } = deps;

  const unlimited = async (userId: number): Promise<boolean> => {
    const holder = await deps.holder(userId);
    if (!holder) throw loginInvalid();
    return isUnlimitedCard(effectiveCard(holder, clock.now()));
  };

  /** The subject's latest unlock: a message's (for good), or the feature's 24 hours that end last. */
  const latest = async (userId: number, subject: UnlockSubject) => {
    const [row] = await db
      .select({ expiresAt: unlocks.expiresAt })
      .from(unlocks)
      .where(
        and(eq(unlocks.userId, userId), eq(unlocks.scenario, subject.scenario), eq(unlocks.target, subject.target)),
      )
      .orderBy(sql`${unlocks.expiresAt} desc nulls first`)
      .limit(1);
    return row;
  };

  const isInForce = (row: { expiresAt: Date | null } | undefined): row is { expiresAt: Date | null } =>
    row !== undefined && (row.expiresAt === null || row.expiresAt.getTime() > clock.now().getTime());

  /**
   * The idempotency key of the next unlock of a subject, from the same read that found none in force: a message's
   * is one for ever; a feature's names the end of the unlock before it, so redemptions racing after the same
   * expiry share a key and one lands (a key read after another's row went in would see that row in force).
   */
  const keyAfter = (userId: number, subject: UnlockSubject, last: { expiresAt: Date | null } | undefined): string => {
    const base = `unlock:${userId}:${subject.scenario}:${subject.target}`;
    if (!isTimedScenario(subject.scenario)) return base;
    return `${base}:after:${last?.expiresAt?.toISOString() ?? "none"}`;
  };

  const insert = async (values: {
    userId: number;
    subject: UnlockSubject;
    paidWith: "allowance" | "points";
    points: number;
    idempotencyKey: string;
  }) => {
    const now = clock.now();
    const [row] = await db
      .insert(unlocks)
      .values({
        userId: values.userId,
        scenario: values.subject.scenario,
        target: values.subject.target,
        paidWith: values.paidWith,
        points: values.points,
        idempotencyKey: values.idempotencyKey,
        expiresAt: isTimedScenario(values.subject.scenario) ? new Date(now.getTime() + UNLOCK_MS) : null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: unlocks.idempotencyKey })
      .returning({ id: unlocks.id });
    return row;
  };

  /**
   * The checks every unlock call starts with: the idempotency key of the unlock to make, or undefined when nothing
   * needs unlocking (trial, VIP).
   */
  const nextKey = async (userId: number, subject: UnlockSubject): Promise<string | undefined> => {
    if (!offeredUnlockScenarios.includes(subject.scenario)) throw notOffered(subject.scenario);
    if (await unlimited(userId)) return undefined;
    const last = await latest(userId, subject);
    if (isInForce(last)) throw cannotRedeemTwice(subject);
    return keyAfter(userId, subject, last);
  };

  return {
    /** points/pointsExchange: an unlock or one more chat today, paid with points. */
    async redeemWithPoints(userId: number, request: UnlockRequest): Promise<true> {
      const subject = subjectOf(request);
      const idempotencyKey = await nextKey(userId, subject);
      if (!idempotencyKey) return true;
      const price = unlockPrice(subject.scenario);
      const owner = userSubject(userId);
      let exchangeDay: string | undefined;
      if (subject.scenario === "CHAT") {
        const taken = await quota.consume(owner, QuotaKind.exchange, STANDARD_DAILY_EXCHANGE);
        if (!taken.allowed) {
          throw new ApiError(ErrorCode.NoRemainingChats, "noRemainingChats", 409, [], "no chats left to redeem today");
        }
        exchangeDay = taken.day;
      }
      const giveBack = async () => {
        if (exchangeDay) await quota.release(owner, QuotaKind.exchange, exchangeDay);
      };
      const row = await insert({ userId, subject, paidWith: "points", points: price, idempotencyKey });
      if (!row) {
        await giveBack();
        throw cannotRedeemTwice(subject);
      }
      try {
        await ledger.apply({
          userId,
          amount: -price,
          reason: REDEEM_REASON,
          reference: subject.target ? `${subject.scenario}:${subject.target}` : subject.scenario,
          idempotencyKey,
        });
      } catch (error) {
        await db.delete(unlocks).where(eq(unlocks.id, row.id));
        await giveBack();
        throw error;
      }
      return true;
    },

    /** points/confirmExchange: an unlock paid with one of the day's allowance (allowance_num). */
    async unlockWithAllowance(userId: number, request: UnlockRequest): Promise<true> {
      const subject = subjectOf(request);
      if (subject.scenario === "CHAT") {
        // chats are redeemed with points only: the allowance is for unlocks
        throw ApiError.invalid([{ field: "scenario", key: "invalidValue" }], "scenario: CHAT is redeemed with points");
      }
      const idempotencyKey = await nextKey(userId, subject);
      if (!idempotencyKey) return true;
      const owner = userSubject(userId);
      const taken = await quota.consume(owner, QuotaKind.analysis, STANDARD_DAILY_ANALYSIS);
      if (!taken.allowed) {
        throw new ApiError(ErrorCode.RequestFailed, "noUnlocksLeft", 409, [], "no unlocks left today");
      }
      const row = await insert({ userId, subject, paidWith: "allowance", points: 0, idempotencyKey });
      if (!row) {
        await quota.release(owner, QuotaKind.analysis, taken.day);
        throw cannotRedeemTwice(subject);
      }
      return true;
    },

    /** Whether the user may use the subject now, and until when. */
    async status(userId: number, subject: UnlockSubject): Promise<UnlockStatusData> {
      if (await unlimited(userId)) {
        return { scenario: subject.scenario, unlocked: true, unlimited: true, expiresAt: null };
      }
      const row = await latest(userId, subject);
      const unlocked = isInForce(row);
      return {
        scenario: subject.scenario,
        unlocked,
        unlimited: false,
        expiresAt: unlocked ? (row.expiresAt?.toISOString() ?? null) : null,
      };
    },

    /** For the guards of the unlocked features: may the user use the subject now. */
    async hasAccess(userId: number, subject: UnlockSubject): Promise<boolean> {
      return (await unlimited(userId)) || isInForce(await latest(userId, subject));
    },
  };
}

export type UnlocksService = ReturnType<typeof createUnlocksService>;
