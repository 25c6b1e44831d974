import { Hono } from "hono";
import { API_PREFIX } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { routes } from "../../../contract/routes.ts";
import { ApiError } from "../../api-error.ts";
import type { AppEnv } from "../app-env.ts";

/** The spec's three `/v1/api` calls and the `/v2/api` route that answers each (same guards, same envelope). */
const V1_CALLS: Record<string, string | undefined> = {
  "/dashboard/token/search": routes.symbolSearch.path,
  "/recommendSwapQuestion": routes.getSwapAgentQuestion.path,
  // the NFT agent is not built yet: its questions answer "coming" rather than the web app's page
  "/getNftAgentQuestion": undefined,
};

/** `/v<digits>/api` and anything under it, with the version (what the route `/:version{v[0-9]+}/api/*` matched). */
const VERSIONED_API = /^\/(v[0-9]+)\/api(?:\/|$)/;

/**
 * Every other API version's path answers JSON, never the web app's HTML: the three `/v1/api` calls of the spec
 * are served by their `/v2/api` routes (the request goes through the whole app again, guards included), the
 * NFT agent's questions say they are coming, and any other `/vN/api/...` path is a JSON 404.
 *
 * Registered under `*` and matched here rather than as `/:version{v[0-9]+}/api/*`: a parameter in the first
 * segment, beside the app's literal first segments, is a pattern Hono's RegExpRouter refuses, and that one route
 * made every request of the app go through the slower TrieRouter.
 */
export function legacyApiRoutes(dispatch: (request: Request, env: unknown) => Response | Promise<Response>) {
  return new Hono<AppEnv>().all("*", (c, next) => {
    const version = VERSIONED_API.exec(c.req.path)?.[1];
    if (version === undefined) return next();
    const prefix = `/${version}/api`;
    const rest = c.req.path.slice(prefix.length);
    if (prefix === "/v1/api" && rest in V1_CALLS) {
      const target = V1_CALLS[rest];
      if (target === undefined) {
        throw new ApiError(ErrorCode.RequestFailed, "Coming", 404, [], "the NFT agent is not available yet");
      }
      const url = new URL(c.req.url);
      url.pathname = `${API_PREFIX}${target}`;
      return dispatch(new Request(url, c.req.raw), c.env);
    }
    throw new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such API path");
  });
}
