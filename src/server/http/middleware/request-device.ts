import { createMiddleware } from "hono/factory";
import { routes } from "../../../contract/routes.ts";
import { withSignInDevice } from "../../features/accounts/sign-in-device.ts";
import type { AppEnv } from "../app-env.ts";

/** The routes that may start a session, whose device's visitor chats and uploads go to the account. */
export const SIGN_IN_PATHS = [
  routes.userLogin.path,
  routes.register.path,
  routes.telegramLogin.path,
  routes.userLoginOther.path,
  routes.socialLogin.path,
  routes.tonLogin.path,
];

/** Handles the rest of a sign-in request as coming from its device (x-device-no). */
export function requestDevice() {
  return createMiddleware<AppEnv>((c, next) => withSignInDevice(c.get("deviceNo"), next));
}
