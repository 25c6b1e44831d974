import { randomUUID } from "node:crypto";
import { Points } from "../../../contract/constants.ts";
import {
  type ShareBody,
  type ShareCountData,
  type ShareData,
  sharePoints,
  shareTypes,
} from "../../../contract/points.ts";
import type { Clock } from "../../providers/clock.ts";
import type { PointsLedger } from "./ledger.ts";

const DAY_MS = 86_400_000;
export const SHARE_REASON = "share";

/** The UTC day a time falls in, as [start, end). Share rewards count per UTC day, like check-ins and quotas. */
export function utcDayWindow(time: Date): { from: Date; until: Date } {
  const from = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
  return { from, until: new Date(from.getTime() + DAY_MS) };
}

/**
 * Share rewards (spec §7 points/share, getUserShareCount; §9 amounts, 10 a day). Each rewarded share is a ledger
 * credit of reason "share" whose reference is its kind; the ledger's capped apply counts the day's shares under the
 * user's lock, so 20 shares sent at once to any number of API nodes earn 10. The client names a share with a
 * request id, so a retried request is rewarded once; without one every request is a share of its own.
 */
export function createShareRewards(deps: { clock: Clock; ledger: PointsLedger }) {
  const { clock, ledger } = deps;
  const limit = Points.shareRewardsPerDay;

  return {
    async share(userId: number, body: ShareBody): Promise<ShareData> {
      const kind = shareTypes[body.type];
      const window = utcDayWindow(clock.now());
      const amount = sharePoints(kind);
      const result = await ledger.applyCapped(
        {
          userId,
          amount,
          reason: SHARE_REASON,
          reference: kind,
          idempotencyKey: `${SHARE_REASON}:${userId}:${body.requestId ?? randomUUID()}`,
        },
        { reason: SHARE_REASON, ...window, max: limit },
      );
      if (result.capped) return { rewarded: false, awarded: 0, count: result.count, limit, points: result.balance };
      return { rewarded: true, awarded: result.entry.amount, count: result.count, limit, points: result.balance };
    },

    async count(userId: number): Promise<ShareCountData> {
      const { from, until } = utcDayWindow(clock.now());
      return { count: await ledger.countIn(userId, SHARE_REASON, from, until), limit };
    },
  };
}

export type ShareRewards = ReturnType<typeof createShareRewards>;
