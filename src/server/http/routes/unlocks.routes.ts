import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { unlockRoutes as contract, type TimedUnlockScenario } from "../../../contract/unlocks.ts";
import { subjectOf, type UnlocksService, unlockRequired } from "../../features/unlocks/unlocks.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody, queryParams } from "../validate.ts";

/**
 * Unlocks and redemption with points (spec §7 points/pointsExchange, points/confirmExchange,
 * points/insight/analysis/check, and a check for any scenario): signed in only.
 */
export function unlocksRoutes(unlocks: UnlocksService) {
  return new Hono<AppEnv>()
    .post(contract.pointsExchange.path, limitBody(contract.pointsExchange.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.pointsExchange.body);
      return ok(c, await unlocks.redeemWithPoints(userId, body));
    })
    .post(contract.confirmExchange.path, limitBody(contract.confirmExchange.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.confirmExchange.body);
      return ok(c, await unlocks.unlockWithAllowance(userId, body));
    })
    .get(contract.unlockCheck.path, async (c) => {
      const { userId } = requireSession(c);
      const query = queryParams(c, contract.unlockCheck.query);
      return ok(c, await unlocks.status(userId, subjectOf(query)));
    })
    .get(contract.insightAnalysisCheck.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await unlocks.status(userId, { scenario: "INSIGHT", target: "" }));
    });
}

/**
 * Guards a feature a 24-hour unlock opens (for the request methods given): a standard user needs the unlock in
 * force (1001 unlockRequired otherwise); trial and VIP pass. Visitors pass too: the features open to visitors
 * today (a shared report, the forecast card) stay open to them, and what a visitor does is already limited per
 * device and address.
 */
export function requireUnlock(
  unlocks: Pick<UnlocksService, "hasAccess">,
  scenario: TimedUnlockScenario,
  methods: readonly string[] = ["POST"],
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get("session");
    if (session && methods.includes(c.req.method)) {
      if (!(await unlocks.hasAccess(session.userId, { scenario, target: "" }))) throw unlockRequired(scenario);
    }
    await next();
  });
}
