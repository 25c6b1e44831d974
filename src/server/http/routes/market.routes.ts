import type { Context } from "hono";
import { Hono } from "hono";
import { ErrorCode } from "../../../contract/errors.ts";
import { routes } from "../../../contract/routes.ts";
import { ApiError } from "../../api-error.ts";
import { coinImageSvg, isCoinAbbr } from "../../features/market/coin-image.ts";
import { intervalNotInData, type MarketService, unknownCoin } from "../../features/market/market.service.ts";
import { coinList, type MarketView, searchCoins, tokenInfo } from "../../features/market/market-view.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";
import { fileParams, queryParams } from "../validate.ts";

const JSON_TYPE = { "content-type": "application/json; charset=UTF-8" };
/** distinct getCoinList queries kept serialised per snapshot */
const MEMO_SIZE = 256;

/** Sends an envelope the service serialised at its last refresh, as staticOk does. */
const sendText = (c: Context, text: string) => c.body(text, 200, JSON_TYPE);
/** A memoised answer goes out as the bytes encoded once: a 100-coin page is tens of KB to encode per request. */
const sendBytes = (c: Context, bytes: Uint8Array<ArrayBuffer>) => c.body(bytes, 200, JSON_TYPE);
const encoder = new TextEncoder();
const hasQuery = (c: Context) => c.req.url.includes("?");
/** the request's query string with its "?", or "" */
const queryString = (c: Context) => {
  const at = c.req.url.indexOf("?");
  return at < 0 ? "" : c.req.url.slice(at);
};

/**
 * Answers serialised once per snapshot: getCoinList by its query string and by its parsed query, token info by its
 * query string and by coin.
 */
interface Answers {
  byUrl: Map<string, Uint8Array<ArrayBuffer>>;
  byQuery: Map<string, Uint8Array<ArrayBuffer>>;
  tokenUrls: Map<string, Uint8Array<ArrayBuffer>>;
  tokens: Map<string, Uint8Array<ArrayBuffer>>;
}

const envelopeBytes = <T>(data: T) =>
  encoder.encode(JSON.stringify({ code: ErrorCode.Success, msg: "success", data })) as Uint8Array<ArrayBuffer>;

/** The AI score the token page shows (the score service): scored once per snapshot, read synchronously after. */
export interface TokenScores {
  ready(): Promise<void>;
  scoreOf(abbr: string): number | null;
}

export function marketRoutes(market: MarketService, scores?: TokenScores) {
  // the maps die with their view, so an answer never outlives the snapshot it was made from
  const memo = new WeakMap<MarketView, Answers>();
  const answersOf = (view: MarketView): Answers => {
    let answers = memo.get(view);
    if (!answers) {
      answers = { byUrl: new Map(), byQuery: new Map(), tokenUrls: new Map(), tokens: new Map() };
      memo.set(view, answers);
    }
    return answers;
  };
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
      const view = market.view();
      const answers = answersOf(view);
      // a query string seen before is answered without validating it again (only valid ones are kept)
      const search = queryString(c);
      let text = answers.byUrl.get(search);
      if (text === undefined) {
        const query = queryParams(c, routes.getCoinList.query);
        const key = JSON.stringify(query);
        text = answers.byQuery.get(key) ?? envelopeBytes(coinList(view, query));
        if (answers.byQuery.size < MEMO_SIZE) answers.byQuery.set(key, text);
        if (answers.byUrl.size < MEMO_SIZE) answers.byUrl.set(search, text);
      }
      return sendBytes(c, text);
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
    .get(routes.tokenInfo.path, async (c) => {
      const view = market.view();
      const answers = answersOf(view);
      // as getCoinList: a query string answered before skips validation (only known coins are kept)
      const search = queryString(c);
      let text = answers.tokenUrls.get(search);
      if (text === undefined) {
        const { coinAbbr } = queryParams(c, routes.tokenInfo.query);
        text = answers.tokens.get(coinAbbr);
        if (text === undefined) {
          const listed = view.byAbbr.get(coinAbbr);
          if (!listed) throw unknownCoin(coinAbbr);
          // the snapshot's scores first: the answer is kept for the snapshot's life
          await scores?.ready();
          text = envelopeBytes({ ...tokenInfo(view, listed), aiScore: scores?.scoreOf(coinAbbr) ?? null });
          answers.tokens.set(coinAbbr, text);
        }
        if (answers.tokenUrls.size < MEMO_SIZE) answers.tokenUrls.set(search, text);
      }
      return sendBytes(c, text);
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
