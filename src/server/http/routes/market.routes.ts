import type { Context } from "hono";
import { Hono } from "hono";
import { ErrorCode } from "../../../contract/errors.ts";
import { routes } from "../../../contract/routes.ts";
import { ApiError } from "../../api-error.ts";
import { coinImageSvg, isCoinAbbr } from "../../features/market/coin-image.ts";
import { intervalNotInData, type MarketService } from "../../features/market/market.service.ts";
import { coinList, type MarketView, searchCoins, tokenInfo } from "../../features/market/market-view.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";
import { fileParams, queryParams } from "../validate.ts";

const JSON_TYPE = { "content-type": "application/json; charset=UTF-8" };
/** distinct getCoinList queries kept serialised per snapshot */
const MEMO_SIZE = 256;

/** Sends an envelope the service serialised at its last refresh, as staticOk does. */
const sendText = (c: Context, text: string) => c.body(text, 200, JSON_TYPE);
const hasQuery = (c: Context) => c.req.url.includes("?");

export function marketRoutes(market: MarketService) {
  // Answers to other getCoinList queries, serialised once per snapshot (the map dies with its view).
  const memo = new WeakMap<MarketView, Map<string, string>>();
  // getKlineInfo and getDashboardKline are one answer under two names, with one query schema
  const klines = async (c: Context<AppEnv>) => {
    const query = queryParams(c, routes.getKlineInfo.query);
    // the coin's own intervals: hourly where the data has it, else daily; absent, the finest
    const { intervals } = market.coin(query.coinAbbr);
    const interval = query.interval ?? intervals[0] ?? "1d";
    if (!intervals.includes(interval)) throw intervalNotInData(query.coinAbbr, intervals);
    // labelled with the source of the snapshot the candles were read for (a refresh may switch it meanwhile)
    const { list, source } = await market.candles(query.coinAbbr, interval, query);
    return ok(c, { coinAbbr: query.coinAbbr, interval, intervals: [...intervals], list, source });
  };
  return new Hono<AppEnv>()
    .get(routes.marketStatus.path, (c) => sendText(c, market.hot().status))
    .get(routes.getCoinList.path, (c) => {
      if (!hasQuery(c)) return sendText(c, market.hot().coinListDefault);
      const query = queryParams(c, routes.getCoinList.query);
      const view = market.view();
      const answers = memo.get(view) ?? new Map<string, string>();
      memo.set(view, answers);
      const key = JSON.stringify(query);
      let text = answers.get(key);
      if (text === undefined) {
        text = JSON.stringify({ code: ErrorCode.Success, msg: "success", data: coinList(view, query) });
        if (answers.size < MEMO_SIZE) answers.set(key, text);
      }
      return sendText(c, text);
    })
    .get(routes.symbolSearch.path, (c) => {
      const { keyword } = queryParams(c, routes.symbolSearch.query);
      const view = market.view();
      return ok(c, { list: searchCoins(view, keyword), source: view.source });
    })
    .get(routes.getRealTimePrice.path, (c) => {
      const { coinAbbr } = queryParams(c, routes.getRealTimePrice.query);
      const view = market.view();
      // coins without prices in this market are left out rather than failing the whole list
      const list = coinAbbr.split(",").flatMap((abbr) => {
        const listed = view.byAbbr.get(abbr.toUpperCase());
        return listed
          ? [{ coinAbbr: listed.coin.coinAbbr, lastPrice: listed.coin.lastPrice, change: listed.coin.change }]
          : [];
      });
      return ok(c, { list, source: view.source });
    })
    .get(routes.getKlineInfo.path, klines)
    .get(routes.getDashboardKline.path, klines)
    .get(routes.tokenInfo.path, (c) => {
      const { coinAbbr } = queryParams(c, routes.tokenInfo.query);
      return ok(c, tokenInfo(market.view(), market.coin(coinAbbr)));
    })
    .get(routes.getDashboardSupCategory.path, (c) => sendText(c, market.hot().categories))
    .get(routes.getCoinSentiment.path, (c) => sendText(c, market.hot().sentiment));
}

export const COIN_IMAGE_PATH = routes.coinImage.path;
const COIN_IMAGE_CACHE_CONTROL = "public, max-age=604800, immutable";

/** The generated coin images: public (img tags send no device header), the same bytes forever per symbol. */
export function coinImageRoutes() {
  return new Hono<AppEnv>().get(COIN_IMAGE_PATH, (c) => {
    const { file } = fileParams(c, routes.coinImage.params);
    const abbr = file.slice(0, -4).toUpperCase();
    if (!isCoinAbbr(abbr)) throw new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such coin image");
    return c.body(coinImageSvg(abbr), 200, {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": COIN_IMAGE_CACHE_CONTROL,
      "x-content-type-options": "nosniff",
    });
  });
}
