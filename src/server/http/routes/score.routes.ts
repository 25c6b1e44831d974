import { Hono } from "hono";
import { ErrorCode } from "../../../contract/errors.ts";
import { routes } from "../../../contract/routes.ts";
import { ApiError } from "../../api-error.ts";
import { unknownCoin } from "../../features/market/market.service.ts";
import type { ScoreService } from "../../features/score/score.service.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";
import { queryParams } from "../validate.ts";

/** A priced coin whose candles are too few for any part of the score (a coin listed days ago): 1001, HTTP 422. */
const notEnoughHistory = (abbr: string) =>
  new ApiError(
    ErrorCode.RequestFailed,
    "notEnoughHistory",
    422,
    [{ field: "coinAbbr", key: "notEnoughHistory" }],
    `${abbr}: too little history for an AI score`,
  );

/** The AI score of one coin (dashboard/token/score) and the ranking of a category's coins by it (ai_ranking). */
export function scoreRoutes(score: ScoreService) {
  return new Hono<AppEnv>()
    .get(routes.aiScore.path, async (c) => {
      const { coinAbbr } = queryParams(c, routes.aiScore.query);
      const found = await score.coinScore(coinAbbr);
      if (found.kind === "unlisted") throw unknownCoin(coinAbbr);
      if (found.kind === "unscored") throw notEnoughHistory(coinAbbr);
      return ok(c, found.data);
    })
    .get(routes.aiRanking.path, async (c) => ok(c, await score.ranking(queryParams(c, routes.aiRanking.query))));
}
