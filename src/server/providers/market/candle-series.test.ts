import { describe, expect, it } from "vitest";
import { candleAt, lastClosedIndex, selectKlines } from "./candle-series.ts";
import type { Candle } from "./market-provider.ts";

const HOUR = 3_600_000;
const candle = (hour: number): Candle => ({
  openTime: hour * HOUR,
  open: hour,
  high: hour,
  low: hour,
  close: hour,
  volume: 1,
  quoteVolume: 1,
});
// hours 0..9 and 20..29: a hole from 10 to 19
const candles = [
  ...Array.from({ length: 10 }, (_, i) => candle(i)),
  ...Array.from({ length: 10 }, (_, i) => candle(20 + i)),
];
const hours = (list: Candle[]) => list.map((c) => c.openTime / HOUR);

describe("candle lookups", () => {
  it("finds a candle by its exact open time only", () => {
    expect(candleAt(candles, 3 * HOUR)?.close).toBe(3);
    expect(candleAt(candles, 15 * HOUR)).toBeUndefined();
    expect(candleAt(candles, 3 * HOUR + 1)).toBeUndefined();
  });

  it("finds the last candle completed at a time", () => {
    expect(lastClosedIndex(candles, HOUR, 4 * HOUR)).toBe(3);
    expect(lastClosedIndex(candles, HOUR, 4 * HOUR - 1)).toBe(2);
    expect(lastClosedIndex(candles, HOUR, 0)).toBe(-1);
    expect(lastClosedIndex(candles, HOUR, 15 * HOUR)).toBe(9);
  });
});

describe("kline selection", () => {
  const at = 25 * HOUR + 30 * 60_000;

  it("returns the last `limit` completed candles by default", () => {
    expect(hours(selectKlines(candles, HOUR, at, { limit: 3 }))).toEqual([22, 23, 24]);
  });

  it("reads forwards from `from`, within `to`, and never past the market time", () => {
    expect(hours(selectKlines(candles, HOUR, at, { from: 8 * HOUR, limit: 4 }))).toEqual([8, 9, 20, 21]);
    expect(hours(selectKlines(candles, HOUR, at, { from: 8 * HOUR, to: 21 * HOUR }))).toEqual([8, 9, 20, 21]);
    expect(hours(selectKlines(candles, HOUR, at, { from: 23 * HOUR, to: 40 * HOUR }))).toEqual([23, 24]);
    expect(hours(selectKlines(candles, HOUR, at, { to: 5 * HOUR, limit: 2 }))).toEqual([4, 5]);
  });

  it("returns nothing for an empty or future range", () => {
    expect(selectKlines(candles, HOUR, at, { from: 26 * HOUR })).toEqual([]);
    expect(selectKlines(candles, HOUR, at, { from: 12 * HOUR, to: 18 * HOUR })).toEqual([]);
    expect(selectKlines(candles, HOUR, 0, {})).toEqual([]);
  });

  it("keeps the limit between 1 and 1000", () => {
    expect(selectKlines(candles, HOUR, at, { limit: 0 })).toHaveLength(1);
    expect(selectKlines(candles, HOUR, at, { limit: 5000 })).toHaveLength(15);
  });
});
