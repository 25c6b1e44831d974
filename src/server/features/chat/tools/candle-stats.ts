import type { CandleData } from "../../../../contract/market.ts";

/**
 * Statistics of a run of completed candles, as the candleStats tool reports them. Every figure comes from the
 * candles given; nothing is forecast.
 *
 * - period: open of the first candle, close of the last, change = close / open - 1; high and low of the window.
 * - trend: a least-squares line through the closes (x = candle index). Its move over the window,
 *   slope × (n - 1) / mean close, reads as "up" above +1 % and "down" below -1 %, provided the line fits the closes
 *   with r² of at least 0.3 (1 = a straight line); otherwise "sideways" (no clear trend).
 * - moving averages: simple averages of the last 7 and 25 closes (the MA7 / MA25 of exchange charts); the position
 *   of MA7 against MA25 at the last candle, and the last time MA7 crossed MA25 inside the window ("up" = crossed
 *   above, a golden cross; "down" = crossed below, a death cross).
 * - volatility: the sample standard deviation of the log returns between consecutive closes, per candle, and
 *   annualised by √(candles per year) (crypto trades around the clock: 8760 hours a year).
 * - support and resistance: swing lows and highs, i.e. a candle whose low (high) is the lowest (highest) of the two
 *   candles on each side of it. Support is the swing lows below the last close, nearest first; resistance the swing
 *   highs above it, nearest first; levels within 0.5 % of a nearer one are dropped; at most three each. With no
 *   swing on a side, the window's low (high) stands in when it is beyond the last close.
 */
export const CANDLE_STATS_METHOD =
  "Trend: least-squares line through the closes; its move over the window (slope × (n−1) / mean close) above +1% is up, " +
  "below −1% down, when the fit's r² is at least 0.3; otherwise sideways (no clear trend). MA7/MA25: simple averages of the last 7 and 25 closes; a cross " +
  "is MA7 passing MA25 (up = golden, down = death). Volatility: sample stdev of log returns between closes, per candle " +
  "and annualised by √(candles per year). Support/resistance: swing lows/highs (lowest/highest of two candles on each " +
  "side) below/above the last close, nearest first, within 0.5% merged, at most three; the window's low/high when none.";

export const TREND_THRESHOLD_PERCENT = 1;
export const TREND_MIN_R2 = 0.3;
export const MA_SHORT = 7;
export const MA_LONG = 25;
export const SWING_SPAN = 2;
export const LEVEL_MERGE_PERCENT = 0.5;
export const LEVELS_MAX = 3;
const HOUR = 3_600_000;
const YEAR_HOURS = 365 * 24;

export type TrendDirection = "up" | "down" | "sideways";

export interface LinearFit {
  slope: number;
  intercept: number;
  /** coefficient of determination, 0..1; 1 for a flat or single-point series */
  r2: number;
}

