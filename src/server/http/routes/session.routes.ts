import { Hono } from "hono";
import { z } from "zod";
import { emailLoginBodySchema, walletLoginBodySchema } from "../../../contract/auth.ts";
import { routes } from "../../../contract/routes.ts";
import type { EmailAuthService } from "../../features/accounts/email-auth.service.ts";
import type { IdentityAuthService } from "../../features/accounts/identity-auth.service.ts";
import type { SessionsService } from "../../features/accounts/sessions.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { requestConnection } from "../request-site.ts";
import { jsonBody, parseWith } from "../validate.ts";

export interface SessionRoutesDeps {
  sessions: SessionsService;
  emailAuth: EmailAuthService;
  identityAuth: IdentityAuthService;
  accountName(userId: number): Promise<string>;
}

/** userLogin (email or wallet), checkLogin and loginOut. */
export function sessionRoutes(deps: SessionRoutesDeps) {
  return new Hono<AppEnv>()
    .post(routes.userLogin.path, limitBody(routes.userLogin.maxBodyBytes), async (c) => {
      // Pick the form by `type` first, so a missing field is named (a union would only say "body").
      const raw = await jsonBody(c, z.unknown());
      const isWallet = typeof raw === "object" && raw !== null && "type" in raw && raw.type === 1;
      if (isWallet) {
        const body = parseWith(walletLoginBodySchema, raw);
        return ok(c, await deps.identityAuth.walletLogin(body, requestConnection(c)));
      }
      return ok(c, await deps.emailAuth.login(parseWith(emailLoginBodySchema, raw)));
    })
    .get(routes.checkLogin.path, async (c) => {
      const session = requireSession(c);
      return ok(c, { account: await deps.accountName(session.userId), user_id: String(session.userId) });
    })
    .get(routes.loginOut.path, async (c) => {
      const session = c.get("session");
      if (session) await deps.sessions.revoke(session.sessionId);
      return ok(c, {});
    });
}
