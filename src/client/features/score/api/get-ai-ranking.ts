import useSWR from "swr";
import type { DashboardCategory } from "../../../../contract/market.ts";
import { routes } from "../../../../contract/routes.ts";
import { type AiRankingData, aiRankingDataSchema } from "../../../../contract/score.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type { AiRankingData };

export interface AiRankingQuery {
  category?: DashboardCategory;
  page?: number;
  pageSize?: number;
}

export const aiRankingKeyName = routes.aiRanking.path;
export type AiRankingKey = readonly [typeof aiRankingKeyName, DashboardCategory, number, number];

export function aiRankingKey({ category = "total", page = 1, pageSize = 50 }: AiRankingQuery): AiRankingKey {
  return [aiRankingKeyName, category, page, pageSize] as const;
}

/** GET ai_ranking: a dashboard category's coins by AI score, highest first, a page at a time. */
export function getAiRanking([, category, page, pageSize]: AiRankingKey): Promise<AiRankingData> {
  return http.get(routes.aiRanking.path, {
    parse: (data) => aiRankingDataSchema.parse(data),
    searchParams: { category, page, pageSize },
  });
}

export function useAiRanking(query: AiRankingQuery) {
  return useSWR<AiRankingData, ApiError, AiRankingKey>(aiRankingKey(query), getAiRanking, {
    ...swrOptions,
    keepPreviousData: true,
  });
}