export interface CandleStatistics {
  count: number;
  /** open time of the first candle, ms */
  from: number;
  /** close time of the last candle, ms */
  to: number;
  open: number;
  close: number;
  /** percent */
  change: number;
  high: number;
  highAt: number;
  low: number;
  lowAt: number;
  trend: { direction: TrendDirection; fitChangePercent: number; r2: number };
  movingAverages: {
    short: { period: number; value: number | null };
    long: { period: number; value: number | null };
    position: "above" | "below" | "equal" | null;
    /** close time of the candle at which MA7 last crossed MA25 inside the window */
    lastCross: { direction: "up" | "down"; at: number } | null;
  };
  volatility: { perCandlePercent: number; annualizedPercent: number };
  support: number[];
  resistance: number[];
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Least squares of values against their index 0..n-1. */
export function linearFit(values: readonly number[]): LinearFit {
  const n = values.length;
  if (n === 0) return { slope: 0, intercept: 0, r2: 1 };
  const xMean = (n - 1) / 2;
  const yMean = mean(values);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  values.forEach((y, x) => {
    sxy += (x - xMean) * (y - yMean);
    sxx += (x - xMean) ** 2;
    syy += (y - yMean) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const r2 = syy === 0 || sxx === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept: yMean - slope * xMean, r2 };
}

/** Sample standard deviation of ln(close[i] / close[i-1]); 0 with fewer than two returns. */
export function logReturnStdev(closes: readonly number[]): number {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const before = closes[i - 1] as number;
    const now = closes[i] as number;
    if (before > 0 && now > 0) returns.push(Math.log(now / before));
  }
  if (returns.length < 2) return 0;
  const m = mean(returns);
  return Math.sqrt(returns.reduce((sum, r) => sum + (r - m) ** 2, 0) / (returns.length - 1));
}

/** The simple moving average of the `period` values ending at `end` (inclusive), or null without enough values. */
export function sma(values: readonly number[], period: number, end = values.length - 1): number | null {
  if (period < 1 || end < period - 1 || end >= values.length) return null;
  let sum = 0;
  for (let i = end - period + 1; i <= end; i++) sum += values[i] as number;
  return sum / period;
}

/** The last index at which the short average crossed the long one (sign change of short - long), or null. */
export function lastCross(
  values: readonly number[],
  shortPeriod: number,
  longPeriod: number,
): { index: number; direction: "up" | "down" } | null {
  let previous: number | undefined;
  let found: { index: number; direction: "up" | "down" } | null = null;
  for (let i = longPeriod - 1; i < values.length; i++) {
    const s = sma(values, shortPeriod, i);
    const l = sma(values, longPeriod, i);
    if (s === null || l === null) continue;
    const gap = Math.sign(s - l);
    if (gap === 0) continue;
    if (previous !== undefined && gap !== previous) found = { index: i, direction: gap > 0 ? "up" : "down" };
    previous = gap;
  }
  return found;
}

/** Swing lows and highs: the candles whose low (high) is the lowest (highest) of `span` candles on each side. */
export function swingPoints(candles: readonly CandleData[], span = SWING_SPAN): { lows: number[]; highs: number[] } {
  const lows: number[] = [];
  const highs: number[] = [];
  for (let i = span; i < candles.length - span; i++) {
    const candle = candles[i] as CandleData;
    let low = true;
    let high = true;
    for (let j = i - span; j <= i + span; j++) {
      if (j === i) continue;
      const other = candles[j] as CandleData;
      if (other.low < candle.low) low = false;
      if (other.high > candle.high) high = false;
    }
    if (low) lows.push(candle.low);
    if (high) highs.push(candle.high);
  }
  return { lows, highs };
}

/** Nearest first, dropping a level within `mergePercent` of one already kept, at most `max`. */
function nearestLevels(levels: readonly number[], from: number, max: number, mergePercent: number): number[] {
  const sorted = [...levels].sort((a, b) => Math.abs(a - from) - Math.abs(b - from));
  const kept: number[] = [];
  for (const level of sorted) {
    if (kept.length >= max) break;
    if (kept.some((k) => Math.abs(level - k) <= (k * mergePercent) / 100)) continue;
    kept.push(level);
  }
  return kept;
}

export function supportResistance(
  candles: readonly CandleData[],
  options: { span?: number; max?: number; mergePercent?: number } = {},
): { support: number[]; resistance: number[] } {
  const last = candles.at(-1);
  if (!last) return { support: [], resistance: [] };
  const { span = SWING_SPAN, max = LEVELS_MAX, mergePercent = LEVEL_MERGE_PERCENT } = options;
  const close = last.close;
  const { lows, highs } = swingPoints(candles, span);
  let support = nearestLevels(
    lows.filter((level) => level < close),
    close,
    max,
    mergePercent,
  );
  let resistance = nearestLevels(
    highs.filter((level) => level > close),
    close,
    max,
    mergePercent,
  );
  const low = Math.min(...candles.map((c) => c.low));
  const high = Math.max(...candles.map((c) => c.high));
  if (support.length === 0 && low < close) support = [low];
  if (resistance.length === 0 && high > close) resistance = [high];
  return { support, resistance };
}

/** The statistics of candles of one interval (ascending, at least two). */
export function candleStatistics(candles: readonly CandleData[], intervalMs: number): CandleStatistics {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last || candles.length < 2) throw new Error("candle statistics need at least two candles");
  const closes = candles.map((c) => c.close);
  let highCandle = first;
  let lowCandle = first;
  for (const candle of candles) {
    if (candle.high > highCandle.high) highCandle = candle;
    if (candle.low < lowCandle.low) lowCandle = candle;
  }
  const fit = linearFit(closes);
  const fitChangePercent = ((fit.slope * (closes.length - 1)) / mean(closes)) * 100;
  const clear = fit.r2 >= TREND_MIN_R2;
  const direction: TrendDirection =
    clear && fitChangePercent > TREND_THRESHOLD_PERCENT
      ? "up"
      : clear && fitChangePercent < -TREND_THRESHOLD_PERCENT
        ? "down"
        : "sideways";
  const short = sma(closes, MA_SHORT);
  const long = sma(closes, MA_LONG);
  const cross = lastCross(closes, MA_SHORT, MA_LONG);
  const perCandle = logReturnStdev(closes);
  const candlesPerYear = (YEAR_HOURS * HOUR) / intervalMs;
  return {
    count: candles.length,
    from: first.time,
    to: last.time + intervalMs,
    open: first.open,
    close: last.close,
    change: (last.close / first.open - 1) * 100,
    high: highCandle.high,
    highAt: highCandle.time,
    low: lowCandle.low,
    lowAt: lowCandle.time,
    trend: { direction, fitChangePercent, r2: fit.r2 },
    movingAverages: {
      short: { period: MA_SHORT, value: short },
      long: { period: MA_LONG, value: long },
      position: short === null || long === null ? null : short > long ? "above" : short < long ? "below" : "equal",
      lastCross: cross
        ? { direction: cross.direction, at: (candles[cross.index] as CandleData).time + intervalMs }
        : null,
    },
    volatility: {
      perCandlePercent: perCandle * 100,
      annualizedPercent: perCandle * Math.sqrt(candlesPerYear) * 100,
    },
    ...supportResistance(candles),
  };
}
