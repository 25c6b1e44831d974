import useSWR from "swr";
import type { z } from "zod";
import { hotWordsDataSchema } from "../../../../contract/news.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type HotWord = z.infer<typeof hotWordsDataSchema>["list"][number];

export const hotWordsKey = routes.hotWords.path;

/** GET word/hot/get: hot words ranked from recent headlines. */
export function getHotWords(): Promise<HotWord[]> {
  return http.get(routes.hotWords.path, { parse: (data) => hotWordsDataSchema.parse(data).list });
}

/** Starts the read before the first screen renders. */
export function preloadHotWords(): void {
  preloadRead(hotWordsKey, getHotWords);
}

export function useHotWords() {
  return useSWR<HotWord[], ApiError>(hotWordsKey, getHotWords, swrOptions);
}
