import useSWRInfinite from "swr/infinite";
import { newsListDataSchema } from "../../../../contract/news.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import type { NewsLanguage, NewsList } from "./get-news-list.ts";

export const COIN_NEWS_PAGE = 5;

export type CoinNewsKey = readonly [typeof routes.newsRealTime.path, "coin", string, NewsLanguage, string | undefined];

/** GET news/real/time with coinAbbr: one page of the items tagged with the coin, newest first. */
export function getCoinNews([path, , coinAbbr, language, cursor]: CoinNewsKey): Promise<NewsList> {
  return http.get(path, {
    parse: (data) => newsListDataSchema.parse(data),
    searchParams: { coinAbbr, language, pageSize: COIN_NEWS_PAGE, ...(cursor ? { cursor } : {}) },
  });
}

/** A coin's news, paged by cursor: each page's key carries the cursor the previous page returned. */
export function useCoinNews(coinAbbr: string, language: NewsLanguage) {
  return useSWRInfinite<NewsList, ApiError>(
    (index: number, previous: NewsList | null): CoinNewsKey | null => {
      if (!coinAbbr || (index > 0 && !previous?.next)) return null;
      const cursor = index === 0 ? undefined : (previous?.next ?? undefined);
      return [routes.newsRealTime.path, "coin", coinAbbr, language, cursor];
    },
    getCoinNews,
    { ...swrOptions, revalidateFirstPage: false },
  );
}
