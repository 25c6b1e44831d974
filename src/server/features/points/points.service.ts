import { and, eq, sql } from "drizzle-orm";
import { checkInPoints } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import type { ActListData, SignData, SignInfoData, UserPointsInfoData } from "../../../contract/points.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { pointsLedger } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import { IdempotencyConflictError, type PointsLedger } from "./ledger.ts";

const DAY_MS = 86_400_000;
export const CHECK_IN_REASON = "checkIn";

/** The UTC day of a time, YYYY-MM-DD: a check-in day turns at 00:00 UTC, like the daily quotas. */
export const utcDay = (time: Date): string => time.toISOString().slice(0, 10);
const dayAfter = (day: string, days: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The idempotency key of a user's check-in on a day: one per user and UTC day, whichever node takes it. */
export const checkInKey = (userId: number, day: string): string => `${CHECK_IN_REASON}:${userId}:${day}`;

/** What the points center shows of the user's profile (user info has it). */
export interface PointsProfile {
  username: string;
  avatarUrl: string | null;
  invitationCode: string;
}

export interface PointsServiceDeps {
  db: Database;
  clock: Clock;
  ledger: PointsLedger;
  /** the user's profile, or undefined when the account is gone */
  profile(userId: number): Promise<PointsProfile | undefined>;
  /** the points products on sale and the user's bought packages (the points info's two lists); none without it */
  purchases?: {
    chargePointsLists(): unknown[];
    boughtPackages(userId: number): Promise<unknown[]>;
  };
}

function alreadyCheckedIn(): ApiError {
  return new ApiError(ErrorCode.RequestFailed, "alreadyCheckedIn", 409, [], "already checked in today");
}

function noSuchUser(): ApiError {
  return new ApiError(ErrorCode.LoginInvalid, "loginInvalid", 401, [], "login invalid");
}

/**
 * The points center (spec §1 points system: check-in, §3 user points info): the balance from the ledger, the daily
 * check-in and the history. A check-in is a ledger credit under the key `checkIn:<user>:<UTC day>`, so the ledger's
 * unique key is what allows one a day, even for two taps sent to two nodes at once; its reference is the day, which
 * the streak is counted from.
 */
export function createPointsService(deps: PointsServiceDeps) {
  const { db, clock, ledger } = deps;

  /**
   * The newest run of consecutive check-in days: its last day and its length (gaps and islands: a day minus its
   * rank is the same for every day of one run), or undefined before the first check-in.
   */
  const latestRun = async (userId: number): Promise<{ last: string; length: number } | undefined> => {
    const days = sql`select distinct ${pointsLedger.reference}::date as d from ${pointsLedger}
      where ${and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, CHECK_IN_REASON))}`;
    const result = await db.execute(sql`with days as (${days}),
      runs as (select d, d - (row_number() over (order by d))::int as grp from days)
      select to_char(max(d), 'YYYY-MM-DD') as last, count(*)::int as length from runs
      where grp = (select grp from runs order by d desc limit 1)`);
    const row = (result as unknown as { rows: { last: string | null; length: number | string }[] }).rows[0];
    return row?.last ? { last: row.last, length: Number(row.length) } : undefined;
  };

  /** Today's state: whether today is done, the streak as of today (kept while yesterday was checked in). */
  const state = async (userId: number) => {
    const today = utcDay(clock.now());
    const run = await latestRun(userId);
    const checkedInToday = run?.last === today;
    const streakAlive = run !== undefined && (checkedInToday || run.last === dayAfter(today, -1));
    return { today, checkedInToday, streak: streakAlive ? run.length : 0 };
  };

  return {
    /** spec §3 user points info: the points products on sale (chargePointsLists) and the packages bought */
    async userPointsInfo(userId: number): Promise<UserPointsInfoData> {
      const [profile, points, bought] = await Promise.all([
        deps.profile(userId),
        ledger.balance(userId),
        deps.purchases?.boughtPackages(userId) ?? [],
      ]);
      if (!profile) throw noSuchUser();
      return {
        userName: profile.username,
        userId: String(userId),
        imageUrl: profile.avatarUrl,
        points,
        invitationCode: profile.invitationCode,
        chargePointsLists: deps.purchases?.chargePointsLists() ?? [],
        buyProductLists: bought,
      };
    },

    async signInfo(userId: number): Promise<SignInfoData> {
      const [{ today, checkedInToday, streak }, points] = await Promise.all([state(userId), ledger.balance(userId)]);
      const todayEntry = checkedInToday ? await ledger.find(checkInKey(userId, today)) : undefined;
      return {
        checkedInToday,
        streak,
        todayPoints: todayEntry?.amount ?? 0,
        nextPoints: checkInPoints(streak + 1),
        nextDay: checkedInToday ? dayAfter(today, 1) : today,
        points,
      };
    },

    /**
     * Checks in for today. The award follows the streak: the day after a check-in extends it, a missed day starts
     * again at 1. A second check-in on the same day, also one racing the first, answers alreadyCheckedIn.
     */
    async checkIn(userId: number): Promise<SignData> {
      const { today, checkedInToday, streak } = await state(userId);
      if (checkedInToday) throw alreadyCheckedIn();
      const day = streak + 1;
      try {
        const result = await ledger.apply({
          userId,
          amount: checkInPoints(day),
          reason: CHECK_IN_REASON,
          reference: today,
          idempotencyKey: checkInKey(userId, today),
        });
        if (result.replayed) throw alreadyCheckedIn();
        return { awarded: result.entry.amount, streak: day, points: result.balance };
      } catch (error) {
        // a racing check-in of the same day won (its award may differ only if the streak moved meanwhile)
        if (error instanceof IdempotencyConflictError) throw alreadyCheckedIn();
        throw error;
      }
    },

    async history(userId: number, page: number, pageSize: number): Promise<ActListData> {
      const { list, total } = await ledger.history(userId, page, pageSize);
      return {
        list: list.map((row) => ({
          id: String(row.id),
          amount: row.amount,
          reason: row.reason,
          reference: row.reference,
          createTime: row.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
