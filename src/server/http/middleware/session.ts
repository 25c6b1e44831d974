import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { SessionsService, SessionUser } from "../../features/accounts/sessions.service.ts";
import type { AppEnv } from "../app-env.ts";

/**
 * Resolves the bearer token to its session. A token that is unknown, expired or revoked answers 4001 on
 * any call, so the app clears its login (spec §4); a call without a token goes on as a visitor's.
 */
export function sessionResolver(sessions: SessionsService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = c.get("token");
    if (token) {
      const session = await sessions.resolve(token);
      if (!session) throw loginInvalid();
      c.set("session", session);
    } else {
      c.set("session", undefined);
    }
    await next();
  });
}

function loginInvalid(): ApiError {
  return new ApiError(ErrorCode.LoginInvalid, "loginInvalid", 401, [], "login invalid");
}

/** The signed-in caller, or 4001 (loginFirst) for a visitor. */
export function requireSession(c: Context<AppEnv>): SessionUser {
  const session = c.get("session");
  if (!session) throw new ApiError(ErrorCode.LoginInvalid, "loginFirst", 401, [], "sign in first");
  return session;
}
