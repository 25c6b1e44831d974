import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { FxService } from "../../features/fx/fx.service.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";
import { queryParams } from "../validate.ts";

export function fxRoutes(fx: FxService) {
  return new Hono<AppEnv>().get(routes.fxRate.path, async (c) => {
    const { currency } = queryParams(c, routes.fxRate.query);
    return ok(c, await fx.rateNow(currency));
  });
}
