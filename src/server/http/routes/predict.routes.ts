import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { PredictService } from "../../features/predict/predict.service.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";
import { queryParams } from "../validate.ts";

export function predictRoutes(predict: PredictService) {
  return new Hono<AppEnv>()
    .get(routes.getPredictInfo.path, async (c) => {
      const { coinAbbr, interval } = queryParams(c, routes.getPredictInfo.query);
      return ok(c, await predict.info(coinAbbr, interval));
    })
    .get(routes.getWeekPrice.path, async (c) => {
      const { coinAbbr } = queryParams(c, routes.getWeekPrice.query);
      return ok(c, await predict.week(coinAbbr));
    });
}
