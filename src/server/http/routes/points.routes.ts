import { Hono } from "hono";
import { pointsRoutes as contract } from "../../../contract/points.ts";
import type { PointsService } from "../../features/points/points.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { queryParams } from "../validate.ts";

/** The points center (spec §7 points/getUserPointsInfo, getUserSignInfo, points/sign, getUserActList): signed in only. */
export function pointsRoutes(points: PointsService) {
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
  );
}
