import type { CandleData, KlineInterval } from "../../../../contract/market.ts";
import { INTERVAL_MS, type KlineRange } from "../../../providers/market/market-provider.ts";
import { sharedCandles } from "./chart-svg.ts";
import {
  type ChatFigure,
  compareFigureAlt,
  compareFigureUrl,
  FIGURE_MAX_CANDLES,
  FIGURE_MIN_CANDLES,
  type FigureLanguage,
  priceFigureAlt,
  priceFigureUrl,
} from "./figure-url.ts";

/** The candles a figure is drawn from: completed, ascending, never later than the market time (MarketService fits). */
export interface FigureMarket {
  klines(abbr: string, interval: KlineInterval, range: KlineRange): Promise<CandleData[]>;
}

const ALIGN_ATTEMPTS = 4;

/**
 * The figure of the candles a tool used: the last FIGURE_MAX_CANDLES of them at most, named by the open time of the
 * last and their number; null with fewer than FIGURE_MIN_CANDLES.
 */
export function priceFigure(
  symbol: string,
  interval: KlineInterval,
  candles: readonly CandleData[],
  language: FigureLanguage,
): ChatFigure | null {
  const drawn = candles.slice(-FIGURE_MAX_CANDLES);
  const first = drawn[0];
  const last = drawn.at(-1);
  if (!first || !last || drawn.length < FIGURE_MIN_CANDLES) return null;
  return {
    url: priceFigureUrl(symbol, { interval, to: last.time, count: drawn.length }),
    alt: priceFigureAlt(symbol, interval, first.time, last.time + INTERVAL_MS[interval], language),
  };
}

/**
 * Two coins' candles at the open times both have: each read with the same range, and the later one read again up to
 * the other's last candle until both end at the same candle (a few tries: data with gaps may never agree).
 */
export async function compareCandles(
  market: FigureMarket,
  a: string,
  b: string,
  interval: KlineInterval,
  range: { to?: number; limit: number },
): Promise<{ a: CandleData[]; b: CandleData[] }> {
  let [left, right] = await Promise.all([market.klines(a, interval, range), market.klines(b, interval, range)]);
  for (let attempt = 0; attempt < ALIGN_ATTEMPTS; attempt++) {
    const leftLast = left.at(-1)?.time;
    const rightLast = right.at(-1)?.time;
    if (leftLast === undefined || rightLast === undefined) return { a: [], b: [] };
    if (leftLast === rightLast) break;
    const to = Math.min(leftLast, rightLast);
    if (leftLast > to) left = await market.klines(a, interval, { ...range, to });
    else right = await market.klines(b, interval, { ...range, to });
  }
  return sharedCandles(left, right);
}

/** The windows tried for a comparison's figure: a week of 4h candles, else a month of daily ones. */
export const COMPARE_WINDOWS: readonly { interval: KlineInterval; count: number }[] = [
  { interval: "4h", count: 42 },
  { interval: "1d", count: 30 },
];

/** The two-coin figure (normalised to 100) of the first window in which both coins share enough candles, or null. */
export async function compareFigure(
  market: FigureMarket,
  a: string,
  b: string,
  language: FigureLanguage,
): Promise<ChatFigure | null> {
  for (const { interval, count } of COMPARE_WINDOWS) {
    const shared = await compareCandles(market, a, b, interval, { limit: count });
    const first = shared.a[0];
    const last = shared.a.at(-1);
    if (!first || !last || shared.a.length < FIGURE_MIN_CANDLES) continue;
    return {
      url: compareFigureUrl(a, b, { interval, to: last.time, count }),
      alt: compareFigureAlt(a, b, interval, first.time, last.time + INTERVAL_MS[interval], language),
    };
  }
  return null;
}
