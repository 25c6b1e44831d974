import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { TonAuthService } from "../../features/accounts/ton-auth.service.ts";
import type { RateLimiter } from "../../providers/rate-limiter.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { authRateLimit } from "../middleware/api-guards.ts";
import { requestConnection } from "../request-site.ts";
import { jsonBody } from "../validate.ts";

export interface TonAuthRoutesDeps {
  tonAuth: TonAuthService;
  /** the tighter allowance of sign-in routes */
  authLimiter: RateLimiter;
}

/** ton/proof/payload and tonLogin (TON Connect sign-in). */
export function tonAuthRoutes(deps: TonAuthRoutesDeps) {
  const { tonAuth } = deps;
  const limit = authRateLimit(deps.authLimiter);
  return new Hono<AppEnv>()
    .get(routes.tonProofPayload.path, limit, async (c) => {
      c.header("cache-control", "no-store");
      return ok(c, await tonAuth.proofPayload(requestConnection(c)));
    })
    .post(routes.tonLogin.path, limit, limitBody(routes.tonLogin.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.tonLogin.body);
      return ok(c, await tonAuth.tonLogin(body, requestConnection(c)));
    });
}

export interface TonConnectManifestDeps {
  /** names the origin: PUBLIC_URL's, else the request's own site when this server serves it (else 1001) */
  tonAuth: Pick<TonAuthService, "manifestOrigin">;
  /** a manifest hosted elsewhere (TONCONNECT_MANIFEST_URL): then this route is not needed */
  manifestUrl: string | undefined;
}

/**
 * GET /tonconnect-manifest.json: a wallet shows the manifest's name and icon and signs its url's host into the
 * ton_proof, so the url is PUBLIC_URL's origin, else the loopback site the request came to; a request with
 * another Host gets 1001 unknownHost, never a manifest naming that host. public/tonconnect-manifest.json is the
 * Vite dev server's copy.
 */
export function tonConnectManifestRoutes(deps: TonConnectManifestDeps) {
  const app = new Hono<AppEnv>();
  if (deps.manifestUrl) return app;
  return app.get("/tonconnect-manifest.json", (c) => {
    const origin = deps.tonAuth.manifestOrigin(requestConnection(c));
    c.header("cache-control", "public, max-age=3600");
    c.header("access-control-allow-origin", "*");
    return c.json({ url: origin, name: "MountainLion", iconUrl: `${origin}/tonconnect-icon.png` });
  });
}
