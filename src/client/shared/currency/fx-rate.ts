import useSWR from "swr";
import type { z } from "zod";
import type { FiatCurrency } from "../../../contract/currencies.ts";
import { type FxRateData, fxRateDataSchema } from "../../../contract/fx.ts";
import type { marketStatusDataSchema } from "../../../contract/market.ts";
import { routes } from "../../../contract/routes.ts";
import type { ApiError } from "../api/api-error.ts";
import { http } from "../api/http.ts";
import { swrOptions } from "../api/swr-options.ts";

type MarketStatus = z.infer<typeof marketStatusDataSchema>;

export const fxRateKeyName = routes.fxRate.path;
/**
 * [path, currency, market mode, market date, whether that day's fixing is out (15:00 UTC)]: the rate in force
 * changes only when one of these does, so the key changes with it.
 */
export type FxRateKey = readonly [typeof fxRateKeyName, FiatCurrency, string, string, boolean];

/** GET fx/rate: the ECB reference rate in force at the market time. */
export function getFxRate([, currency]: FxRateKey): Promise<FxRateData> {
  return http.get(routes.fxRate.path, { parse: (data) => fxRateDataSchema.parse(data), searchParams: { currency } });
}

const PUBLISHED_HOUR_UTC = 15;
/** the live market's rate for today may come out late: asked again this often while it is shown */
const LIVE_REFRESH_MS = 10 * 60_000;

/**
 * The rate for showing prices in `currency`, none for US dollars. It follows the market status the market's
 * label keeps (read from the cache, not fetched here), so a replay crossing a day or a publication asks again.
 */
export function useFxRate(currency: FiatCurrency) {
  const { data: status } = useSWR<MarketStatus>(routes.marketStatus.path, null);
  const published = status ? new Date(status.at).getUTCHours() >= PUBLISHED_HOUR_UTC : false;
  const key: FxRateKey | null =
    currency === "USD" ? null : [fxRateKeyName, currency, status?.mode ?? "", status?.date ?? "", published];
  return useSWR<FxRateData, ApiError, FxRateKey | null>(key, getFxRate, {
    ...swrOptions,
    keepPreviousData: true,
    refreshInterval: status?.mode === "live" ? LIVE_REFRESH_MS : 0,
  });
}
