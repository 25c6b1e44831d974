import { createMiddleware } from "hono/factory";
import { withRequestDevice } from "../../features/accounts/sign-in-device.ts";
import type { AppEnv } from "../app-env.ts";

/** Handles the rest of the request as coming from its device (x-device-no), which a sign-in hands over. */
export function requestDevice() {
  return createMiddleware<AppEnv>((c, next) => withRequestDevice(c.get("deviceNo"), next));
}
