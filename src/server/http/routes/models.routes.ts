import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { ModelCatalogueService } from "../../features/models/model-catalogue.service.ts";
import type { AppEnv } from "../app-env.ts";
import { staticOk } from "../envelope.ts";

export function modelRoutes(models: ModelCatalogueService) {
  // Availability is fixed by configuration at start, so the answer is serialised once.
  return new Hono<AppEnv>().get(routes.modelList.path, staticOk(models.list()));
}
