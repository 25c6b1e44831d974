import useSWR from "swr";
import { type NewsItemData, newsItemSchema } from "../../../../contract/news.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type NewsDetailKey = readonly [typeof routes.newsDetail.path, string];

/** GET news/detail: one news item by code. */
export function getNewsDetail([, code]: NewsDetailKey): Promise<NewsItemData> {
  return http.get(routes.newsDetail.path, { parse: (data) => newsItemSchema.parse(data), searchParams: { code } });
}

export function useNewsDetail(code: string) {
  return useSWR<NewsItemData, ApiError, NewsDetailKey>(
    [routes.newsDetail.path, code] as const,
    getNewsDetail,
    swrOptions,
  );
}
