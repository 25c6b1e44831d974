import useSWR from "swr";
import { newsListDataSchema } from "../../../../contract/news.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { preloadRead } from "../../../shared/api/preload-read.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import type { NewsList } from "./get-news-list.ts";

export const boardNewsKey = routes.boardNews.path;

/** GET data/board/news: the home screen's top news. */
export function getBoardNews(): Promise<NewsList> {
  return http.get(routes.boardNews.path, { parse: (data) => newsListDataSchema.parse(data) });
}

/** Starts the read before the first screen renders. */
export function preloadBoardNews(): void {
  preloadRead(boardNewsKey, getBoardNews);
}

export function useBoardNews() {
  return useSWR<NewsList, ApiError>(boardNewsKey, getBoardNews, swrOptions);
}
