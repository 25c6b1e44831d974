import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { ModelCatalogueService } from "../../features/models/model-catalogue.service.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";

export function modelRoutes(models: ModelCatalogueService) {
  return new Hono<AppEnv>().get(routes.modelList.path, (c) => ok(c, models.list()));
}
