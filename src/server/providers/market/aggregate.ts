import type { Candle } from "./market-provider.ts";

/**
 * Binance quotes volumes to 8 decimals; summing them in binary floating point leaves noise
 * (3640.0325299999995), which this takes off again.
 */
export const sumVolumes = (values: readonly number[]): number =>
  Number(values.reduce((sum, value) => sum + value, 0).toFixed(8));

/** The USDT volume of candles, or null when any of them lacks one. */
export const sumQuoteVolumes = (candles: readonly Candle[]): number | null =>
  candles.every((candle) => candle.quoteVolume !== null) ? sumVolumes(candles.map((c) => c.quoteVolume ?? 0)) : null;

const combine = (members: readonly Candle[]): Candle | undefined => {
  const first = members[0];
  const last = members.at(-1);
  if (!first || !last) return undefined;
  let high = first.high;
  let low = first.low;
  for (const candle of members) {
    high = Math.max(high, candle.high);
    low = Math.min(low, candle.low);
  }
  return {
    openTime: first.openTime,
    open: first.open,
    high,
    low,
    close: last.close,
    volume: sumVolumes(members.map((candle) => candle.volume)),
    quoteVolume: sumQuoteVolumes(members),
  };
};

/**
 * Folds ascending `stepMs` candles into `bucketMs` candles aligned to the Unix epoch, hence to UTC
 * (4h buckets open at 00:00, 04:00, ... UTC, as on Binance). A bucket is emitted only when all of its
 * sub-candles are present: a bucket touching a hole in the data (the BTC gap of 2026-01-20..27, the first
 * hours of a file) is left out rather than shown with a made-up open or close.
 */
export function aggregateCandles(candles: readonly Candle[], stepMs: number, bucketMs: number): Candle[] {
  const perBucket = bucketMs / stepMs;
  if (!Number.isInteger(perBucket) || perBucket < 1) throw new Error("the bucket must be a multiple of the step");
  const buckets: Candle[] = [];
  let bucketStart = Number.NaN;
  let members: Candle[] = [];
  const flush = () => {
    const candle = members.length === perBucket ? combine(members) : undefined;
    if (candle) buckets.push(candle);
  };
  for (const candle of candles) {
    const start = candle.openTime - (((candle.openTime % bucketMs) + bucketMs) % bucketMs);
    if (start !== bucketStart) {
      flush();
      bucketStart = start;
      members = [];
    }
    // a candle out of step (a hole before it) leaves the bucket short, so flush drops it
    if (candle.openTime === bucketStart + members.length * stepMs) members.push(candle);
  }
  flush();
  return buckets;
}
