import type { Context } from "hono";
import { Hono } from "hono";
import { ErrorCode } from "../../../contract/errors.ts";
import type { CandleData } from "../../../contract/market.ts";
import { routes } from "../../../contract/routes.ts";
import { ApiError } from "../../api-error.ts";
import {
  COMPARE_FIGURE_NAME,
  compareCandles,
  compareChartSvg,
  figureFileName,
  priceChartSvg,
} from "../../features/chat/figures/index.ts";
import type { MarketService } from "../../features/market/market.service.ts";
import type { RateLimiter } from "../../providers/rate-limiter.ts";
import type { AppEnv } from "../app-env.ts";
import { fileParams, queryParams } from "../validate.ts";

/** A figure whose range is named and fully past: the candles it draws never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The latest candles, or a range reaching past the market time: drawn again as the market moves. */
const FRESH = "public, max-age=60";

function svg(c: Context, body: string, cacheControl: string) {
  return c.body(body, 200, {
    "content-type": "image/svg+xml; charset=utf-8",
    "cache-control": cacheControl,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    "content-disposition": "inline",
  });
}

/** Cached for good only when `to` was given and the last candle drawn is the one it names. */
const cacheFor = (to: number | undefined, candles: readonly CandleData[]) =>
  to !== undefined && candles.at(-1)?.time === to ? IMMUTABLE : FRESH;

/**
 * The chat's figures: SVG charts of the market's completed candles, embedded in answers as markdown images, so
 * loaded by <img> (no device number or API key) and mounted ahead of the API's guards, as the coin images are.
 *
 *   GET /v2/api/chat/figure/{symbol}.svg?interval=1h|4h|1d&to=<open time of the last candle, ms>&count=10..200
 *   GET /v2/api/chat/figure/compare.svg?a=BTC&b=ETH&interval=…&to=…&count=…   (both normalised to 100)
 *
 * The candles are the market service's, bounded by the market time: a `to` past it draws the latest candles, and
 * the figure states the real time of the last one. A name that is not a figure is 404; an unknown coin 404 with
 * the market's envelope (1001 invalidValue on coinAbbr); a bad query 1001. Without the API's guards, the address
 * limiter (its own bucket) keeps anyone from drawing figures, and reading a live source's candles, without end.
 */
export function chatFigureRoutes(deps: { market: Pick<MarketService, "view" | "klines">; byAddress: RateLimiter }) {
  const { market, byAddress } = deps;
  return new Hono<AppEnv>().get(routes.chatFigure.path, async (c) => {
    const allowance = await byAddress.consume(`figure:${c.get("clientIp")}`);
    if (!allowance.allowed) {
      c.header("retry-after", String(Math.ceil(allowance.retryAfterMs / 1000)));
      throw new ApiError(ErrorCode.TooManyRequests, "tooFrequent", 429, [], "too many requests");
    }
    const name = figureFileName(fileParams(c, routes.chatFigure.params).file);
    if (!name) throw new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such figure");
    if (name === COMPARE_FIGURE_NAME) {
      const query = queryParams(c, routes.chatFigureCompare.query);
      const shared = await compareCandles(market, query.a, query.b, query.interval, {
        to: query.to,
        limit: query.count,
      });
      const body = compareChartSvg({
        a: { symbol: query.a, candles: shared.a },
        b: { symbol: query.b, candles: shared.b },
        interval: query.interval,
        source: market.view().source.provider,
      });
      return svg(c, body, cacheFor(query.to, shared.a));
    }
    const query = queryParams(c, routes.chatFigure.query);
    const candles = await market.klines(name, query.interval, { to: query.to, limit: query.count });
    const body = priceChartSvg({
      symbol: name,
      interval: query.interval,
      candles,
      source: market.view().source.provider,
    });
    return svg(c, body, cacheFor(query.to, candles));
  });
}
