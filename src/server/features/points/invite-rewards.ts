import { randomInt } from "node:crypto";
import { and, count, desc, eq, like, sql, sum } from "drizzle-orm";
import { Points } from "../../../contract/constants.ts";
import { type InviteInfoData, inviteListMax } from "../../../contract/points.ts";
import type { Database } from "../../db/client.ts";
import { pointsLedger, telegramReferrals, users } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { IdempotencyConflictError, type PointsLedger } from "./ledger.ts";

export const INVITE_REASON = "invite";

/** The keys of an invitation's two rewards: one invitee is rewarded (with their inviter) once, ever. */
export const inviteKeys = (inviteeId: number) => ({
  inviter: `${INVITE_REASON}:${inviteeId}:inviter`,
  invitee: `${INVITE_REASON}:${inviteeId}:invitee`,
});

/** An invitation code as the sign-up form and the bot take it (spec §5: uppercase letters and digits). */
const INVITATION_CODE = /^[A-Z0-9]{1,32}$/;
/** a `ref_<code>` start parameter (the bot's /start payload, the mini app's startapp) */
const REF_PARAM = /^ref_([A-Z0-9]{1,32})$/;

export type InviteOutcome =
  | { rewarded: true; inviterId: number; inviterPoints: number; inviteePoints: number }
  | { rewarded: false; reason: "noCode" | "unknownCode" | "self" | "already" | "failed" };

export interface InviteRewardsDeps {
  db: Database;
  ledger: PointsLedger;
  logger: Logger;
  /** the Telegram bot's @username once it is up (for the t.me invitation link), else undefined */
  botUsername: () => string | undefined;
  /** a whole number in [min, max] drawn uniformly: node:crypto's randomInt unless a test fixes it */
  random?: (min: number, max: number) => number;
}

/** The new account as the invitation sees it. */
export interface NewAccount {
  id: number;
  inviterCode: string | null;
}

/**
 * Invitations (spec §1, §9: both sides get a random 10-100 points). An account is only ever created once its
 * owner is verified (an email sign-up by its emailed code, a Telegram account by its signed init data, a wallet by
 * its signature), so creation is when both sides are rewarded. The inviter is named by the account's inviter code:
 * the sign-up form's `inviter`, a wallet sign-in's `inviter`, or for Telegram the referral the bot recorded
 * (`/start ref_<code>`) or the signed init data's `ref_<code>` start parameter. The rewards' keys name the invitee,
 * so they are credited once however often this runs, and never to an account for itself.
 */
export function createInviteRewards(deps: InviteRewardsDeps) {
  const { db, ledger, logger } = deps;
  const draw = deps.random ?? ((min: number, max: number) => randomInt(min, max + 1));
  const drawReward = () => draw(Points.inviteRewardMin, Points.inviteRewardMax);

  /** One side's credit; false when that side was rewarded before (the key's first, random amount stands). */
  const credit = async (userId: number, key: string, reference: string): Promise<number | undefined> => {
    try {
      const result = await ledger.apply({
        userId,
        amount: drawReward(),
        reason: INVITE_REASON,
        reference,
        idempotencyKey: key,
      });
      return result.replayed ? undefined : result.entry.amount;
    } catch (error) {
      if (error instanceof IdempotencyConflictError) return undefined;
      throw error;
    }
  };

  return {
    /**
     * The inviter code a new Telegram account gets: the referral the bot recorded for this Telegram user, else a
     * `ref_<code>` start parameter of the init data the account signed in with (signed by Telegram with the rest).
     */
    async telegramInviterCode(telegramUserId: string, startParam: string | undefined): Promise<string | undefined> {
      const id = Number(telegramUserId);
      if (Number.isSafeInteger(id)) {
        const [referral] = await db
          .select({ code: telegramReferrals.invitationCode })
          .from(telegramReferrals)
          .where(eq(telegramReferrals.telegramUserId, id))
          .limit(1);
        if (referral) return referral.code;
      }
      return startParam?.match(REF_PARAM)?.[1];
    },

    /**
     * Rewards an invitation when a new, verified account names an existing account's invitation code. Never
     * throws: a sign-up does not fail over its reward (a failure is logged).
     */
    async accountCreated(account: NewAccount): Promise<InviteOutcome> {
      const code = account.inviterCode;
      if (!code || !INVITATION_CODE.test(code)) return { rewarded: false, reason: "noCode" };
      try {
        const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.invitationCode, code)).limit(1);
        if (!inviter) return { rewarded: false, reason: "unknownCode" };
        if (inviter.id === account.id) return { rewarded: false, reason: "self" };
        const keys = inviteKeys(account.id);
        const inviterPoints = await credit(inviter.id, keys.inviter, String(account.id));
        const inviteePoints = await credit(account.id, keys.invitee, String(inviter.id));
        if (inviterPoints === undefined || inviteePoints === undefined) return { rewarded: false, reason: "already" };
        logger.info({ inviterId: inviter.id, inviteeId: account.id }, "invitation rewarded");
        return { rewarded: true, inviterId: inviter.id, inviterPoints, inviteePoints };
      } catch (error) {
        logger.error({ err: error, inviteeId: account.id }, "invitation reward failed");
        return { rewarded: false, reason: "failed" };
      }
    },

    /** The user's code, the bot's link, and the accounts invited with the points each earned the user. */
    async info(userId: number): Promise<InviteInfoData | undefined> {
      const [user] = await db
        .select({ invitationCode: users.invitationCode })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) return undefined;
      // the inviter's side of each invitation: its key ends in ":inviter" and its reference is the invitee's id
      const mine = and(
        eq(pointsLedger.userId, userId),
        eq(pointsLedger.reason, INVITE_REASON),
        like(pointsLedger.idempotencyKey, `${INVITE_REASON}:%:inviter`),
      );
      const [totals, rows] = await Promise.all([
        db
          .select({ count: count(), points: sum(pointsLedger.amount) })
          .from(pointsLedger)
          .where(mine),
        db
          .select({ userName: users.username, createdAt: pointsLedger.createdAt, points: pointsLedger.amount })
          .from(pointsLedger)
          .leftJoin(users, eq(users.id, sql`${pointsLedger.reference}::bigint`))
          .where(mine)
          .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
          .limit(inviteListMax),
      ]);
      const bot = deps.botUsername();
      return {
        invitationCode: user.invitationCode,
        botLink: bot ? `https://t.me/${encodeURIComponent(bot)}?start=ref_${user.invitationCode}` : null,
        count: totals[0]?.count ?? 0,
        points: Number(totals[0]?.points ?? 0),
        list: rows.map((row) => ({
          userName: row.userName ?? "",
          createTime: row.createdAt.toISOString(),
          points: row.points,
        })),
      };
    },
  };
}

export type InviteRewards = ReturnType<typeof createInviteRewards>;
