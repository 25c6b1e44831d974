import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { IdentityAuthService } from "../../features/accounts/identity-auth.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { requestConnection } from "../request-site.ts";
import { jsonBody } from "../validate.ts";

/** telegramLogin, wallet/nonce, userLoginOther and socialLogin (wallet sign-in itself is userLogin type 1). */
export function identityAuthRoutes(deps: { identityAuth: IdentityAuthService }) {
  const { identityAuth } = deps;
  return new Hono<AppEnv>()
    .post(routes.telegramLogin.path, limitBody(routes.telegramLogin.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.telegramLogin.body);
      return ok(c, await identityAuth.telegramLogin(body.initData));
    })
    .get(routes.walletNonce.path, async (c) => {
      c.header("cache-control", "no-store");
      return ok(c, await identityAuth.walletNonce(requestConnection(c)));
    })
    .post(routes.userLoginOther.path, limitBody(routes.userLoginOther.maxBodyBytes), async (c) => {
      const session = requireSession(c);
      const body = await jsonBody(c, routes.userLoginOther.body);
      return ok(c, await identityAuth.linkWalletToEmail(body, session));
    })
    .post(routes.socialLogin.path, limitBody(routes.socialLogin.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.socialLogin.body);
      return ok(c, await identityAuth.googleLogin(body));
    });
}
