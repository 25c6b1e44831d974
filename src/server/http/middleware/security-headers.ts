import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";

/**
 * Security headers of the web app's pages and files. No X-Frame-Options: Telegram's web clients show the
 * mini app in a frame.
 */
export function securityHeaders() {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.header("x-content-type-options", "nosniff");
    c.header("referrer-policy", "strict-origin-when-cross-origin");
    c.header("cross-origin-opener-policy", "same-origin-allow-popups");
    c.header("strict-transport-security", "max-age=15552000; includeSubDomains");
    c.header("x-dns-prefetch-control", "off");
    c.header("x-permitted-cross-domain-policies", "none");
    await next();
  });
}
