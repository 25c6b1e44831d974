import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { PredictService } from "../../features/predict/predict.service.ts";
import { createPredictShareCards, type PredictShareCards } from "../../features/predict/share-card.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { jsonBody, queryParams } from "../validate.ts";

/** The forecast, the week's closes, and the forecast's share card (drawn from the same service). */
export function predictRoutes(predict: PredictService, cards: PredictShareCards = createPredictShareCards(predict)) {
  const share = routes.sharePicPricePrediction;
  return new Hono<AppEnv>()
    .get(routes.getPredictInfo.path, async (c) => {
      const { coinAbbr, interval } = queryParams(c, routes.getPredictInfo.query);
      return ok(c, await predict.info(coinAbbr, interval));
    })
    .get(routes.getWeekPrice.path, async (c) => {
      const { coinAbbr } = queryParams(c, routes.getWeekPrice.query);
      return ok(c, await predict.week(coinAbbr));
    })
    .post(share.path, limitBody(share.maxBodyBytes), async (c) => {
      const { coinAbbr, interval, language } = await jsonBody(c, share.body);
      return ok(c, await cards.pricePrediction(coinAbbr, interval, language));
    });
}
