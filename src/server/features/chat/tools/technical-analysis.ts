import { tool } from "ai";
import { z } from "zod";
import { chatCitationSchema } from "../../../../contract/chat.ts";
import type { CandleData } from "../../../../contract/market.ts";
import { supportResistance } from "./candle-stats.ts";
import type { ChatListedCoin, ChatMarket, ChatMarketView } from "./chat-data.ts";
import type { NotFoundOutput } from "./tool-outputs.ts";
import { unknownSymbolOutput } from "./unknown-symbol.ts";

/**
 * A deeper look at one coin's daily candles than candleStats gives, for the analyst's deep think and the AI
 * one-click buy: where the last close sits against its 20- and 50-day moving averages, the volatility of daily
 * returns, the 7-day range, the largest fall from a peak, support and resistance, and the coin's return against a
 * benchmark coin over the same days. Every figure comes from completed daily candles at the market time; nothing is
 * forecast.
 *
 * - moving averages: simple averages of the last 20 and 50 daily closes; the last close's distance from each, in
 *   percent of the average (close / MA − 1).
 * - volatility: the sample standard deviation of the last 30 simple daily returns (close / previous close − 1), per
 *   day and annualised by √365 (crypto trades every day of the year).
 * - 7-day range: the lowest low and highest high of the last 7 daily candles.
 * - maximum drawdown: the largest fall of a daily close below the highest close before it, inside the window
 *   (the last `days` candles, 90 by default), with the peak and the trough.
 * - support and resistance: swing lows and highs of the window's candles (as candleStats finds them).
 * - relative strength: the coin's return over the last 30 and over the window's days (last close / the close that
 *   many days earlier − 1) minus the benchmark's over the same days, in percentage points of the two rounded
 *   returns. The benchmark is BTC, and ETH for BTC itself.
 */
export const TECHNICAL_ANALYSIS_METHOD =
  "Daily candles only. MA20/MA50: simple averages of the last 20/50 closes; distance = last close / MA − 1. " +
  "Volatility: sample stdev of the last 30 simple daily returns, per day and ×√365 annualised. 7-day range: lowest " +
  "low and highest high of the last 7 candles. Max drawdown: largest fall of a close below the highest close before " +
  "it in the window. Support/resistance: swing lows/highs of the window (lowest/highest of two candles on each side), " +
  "nearest first. Relative strength: the coin's return over N days minus the benchmark's over the same days, in " +
  "percentage points of the rounded returns.";

export const MA_SHORT_DAYS = 20;
export const MA_LONG_DAYS = 50;
export const VOLATILITY_DAYS = 30;
export const RANGE_DAYS = 7;
export const STRENGTH_DAYS = 30;
export const DEFAULT_WINDOW_DAYS = 90;
export const DEFAULT_BENCHMARK = "BTC";
/** the benchmark of the default benchmark itself */
export const BENCHMARK_OF_BENCHMARK = "ETH";
const DAY = 86_400_000;

const round2 = (value: number) => Math.round(value * 100) / 100;
/** a computed price without float noise; shown with the spec's four decimals */
const price = (value: number) => (value === 0 ? 0 : Number(value.toPrecision(10)));
const iso = (ms: number) => new Date(ms).toISOString();

export const technicalAnalysisInputSchema = z.object({
  symbol: z.string().trim().min(1).max(40).describe("the coin's symbol, e.g. SOL (or its name, e.g. Solana)"),
  benchmark: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .describe("the coin to measure relative strength against (default BTC; ETH for BTC)"),
  days: z
    .number()
    .int()
    .min(30)
    .max(365)
    .optional()
    .describe("the window of daily candles for drawdown, support/resistance and the longer return (default 90)"),
});
export type TechnicalAnalysisInput = z.infer<typeof technicalAnalysisInputSchema>;

const movingAverageSchema = z.object({
  period: z.number(),
  /** null with fewer closes than the period */
  value: z.number().nullable(),
  /** last close / MA − 1, percent */
  distancePercent: z.number().nullable(),
});

const strengthSchema = z.object({
  days: z.number(),
  /** close time of the candle whose close the return starts from */
  since: z.string(),
  coinReturn: z.number(),
  benchmarkReturn: z.number(),
  /** coinReturn − benchmarkReturn, percentage points */
  difference: z.number(),
});

