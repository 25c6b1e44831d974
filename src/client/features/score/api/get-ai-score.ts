import useSWR from "swr";
import type { z } from "zod";
import { routes } from "../../../../contract/routes.ts";
import { aiScoreDataSchema } from "../../../../contract/score.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type AiScoreData = z.infer<typeof aiScoreDataSchema>;

export const aiScoreKeyName = routes.aiScore.path;
export type AiScoreKey = readonly [typeof aiScoreKeyName, string];

/** GET dashboard/token/score: a coin's AI score with its parts, and how the score fared on history. */
export function getAiScore([, coinAbbr]: AiScoreKey): Promise<AiScoreData> {
  return http.get(routes.aiScore.path, {
    parse: (data) => aiScoreDataSchema.parse(data),
    searchParams: { coinAbbr },
  });
}

const aiScoreKey = (coinAbbr: string): AiScoreKey => [aiScoreKeyName, coinAbbr.toUpperCase()] as const;

export function useAiScore(coinAbbr: string) {
  return useSWR<AiScoreData, ApiError, AiScoreKey>(aiScoreKey(coinAbbr), getAiScore, swrOptions);
}
