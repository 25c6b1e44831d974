import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { FeedbackService } from "../../features/feedback/feedback.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { jsonBody } from "../validate.ts";

export function feedbackRoutes(feedback: FeedbackService) {
  return new Hono<AppEnv>().post(routes.addFeedback.path, limitBody(routes.addFeedback.maxBodyBytes), async (c) => {
    const body = await jsonBody(c, routes.addFeedback.body);
    const created = await feedback.submit(body, { deviceNo: c.get("deviceNo"), userId: undefined });
    return ok(c, created);
  });
}
