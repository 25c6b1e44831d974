import { Hono } from "hono";
import type { AppConfigData } from "../../../contract/app-config.ts";
import { routes } from "../../../contract/routes.ts";
import type { AppEnv } from "../app-env.ts";
import { staticOk } from "../envelope.ts";

export function appConfigRoutes(config: AppConfigData) {
  return new Hono<AppEnv>().get(routes.appConfig.path, staticOk(config));
}
