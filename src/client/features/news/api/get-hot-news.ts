import useSWR from "swr";
import { newsListDataSchema } from "../../../../contract/news.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import type { NewsLanguage, NewsList } from "./get-news-list.ts";

export type HotNewsKey = readonly [typeof routes.newsHotList.path, NewsLanguage];

/** GET news/hot/list, first page: the home screen's ranked hot news. */
export function getHotNews([, language]: HotNewsKey): Promise<NewsList> {
  return http.get(routes.newsHotList.path, {
    parse: (data) => newsListDataSchema.parse(data),
    searchParams: { language, pageSize: 10 },
  });
}

const hotNewsKey = (language: NewsLanguage): HotNewsKey => [routes.newsHotList.path, language] as const;

/** Starts the read before the first screen renders. */
export function preloadHotNews(language: NewsLanguage): void {
  preloadRead(hotNewsKey(language), getHotNews);
}

export function useHotNews(language: NewsLanguage) {
  return useSWR<NewsList, ApiError, HotNewsKey>(hotNewsKey(language), getHotNews, swrOptions);
}
