import useSWR from "swr";
import type { z } from "zod";
import { tokenInfoDataSchema } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type TokenInfo = z.infer<typeof tokenInfoDataSchema>;

export const tokenInfoKeyName = routes.tokenInfo.path;
export type TokenInfoKey = readonly [typeof tokenInfoKeyName, string];

/** GET dashboard/token/info: price, 1h/24h/7d change, volume, market cap, narrative and AI score. */
export function getTokenInfo([, coinAbbr]: TokenInfoKey): Promise<TokenInfo> {
  return http.get(routes.tokenInfo.path, {
    parse: (data) => tokenInfoDataSchema.parse(data),
    searchParams: { coinAbbr },
  });
}

const tokenInfoKey = (coinAbbr: string): TokenInfoKey => [tokenInfoKeyName, coinAbbr.toUpperCase()] as const;

/** Starts the read before the token page renders. */
export function preloadTokenInfo(coinAbbr: string): void {
  preloadRead(tokenInfoKey(coinAbbr), getTokenInfo);
}

export function useTokenInfo(coinAbbr: string) {
  return useSWR<TokenInfo, ApiError, TokenInfoKey>(tokenInfoKey(coinAbbr), getTokenInfo, swrOptions);
}
