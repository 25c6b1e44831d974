// SKELETON (helper B replaces): telegramLogin, wallet/nonce, userLoginOther, socialLogin.
import { Hono } from "hono";
import type { IdentityAuthService } from "../../features/accounts/identity-auth.service.ts";
import type { AppEnv } from "../app-env.ts";

export function identityAuthRoutes(_deps: { identityAuth: IdentityAuthService }) {
  return new Hono<AppEnv>();
}
