import { Hono } from "hono";
import { ErrorCode } from "../../../contract/errors.ts";
import { pointsRoutes as contract } from "../../../contract/points.ts";
import { ApiError } from "../../api-error.ts";
import type { InviteRewards } from "../../features/points/invite-rewards.ts";
import type { PointsService } from "../../features/points/points.service.ts";
import type { ShareRewards } from "../../features/points/share-rewards.ts";
import type { TwitterTasks } from "../../features/points/twitter-tasks.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody, queryParams } from "../validate.ts";

/** The rewards beyond the check-in: invitations, shares and Twitter tasks. */
export interface PointsRewards {
  invites: Pick<InviteRewards, "info">;
  shares: ShareRewards;
  twitter: TwitterTasks;
}

/**
 * The points center (spec §7 points/getUserPointsInfo, getUserSignInfo, points/sign, getUserActList, points/share,
 * getUserShareCount, twitterSignin, twitterBinding, twitterUnBinding, verifyUserOperation, getUserVerifiedTask, and
 * the invitations' points/getInviteInfo): signed in only.
 */
export function pointsRoutes(points: PointsService, rewards: PointsRewards) {
  return (
    new Hono<AppEnv>()
      .get(contract.getUserPointsInfo.path, async (c) => {
        const { userId } = requireSession(c);
        return ok(c, await points.userPointsInfo(userId));
      })
      .get(contract.getUserSignInfo.path, async (c) => {
        const { userId } = requireSession(c);
        return ok(c, await points.signInfo(userId));
      })
      // the check-in takes no fields: any body is ignored (the limit keeps it small)
      .post(contract.pointsSign.path, limitBody(contract.pointsSign.maxBodyBytes), async (c) => {
        const { userId } = requireSession(c);
        return ok(c, await points.checkIn(userId));
      })
      .get(contract.getUserActList.path, async (c) => {
        const { userId } = requireSession(c);
        const { page, pageSize } = queryParams(c, contract.getUserActList.query);
        return ok(c, await points.history(userId, page, pageSize));
      })
      .post(contract.pointsShare.path, limitBody(contract.pointsShare.maxBodyBytes), async (c) => {
        const { userId } = requireSession(c);
        const body = await jsonBody(c, contract.pointsShare.body);
        return ok(c, await rewards.shares.share(userId, body));
      })
      .get(contract.getUserShareCount.path, async (c) => {
        const { userId } = requireSession(c);
        return ok(c, await rewards.shares.count(userId));
      })
      .get(contract.getInviteInfo.path, async (c) => {
        const { userId } = requireSession(c);
        const info = await rewards.invites.info(userId);
        if (!info) throw new ApiError(ErrorCode.LoginInvalid, "loginInvalid", 401, [], "login invalid");
        return ok(c, info);
      })
      .get(contract.twitterSignin.path, async (c) => {
        const { userId } = requireSession(c);
        return ok(c, await rewards.twitter.signIn(userId));
      })
      .get(contract.twitterBinding.path, async (c) => {
        const { userId } = requireSession(c);
        const { code, state } = queryParams(c, contract.twitterBinding.query);
        return ok(c, await rewards.twitter.bind(userId, code, state));
      })
      .get(contract.twitterUnBinding.path, async (c) => {
        const { userId } = requireSession(c);
        return ok(c, await rewards.twitter.unbind(userId));
      })
      .get(contract.verifyUserOperation.path, async (c) => {
        const { userId } = requireSession(c);
        const { task } = queryParams(c, contract.verifyUserOperation.query);
        return ok(c, await rewards.twitter.verify(userId, task));
      })
      .get(contract.getUserVerifiedTask.path, async (c) => {
        const { userId } = requireSession(c);
        return ok(c, await rewards.twitter.tasks(userId));
      })
  );
}