export const technicalAnalysisOutputSchema = z.object({
  found: z.literal(true),
  symbol: z.string(),
  name: z.string(),
  interval: z.literal("1d"),
  /** daily candles in the window */
  days: z.number(),
  /** open time of the window's first candle and close time of its last */
  from: z.string(),
  to: z.string(),
  lastClose: z.number(),
  movingAverages: z.object({
    short: movingAverageSchema,
    long: movingAverageSchema,
    /** MA20 against MA50; null without both */
    shortVsLong: z.enum(["above", "below", "equal"]).nullable(),
  }),
  /** null with fewer than two returns */
  volatility: z
    .object({
      days: z.number(),
      dailyPercent: z.number(),
      annualizedPercent: z.number(),
    })
    .nullable(),
  range7d: z.object({ days: z.number(), low: z.number(), high: z.number(), from: z.string(), to: z.string() }),
  maxDrawdown: z.object({
    /** ≤ 0, percent; 0 when no close fell below an earlier one */
    percent: z.number(),
    peak: z.number(),
    peakAt: z.string(),
    trough: z.number(),
    troughAt: z.string(),
  }),
  support: z.array(z.number()),
  resistance: z.array(z.number()),
  benchmark: z.object({
    symbol: z.string(),
    /** the benchmark has candles on the same days */
    found: z.boolean(),
    /** over the last 30 days, then over the window; empty when the benchmark is missing */
    strength: z.array(strengthSchema),
  }),
  method: z.string(),
  citation: chatCitationSchema,
});
export type TechnicalAnalysisOutput = z.infer<typeof technicalAnalysisOutputSchema>;

/** The simple average of the last `period` values, or null with fewer. */
export function lastAverage(values: readonly number[], period: number): number | null {
  if (values.length < period) return null;
  let sum = 0;
  for (const value of values.slice(-period)) sum += value;
  return sum / period;
}

/** Sample standard deviation of the last `count` simple returns of the closes; null with fewer than two returns. */
export function returnStdev(closes: readonly number[], count: number): number | null {
  const used = closes.slice(-(count + 1));
  const returns: number[] = [];
  for (let i = 1; i < used.length; i++) returns.push((used[i] as number) / (used[i - 1] as number) - 1);
  if (returns.length < 2) return null;
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  return Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1));
}

export interface Drawdown {
  /** fraction ≤ 0 */
  fall: number;
  peakIndex: number;
  troughIndex: number;
}

/** The largest fall of a value below the highest value before it (0 and the first index when none fell). */
export function maxDrawdown(values: readonly number[]): Drawdown {
  let peakIndex = 0;
  let worst: Drawdown = { fall: 0, peakIndex: 0, troughIndex: 0 };
  values.forEach((value, index) => {
    if (value > (values[peakIndex] as number)) peakIndex = index;
    const fall = value / (values[peakIndex] as number) - 1;
    if (fall < worst.fall) worst = { fall, peakIndex, troughIndex: index };
  });
  return worst;
}

export interface TechnicalAnalysisDeps {
  market: ChatMarket;
  /** the listed coin a symbol or name means */
  find(view: ChatMarketView, query: string): ChatListedCoin | undefined;
}

/** The technicalAnalysis chat tool. */
export function technicalAnalysisTool(deps: TechnicalAnalysisDeps) {
  const { market, find } = deps;
  return tool({
    description:
      "A deeper daily-candle analysis of one coin: the last close against its MA20 and MA50, 30-day volatility of " +
      "daily returns (per day and annualised), the 7-day range, the maximum drawdown and support/resistance over the " +
      "window (90 days by default), and relative strength: the coin's 30-day and window return minus a benchmark's " +
      "(BTC by default, ETH for BTC). Describes past data; not a forecast.",
    inputSchema: technicalAnalysisInputSchema,
    execute: async ({ symbol, benchmark, days }): Promise<TechnicalAnalysisOutput | NotFoundOutput> => {
      const view = market.view();
      const citation = { tool: "technicalAnalysis", source: view.source.provider, at: view.source.at };
      const listed = find(view, symbol);
      if (!listed) return unknownSymbolOutput(view, symbol, citation);
      const abbr = listed.coin.coinAbbr;
      const window = days ?? DEFAULT_WINDOW_DAYS;
      const limit = Math.max(window, MA_LONG_DAYS, VOLATILITY_DAYS) + 1;
      const candles = await market.klines(abbr, "1d", { limit });
      if (candles.length < 2) {
        return {
          found: false,
          reason: "noCandles",
          query: `${abbr} 1d`,
          message: `${view.source.provider} has no daily candles for ${abbr} at this time`,
          available: [],
          citation,
        };
      }
      const benchmarkQuery = benchmark ?? (abbr === DEFAULT_BENCHMARK ? BENCHMARK_OF_BENCHMARK : DEFAULT_BENCHMARK);
      const benchmarkListed = find(view, benchmarkQuery);
      const benchmarkCandles = benchmarkListed
        ? await market.klines(benchmarkListed.coin.coinAbbr, "1d", { limit })
        : [];
      return {
        found: true,
        symbol: abbr,
        name: listed.coin.coinName,
        ...analyseDaily(candles, window),
        benchmark: {
          symbol: benchmarkListed?.coin.coinAbbr ?? benchmarkQuery.toUpperCase(),
          found: benchmarkCandles.length > 0,
          strength: relativeStrength(candles, benchmarkCandles, [STRENGTH_DAYS, window]),
        },
        method: TECHNICAL_ANALYSIS_METHOD,
        citation: { ...citation, at: iso((candles.at(-1) as CandleData).time + DAY) },
      };
    },
  });
}

