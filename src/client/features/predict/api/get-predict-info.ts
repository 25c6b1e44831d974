import useSWR from "swr";
import { type PredictInfoData, type PredictInterval, predictInfoDataSchema } from "../../../../contract/predict.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export const predictInfoKeyName = routes.getPredictInfo.path;
/** "default": the server picks (hourly where the coin has hourly data, else daily) and the answer says which */
export type PredictChoice = PredictInterval | "default";
export type PredictInfoKey = readonly [typeof predictInfoKeyName, string, PredictChoice];

/** GET getPredictInfo: a coin's forecast with its 80 % band, and its record against the "no change" forecast. */
export function getPredictInfo([, coinAbbr, interval]: PredictInfoKey): Promise<PredictInfoData> {
  return http.get(routes.getPredictInfo.path, {
    parse: (data) => predictInfoDataSchema.parse(data),
    searchParams: { coinAbbr, ...(interval === "default" ? {} : { interval }) },
  });
}

const predictInfoKey = (coinAbbr: string, interval: PredictChoice): PredictInfoKey =>
  [predictInfoKeyName, coinAbbr.toUpperCase(), interval] as const;

/** Starts the read before the predict page renders. */
export function preloadPredictInfo(coinAbbr: string): void {
  preloadRead(predictInfoKey(coinAbbr, "default"), getPredictInfo);
}

/** The forecast of one coin and interval; while another interval loads, the last answer stays on screen. */
export function usePredictInfo(coinAbbr: string, interval: PredictChoice) {
  return useSWR<PredictInfoData, ApiError, PredictInfoKey>(predictInfoKey(coinAbbr, interval), getPredictInfo, {
    ...swrOptions,
    keepPreviousData: true,
  });
}
