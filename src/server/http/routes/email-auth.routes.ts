import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { CaptchaService } from "../../features/accounts/captcha.service.ts";
import type { EmailAuthService } from "../../features/accounts/email-auth.service.ts";
import type { HumanCheck } from "../../providers/human-check.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { jsonBody } from "../validate.ts";

/** getCaptcha, humanCheck/challenge, sendEmailCode, register and modifyPassword (userLogin is in session routes). */
export function emailAuthRoutes(deps: {
  captcha: CaptchaService;
  humanCheck: HumanCheck;
  emailAuth: EmailAuthService;
}) {
  return new Hono<AppEnv>()
    .get(routes.getCaptcha.path, async (c) => {
      c.header("cache-control", "no-store");
      return ok(c, await deps.captcha.create());
    })
    .get(routes.humanCheckChallenge.path, async (c) => {
      c.header("cache-control", "no-store");
      return ok(c, await deps.humanCheck.challenge());
    })
    .post(routes.sendEmailCode.path, limitBody(routes.sendEmailCode.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.sendEmailCode.body);
      return ok(c, await deps.emailAuth.sendCode(body, c.get("clientIp")));
    })
    .post(routes.register.path, limitBody(routes.register.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.register.body);
      return ok(c, await deps.emailAuth.register(body));
    })
    .post(routes.modifyPassword.path, limitBody(routes.modifyPassword.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.modifyPassword.body);
      await deps.emailAuth.modifyPassword(body);
      return ok(c, {});
    });
}
