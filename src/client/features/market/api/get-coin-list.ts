import useSWR from "swr";
import type { z } from "zod";
import { coinListDataSchema, type DashboardCategory } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type CoinList = z.infer<typeof coinListDataSchema>;

export interface CoinListQuery {
  keyword?: string;
  category?: DashboardCategory;
  page?: number;
  pageSize?: number;
}

export const coinListKeyName = routes.getCoinList.path;
export type CoinListKey = readonly [typeof coinListKeyName, string, DashboardCategory, number, number];

export function coinListKey({ keyword = "", category = "total", page = 1, pageSize = 50 }: CoinListQuery): CoinListKey {
  return [coinListKeyName, keyword.trim(), category, page, pageSize] as const;
}

export function isCoinListKey(key: unknown): key is CoinListKey {
  return Array.isArray(key) && key[0] === coinListKeyName;
}

/** GET getCoinList: coins with last price and 24 h change, by category, searchable by keyword. */
export function getCoinList([, keyword, category, page, pageSize]: CoinListKey): Promise<CoinList> {
  return http.get(routes.getCoinList.path, {
    parse: (data) => coinListDataSchema.parse(data),
    searchParams: { ...(keyword ? { keyword } : {}), category, page, pageSize },
  });
}

/** Starts the read before the first screen renders (the same key as useCoinList(query)). */
export function preloadCoinList(query: CoinListQuery): void {
  preloadRead(coinListKey(query), getCoinList);
}

export function useCoinList(query: CoinListQuery) {
  return useSWR<CoinList, ApiError, CoinListKey>(coinListKey(query), getCoinList, {
    ...swrOptions,
    keepPreviousData: true,
  });
}
