import { type Candle, KLINE_DEFAULT_LIMIT, KLINE_MAX_LIMIT, type KlineRange } from "./market-provider.ts";

/** Index of the first candle whose openTime is >= time (candles.length when none). */
export function lowerBound(candles: readonly Candle[], time: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const candle = candles[mid];
    if (candle && candle.openTime < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The candle opening exactly at `openTime`, if the data has it. */
export function candleAt(candles: readonly Candle[], openTime: number): Candle | undefined {
  const candle = candles[lowerBound(candles, openTime)];
  return candle?.openTime === openTime ? candle : undefined;
}

/** Index of the last candle completed at `at` (openTime + interval <= at), or -1. */
export function lastClosedIndex(candles: readonly Candle[], intervalMs: number, at: number): number {
  return lowerBound(candles, at - intervalMs + 1) - 1;
}

/**
 * The candles a kline request sees at market time `at`: completed ones only, inside the range,
 * cut to the limit Binance-style (from `from` forwards when it is given, else back from `to`).
 */
export function selectKlines(candles: readonly Candle[], intervalMs: number, at: number, range: KlineRange): Candle[] {
  const limit = Math.min(Math.max(Math.trunc(range.limit ?? KLINE_DEFAULT_LIMIT), 1), KLINE_MAX_LIMIT);
  const visibleEnd = lastClosedIndex(candles, intervalMs, at) + 1;
  const end = range.to === undefined ? visibleEnd : Math.min(visibleEnd, lowerBound(candles, range.to + 1));
  const start = range.from === undefined ? 0 : lowerBound(candles, range.from);
  if (start >= end) return [];
  return range.from === undefined
    ? candles.slice(Math.max(start, end - limit), end)
    : candles.slice(start, Math.min(end, start + limit));
}
