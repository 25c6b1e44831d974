import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import type { NewsService } from "../../features/news/news.service.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";
import { queryParams } from "../validate.ts";

export function newsRoutes(news: NewsService) {
  return new Hono<AppEnv>()
    .get(routes.newsRealTime.path, async (c) => ok(c, await news.realTime(queryParams(c, routes.newsRealTime.query))))
    .get(routes.newsDetail.path, async (c) => ok(c, await news.detail(queryParams(c, routes.newsDetail.query).code)))
    .get(routes.newsDailyHot.path, async (c) => ok(c, await news.dailyHot()))
    .get(routes.newsWeeklyHot.path, async (c) => ok(c, await news.weeklyHot()))
    .get(routes.newsHotList.path, async (c) => ok(c, await news.hotList(queryParams(c, routes.newsHotList.query))))
    .get(routes.hotWords.path, async (c) => ok(c, await news.hotWords()))
    .get(routes.boardNews.path, async (c) => ok(c, await news.board()));
}
