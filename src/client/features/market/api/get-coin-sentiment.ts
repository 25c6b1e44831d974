import useSWR from "swr";
import type { z } from "zod";
import { sentimentDataSchema } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type Sentiment = z.infer<typeof sentimentDataSchema>;

export const coinSentimentKey = routes.getCoinSentiment.path;

/** GET getCoinSentiment: the fear-and-greed index and how many of the market's coins rose, fell or did not move. */
export function getCoinSentiment(): Promise<Sentiment> {
  return http.get(routes.getCoinSentiment.path, { parse: (data) => sentimentDataSchema.parse(data) });
}

/** Starts the read before the first screen renders. */
export function preloadCoinSentiment(): void {
  preloadRead(coinSentimentKey, getCoinSentiment);
}

export function useCoinSentiment() {
  return useSWR<Sentiment, ApiError>(coinSentimentKey, getCoinSentiment, swrOptions);
}
