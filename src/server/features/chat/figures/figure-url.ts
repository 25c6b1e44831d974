import { z } from "zod";
import { CHAT_FIGURE_PATH_PREFIX } from "../../../../contract/chat.ts";
import { COMPARE_FIGURE_NAME } from "../../../../contract/files.ts";
import type { KlineInterval } from "../../../../contract/market.ts";

/**
 * The figure URLs the chat tools hand out, and the queries the figure route reads back. A URL names the exact
 * candles drawn: the interval, the open time of the last candle (`to`) and how many candles end there (`count`),
 * so the same URL always draws the same figure (past candles never change) and can be cached for good.
 *
 *   /v2/api/chat/figure/{SYMBOL}.svg?interval=4h&to=<ms>&count=42
 *   /v2/api/chat/figure/compare.svg?a=BTC&b=ETH&interval=4h&to=<ms>&count=42   (both normalised to 100)
 *
 * The queries' schemas are the contract's (contract/files.ts), so the route and its OpenAPI entry share them.
 */

export {
  COMPARE_FIGURE_NAME,
  type CompareFigureQuery,
  compareFigureQuerySchema,
  FIGURE_MAX_CANDLES,
  FIGURE_MIN_CANDLES,
  type PriceFigureQuery,
  priceFigureQuerySchema,
} from "../../../../contract/files.ts";

/** A figure as the tools give it: where it is served and what it shows, for an image's alt text. */
export const chatFigureSchema = z.object({ url: z.string(), alt: z.string() });
export type ChatFigure = z.infer<typeof chatFigureSchema>;

export type FigureLanguage = "en" | "cn";

/** The symbol a figure file names (`BTC.svg` → BTC), `compare` for the two-coin figure, or undefined. */
export function figureFileName(file: string): string | undefined {
  if (!file.endsWith(".svg")) return undefined;
  const name = file.slice(0, -4);
  if (name === COMPARE_FIGURE_NAME) return name;
  return /^[A-Za-z0-9]{1,20}$/.test(name) ? name.toUpperCase() : undefined;
}

export interface FigureRange {
  interval: KlineInterval;
  /** open time of the last candle, ms */
  to: number;
  count: number;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();

export const priceFigureUrl = (symbolName: string, range: FigureRange) =>
  `${CHAT_FIGURE_PATH_PREFIX}${encodeURIComponent(symbolName)}.svg?${query({ interval: range.interval, to: range.to, count: range.count })}`;

export const compareFigureUrl = (a: string, b: string, range: FigureRange) =>
  `${CHAT_FIGURE_PATH_PREFIX}${COMPARE_FIGURE_NAME}.svg?${query({ a, b, interval: range.interval, to: range.to, count: range.count })}`;

const INTERVAL_WORDS: Record<KlineInterval, string> = { "1h": "1 小时", "4h": "4 小时", "1d": "日" };

/** "2026-02-28" */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** "2026-03-01 12:00 UTC" */
const minute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * "BTC 4h closing prices, 2026-02-28 to 2026-03-01 12:00 UTC": from the day of the first candle's open to the close
 * of the last candle.
 */
export function priceFigureAlt(
  symbolName: string,
  interval: KlineInterval,
  from: number,
  to: number,
  language: FigureLanguage,
) {
  return language === "cn"
    ? `${symbolName} ${INTERVAL_WORDS[interval]}收盘价，${day(from)} 至 ${minute(to)}`
    : `${symbolName} ${interval} closing prices, ${day(from)} to ${minute(to)}`;
}

/** "BTC and ETH 4h closing prices normalised to 100, 2026-02-22 to 2026-03-01 12:00 UTC" */
export function compareFigureAlt(
  a: string,
  b: string,
  interval: KlineInterval,
  from: number,
  to: number,
  language: FigureLanguage,
) {
  return language === "cn"
    ? `${a} 与 ${b} ${INTERVAL_WORDS[interval]}收盘价（起点 = 100），${day(from)} 至 ${minute(to)}`
    : `${a} and ${b} ${interval} closing prices normalised to 100, ${day(from)} to ${minute(to)}`;
}
