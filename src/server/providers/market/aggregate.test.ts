import { describe, expect, it } from "vitest";
import { aggregateCandles, sumVolumes } from "./aggregate.ts";
import type { Candle } from "./market-provider.ts";

const HOUR = 3_600_000;
const FOUR = 4 * HOUR;
const base = Date.parse("2026-03-01T00:00:00Z");

/** An hourly candle at `hour` hours after 2026-03-01 00:00 UTC, with prices derived from the hour. */
const hourly = (hour: number, quoteVolume: number | null = hour * 10): Candle => ({
  openTime: base + hour * HOUR,
  open: 100 + hour,
  high: 110 + hour,
  low: 90 + hour,
  close: 101 + hour,
  volume: 1 + hour,
  quoteVolume,
});

describe("4h aggregation", () => {
  it("opens buckets on UTC 4-hour boundaries and combines OHLCV", () => {
    const candles = [0, 1, 2, 3, 4, 5, 6, 7].map((hour) => hourly(hour));
    expect(aggregateCandles(candles, HOUR, FOUR)).toEqual([
      { openTime: base, open: 100, high: 113, low: 90, close: 104, volume: 10, quoteVolume: 60 },
      { openTime: base + FOUR, open: 104, high: 117, low: 94, close: 108, volume: 26, quoteVolume: 220 },
    ]);
  });

  it("leaves out a bucket the data only partly covers", () => {
    // the data starts at 02:00 (as the 2026-01-27 files start at 18:00): the 00:00 bucket has two of four hours
    const candles = [2, 3, 4, 5, 6, 7, 8, 9].map((hour) => hourly(hour));
    expect(aggregateCandles(candles, HOUR, FOUR).map((c) => c.openTime)).toEqual([base + FOUR]);
  });

  it("leaves out a bucket with a hole inside", () => {
    const candles = [0, 1, 3, 4, 5, 6, 7].map((hour) => hourly(hour));
    expect(aggregateCandles(candles, HOUR, FOUR).map((c) => c.openTime)).toEqual([base + FOUR]);
  });

  it("has no quote volume when a member lacks it", () => {
    const candles = [hourly(0), hourly(1, null), hourly(2), hourly(3)];
    expect(aggregateCandles(candles, HOUR, FOUR)[0]?.quoteVolume).toBeNull();
  });

  it("refuses a bucket that is not a whole number of steps", () => {
    expect(() => aggregateCandles([], FOUR, HOUR)).toThrow(/multiple/);
  });

  it("sums volumes without floating-point noise", () => {
    expect(sumVolumes([1475.81311, 815.73368, 621.17753, 338.19615])).toBe(3250.92047);
  });
});
