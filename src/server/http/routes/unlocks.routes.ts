import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { ErrorCode } from "../../../contract/errors.ts";
import { unlockRoutes as contract, type TimedUnlockScenario } from "../../../contract/unlocks.ts";
import { ApiError } from "../../api-error.ts";
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
 * force (1001 unlockRequired otherwise); trial and VIP pass. A visitor is asked to sign in (4001 loginFirst), as
 * for the strategy diagram: otherwise signing out would open what a standard account pays for. Reading what was
 * made (a shared report and its PDF) stays open to anyone with the link.
 */
export function requireUnlock(
  unlocks: Pick<UnlocksService, "hasAccess">,
  scenario: TimedUnlockScenario,
  methods: readonly string[] = ["POST"],
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get("session");
    if (methods.includes(c.req.method)) {
      // spec §4: a visitor is asked to sign in first (a new account's trial then opens it)
      if (!session) throw new ApiError(ErrorCode.LoginInvalid, "loginFirst", 401, [], "sign in first");
      if (!(await unlocks.hasAccess(session.userId, { scenario, target: "" }))) throw unlockRequired(scenario);
    }
    await next();
  });
}
