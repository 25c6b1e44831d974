import useSWR from "swr";
import type { z } from "zod";
import { type KlineInterval, klineDataSchema } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type KlineData = z.infer<typeof klineDataSchema>;

export const dashboardKlineKeyName = routes.getDashboardKline.path;
/** "finest": the finest interval the coin's data has (the answer says which, and which others it has) */
export type ChartInterval = KlineInterval | "finest";
export type DashboardKlineKey = readonly [typeof dashboardKlineKeyName, string, ChartInterval];

/** GET getDashboardKline: the token page's candles up to the market time. */
export function getDashboardKline([, coinAbbr, interval]: DashboardKlineKey): Promise<KlineData> {
  return http.get(routes.getDashboardKline.path, {
    parse: (data) => klineDataSchema.parse(data),
    searchParams: { coinAbbr, ...(interval === "finest" ? {} : { interval }), limit: 200 },
  });
}

/** Starts the read before the token page renders. */
export function preloadDashboardKline(coinAbbr: string, interval: ChartInterval): void {
  preloadRead<DashboardKlineKey, KlineData>([dashboardKlineKeyName, coinAbbr, interval], getDashboardKline);
}

export function useDashboardKline(coinAbbr: string, interval: ChartInterval) {
  return useSWR<KlineData, ApiError, DashboardKlineKey>(
    [dashboardKlineKeyName, coinAbbr, interval] as const,
    getDashboardKline,
    { ...swrOptions, keepPreviousData: true },
  );
}
