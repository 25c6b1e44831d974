import useSWRInfinite from "swr/infinite";
import type { z } from "zod";
import { newsListDataSchema } from "../../../../contract/news.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type NewsList = z.infer<typeof newsListDataSchema>;
export type NewsLanguage = "en" | "cn";
/** The news types with a data source: latest news (news/real/time) and hot news (news/hot/list). */
export type NewsFeed = "news" | "hot";

export type NewsListKey = readonly [string, NewsLanguage, string, string | undefined];

const feedPath: Record<NewsFeed, string> = { news: routes.newsRealTime.path, hot: routes.newsHotList.path };

/** GET news/real/time or news/hot/list: one page, newest first, continued by the previous page's cursor. */
export function getNewsList([path, language, keyword, cursor]: NewsListKey): Promise<NewsList> {
  return http.get(path, {
    parse: (data) => newsListDataSchema.parse(data),
    searchParams: {
      language,
      pageSize: 20,
      ...(keyword ? { keyword } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });
}

/** Cursor paging: each page's key carries the cursor the previous page returned; null ends the list. */
export function useNewsList(feed: NewsFeed, language: NewsLanguage, keyword: string) {
  return useSWRInfinite<NewsList, ApiError>(
    (index: number, previous: NewsList | null): NewsListKey | null => {
      if (index > 0 && !previous?.next) return null;
      return [feedPath[feed], language, keyword.trim(), index === 0 ? undefined : (previous?.next ?? undefined)];
    },
    getNewsList,
    { ...swrOptions, revalidateFirstPage: false },
  );
}