type DailyFigures = Omit<TechnicalAnalysisOutput, "found" | "symbol" | "name" | "benchmark" | "method" | "citation">;

/** The figures of daily candles (ascending, at least two; the last `window` of them are the window). */
export function analyseDaily(candles: readonly CandleData[], window: number): DailyFigures {
  const closes = candles.map((c) => c.close);
  const last = candles.at(-1) as CandleData;
  const inWindow = candles.slice(-window);
  const first = inWindow[0] as CandleData;
  const average = (period: number) => {
    const value = lastAverage(closes, period);
    return {
      period,
      value: value === null ? null : price(value),
      distancePercent: value === null ? null : round2((last.close / value - 1) * 100),
    };
  };
  const short = average(MA_SHORT_DAYS);
  const long = average(MA_LONG_DAYS);
  const shortValue = lastAverage(closes, MA_SHORT_DAYS);
  const longValue = lastAverage(closes, MA_LONG_DAYS);
  const stdev = returnStdev(closes, VOLATILITY_DAYS);
  const week = candles.slice(-RANGE_DAYS);
  const drawdown = maxDrawdown(inWindow.map((c) => c.close));
  const peak = inWindow[drawdown.peakIndex] as CandleData;
  const trough = inWindow[drawdown.troughIndex] as CandleData;
  return {
    interval: "1d",
    days: inWindow.length,
    from: iso(first.time),
    to: iso(last.time + DAY),
    lastClose: last.close,
    movingAverages: {
      short,
      long,
      shortVsLong:
        shortValue === null || longValue === null
          ? null
          : shortValue > longValue
            ? "above"
            : shortValue < longValue
              ? "below"
              : "equal",
    },
    volatility:
      stdev === null
        ? null
        : {
            days: Math.min(VOLATILITY_DAYS, closes.length - 1),
            dailyPercent: round2(stdev * 100),
            annualizedPercent: round2(stdev * Math.sqrt(365) * 100),
          },
    range7d: {
      days: week.length,
      low: Math.min(...week.map((c) => c.low)),
      high: Math.max(...week.map((c) => c.high)),
      from: iso((week[0] as CandleData).time),
      to: iso(last.time + DAY),
    },
    maxDrawdown: {
      percent: round2(drawdown.fall * 100),
      peak: peak.close,
      peakAt: iso(peak.time + DAY),
      trough: trough.close,
      troughAt: iso(trough.time + DAY),
    },
    ...supportResistance(inWindow),
  };
}

/**
 * The coin's return over each number of days minus the benchmark's over the same days (the same candles by open
 * time). A span the candles do not reach, or the benchmark has no candle for, is left out.
 */
export function relativeStrength(
  candles: readonly CandleData[],
  benchmark: readonly CandleData[],
  spans: readonly number[],
): z.infer<typeof strengthSchema>[] {
  const last = candles.at(-1);
  if (!last) return [];
  const benchmarkClose = new Map(benchmark.map((c) => [c.time, c.close]));
  const benchmarkLast = benchmarkClose.get(last.time);
  if (benchmarkLast === undefined) return [];
  return [...new Set(spans)].flatMap((days) => {
    const start = candles[candles.length - 1 - days];
    const benchmarkStart = start ? benchmarkClose.get(start.time) : undefined;
    if (!start || benchmarkStart === undefined) return [];
    const coinReturn = round2((last.close / start.close - 1) * 100);
    const benchmarkReturn = round2((benchmarkLast / benchmarkStart - 1) * 100);
    return [
      {
        days,
        since: iso(start.time + DAY),
        coinReturn,
        benchmarkReturn,
        difference: round2(coinReturn - benchmarkReturn),
      },
    ];
  });
}
