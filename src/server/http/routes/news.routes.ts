import { Hono } from "hono";
import { newsDetailQuerySchema, newsListQuerySchema } from "../../../contract/news.ts";
import { routes } from "../../../contract/routes.ts";
import type { NewsService } from "../../features/news/news.service.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";
import { queryParams } from "../validate.ts";

export function newsRoutes(news: NewsService) {
  return new Hono<AppEnv>()
    .get(routes.newsRealTime.path, async (c) => ok(c, await news.realTime(queryParams(c, newsListQuerySchema))))
    .get(routes.newsDetail.path, async (c) => ok(c, await news.detail(queryParams(c, newsDetailQuerySchema).code)))
    .get(routes.newsDailyHot.path, (c) => ok(c, news.dailyHot()))
    .get(routes.newsHotList.path, (c) => ok(c, news.hotList(queryParams(c, newsListQuerySchema))))
    .get(routes.hotWords.path, (c) => ok(c, news.hotWords()))
    .get(routes.boardNews.path, (c) => ok(c, news.board()));
}
