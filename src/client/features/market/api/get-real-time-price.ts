import useSWR from "swr";
import type { z } from "zod";
import { realTimePriceDataSchema } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type RealTimePrices = z.infer<typeof realTimePriceDataSchema>;

export const realTimePriceKeyName = routes.getRealTimePrice.path;
export type RealTimePriceKey = readonly [typeof realTimePriceKeyName, string];

export function realTimePriceKey(coinAbbrs: readonly string[]): RealTimePriceKey {
  return [realTimePriceKeyName, coinAbbrs.map((abbr) => abbr.toUpperCase()).join(",")] as const;
}

export function isRealTimePriceKey(key: unknown): key is RealTimePriceKey {
  return Array.isArray(key) && key[0] === realTimePriceKeyName;
}

/** GET getRealTimePrice: last prices of the given coins. */
export function getRealTimePrice([, coinAbbr]: RealTimePriceKey): Promise<RealTimePrices> {
  return http.get(routes.getRealTimePrice.path, {
    parse: (data) => realTimePriceDataSchema.parse(data),
    searchParams: { coinAbbr },
  });
}

export function useRealTimePrice(coinAbbrs: readonly string[]) {
  return useSWR<RealTimePrices, ApiError, RealTimePriceKey | null>(
    coinAbbrs.length > 0 ? realTimePriceKey(coinAbbrs) : null,
    getRealTimePrice,
    swrOptions,
  );
}
