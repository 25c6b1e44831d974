import useSWR from "swr";
import type { z } from "zod";
import { marketStatusDataSchema } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type MarketStatus = z.infer<typeof marketStatusDataSchema>;

export const marketStatusKey = routes.marketStatus.path;

/** GET market/status: replay or live, and the market date the UI labels prices with. */
export function getMarketStatus(): Promise<MarketStatus> {
  return http.get(routes.marketStatus.path, { parse: (data) => marketStatusDataSchema.parse(data) });
}

/** Starts the read before the first screen renders. */
export function preloadMarketStatus(): void {
  preloadRead(marketStatusKey, getMarketStatus);
}

export function useMarketStatus() {
  return useSWR<MarketStatus, ApiError>(marketStatusKey, getMarketStatus, swrOptions);
}
