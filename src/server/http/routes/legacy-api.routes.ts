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

/**
 * Every other API version's path answers JSON, never the web app's HTML: the three `/v1/api` calls of the spec
 * are served by their `/v2/api` routes (the request goes through the whole app again, guards included), the
 * NFT agent's questions say they are coming, and any other `/vN/api/...` path is a JSON 404.
 */
export function legacyApiRoutes(dispatch: (request: Request, env: unknown) => Response | Promise<Response>) {
  return new Hono<AppEnv>().all("/:version{v[0-9]+}/api/*", (c) => {
    const prefix = `/${c.req.param("version")}/api`;
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
