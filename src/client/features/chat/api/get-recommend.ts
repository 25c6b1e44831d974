import useSWR from "swr";
import { recommendDataSchema, swapAgentQuestionDataSchema } from "../../../../contract/chat.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { type ChatLanguage, chatPaths } from "./chat-paths.ts";

/** how many questions the chat start and an empty chat offer */
export const RECOMMENDED_QUESTION_COUNT = 4;

/** `round` (the server's seed) changes the key, so "refresh" asks the server for the next questions. */
export type RecommendKey = readonly [typeof chatPaths.recommend, ChatLanguage, number, number];

/** GET chat/recommend: questions to start with, in the chat's language. */
export function getRecommend([, language, count, seed]: RecommendKey): Promise<string[]> {
  return http
    .get(chatPaths.recommend, {
      parse: (data) => recommendDataSchema.parse(data),
      searchParams: { language, count, seed },
    })
    .then((data) => data.list);
}

/** Starts the first draw's read before the first screen renders (the same key as the hook's round 0). */
export function preloadRecommendedQuestions(language: ChatLanguage, count: number): void {
  preloadRead<RecommendKey, string[]>([chatPaths.recommend, language, count, 0], getRecommend);
}

export function useRecommendedQuestions(language: ChatLanguage, count: number, round: number) {
  const key: RecommendKey = [chatPaths.recommend, language, count, round];
  return useSWR<string[], ApiError>(key, getRecommend, { ...swrOptions, keepPreviousData: true });
}

export type SwapQuestionsKey = readonly [typeof chatPaths.swapQuestions, ChatLanguage];

/** GET getSwapAgentQuestion: suggested questions of the aiSwap tab (data.content1). */
export function getSwapQuestions([, language]: SwapQuestionsKey): Promise<string[]> {
  return http
    .get(chatPaths.swapQuestions, {
      parse: (data) => swapAgentQuestionDataSchema.parse(data),
      searchParams: { language },
    })
    .then((data) => data.content1);
}

/** Loaded only while the aiSwap tab is chosen. */
export function useSwapQuestions(language: ChatLanguage, enabled: boolean) {
  const key: SwapQuestionsKey | null = enabled ? [chatPaths.swapQuestions, language] : null;
  return useSWR<string[], ApiError>(key, getSwapQuestions, swrOptions);
}
