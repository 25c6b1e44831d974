import {
  type PredictInterval,
  type PredictShareData,
  predictShareDataSchema,
  type ShareLanguage,
} from "../../../../contract/predict.ts";
import { routes } from "../../../../contract/routes.ts";
import { http } from "../../../shared/api/http.ts";

export const forecastCardKeyName = routes.sharePicPricePrediction.path;
export type ForecastCardKey = readonly [typeof forecastCardKeyName, string, PredictInterval, ShareLanguage];

/** POST share/pic/price_prediction: the forecast's card (with its record) as a PNG data URL, drawn by the server. */
export function getForecastCard([, coinAbbr, interval, language]: ForecastCardKey): Promise<PredictShareData> {
  return http.post(routes.sharePicPricePrediction.path, {
    json: { coinAbbr, interval, language },
    parse: (data) => predictShareDataSchema.parse(data),
  });
}
