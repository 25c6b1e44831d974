import { describe, expect, it } from "vitest";
import type { CandleData } from "../../../../contract/market.ts";
import {
  candleStatistics,
  lastCross,
  linearFit,
  logReturnStdev,
  sma,
  supportResistance,
  swingPoints,
} from "./candle-stats.ts";

const HOUR = 3_600_000;

/** Candles from closes: open = the previous close, high/low 1 % around the larger/smaller of open and close. */
function candles(closes: readonly number[], highs?: readonly number[], lows?: readonly number[]): CandleData[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : (closes[i - 1] as number);
    return {
      time: i * HOUR,
      open,
      high: highs?.[i] ?? Math.max(open, close) * 1.01,
      low: lows?.[i] ?? Math.min(open, close) * 0.99,
      close,
      volume: 1,
    };
  });
}

describe("linear fit", () => {
  it("finds the slope, intercept and a perfect r² of a straight line", () => {
    const fit = linearFit([10, 12, 14, 16, 18]);
    expect(fit.slope).toBeCloseTo(2, 12);
    expect(fit.intercept).toBeCloseTo(10, 12);
    expect(fit.r2).toBeCloseTo(1, 12);
  });

  it("gives a flat series slope 0 and r² 1, and a zig-zag a low r²", () => {
    expect(linearFit([5, 5, 5])).toEqual({ slope: 0, intercept: 5, r2: 1 });
    expect(linearFit([1, 3, 1, 3, 1, 3]).r2).toBeLessThan(0.2);
  });
});

describe("volatility", () => {
  it("is the sample stdev of log returns", () => {
    // returns ln(2), ln(1/2), ln(2): mean ln2/3, deviations 2/3 ln2, -4/3 ln2, 2/3 ln2
    const expected = Math.sqrt(((4 / 9 + 16 / 9 + 4 / 9) * Math.LN2 ** 2) / 2);
    expect(logReturnStdev([1, 2, 1, 2])).toBeCloseTo(expected, 12);
    expect(logReturnStdev([100, 110])).toBe(0);
    expect(logReturnStdev([3, 3, 3, 3])).toBe(0);
  });

  it("annualises the per-candle figure by √(candles per year)", () => {
    const stats = candleStatistics(candles([100, 102, 101, 104, 103, 106]), HOUR);
    expect(stats.volatility.annualizedPercent).toBeCloseTo(stats.volatility.perCandlePercent * Math.sqrt(8760), 9);
    const daily = candleStatistics(candles([100, 102, 101, 104, 103, 106]), 24 * HOUR);
    expect(daily.volatility.annualizedPercent).toBeCloseTo(daily.volatility.perCandlePercent * Math.sqrt(365), 9);
  });
});

describe("moving averages", () => {
  it("averages the last values and needs enough of them", () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toBe(4);
    expect(sma([1, 2, 3, 4, 5], 3, 2)).toBe(2);
    expect(sma([1, 2], 3)).toBeNull();
  });

  it("finds the last crossing of the short average over the long one", () => {
    // falls, then rises: MA2 goes under MA4 and back above
    const values = [10, 9, 8, 7, 6, 5, 6, 8, 10, 12];
    const cross = lastCross(values, 2, 4);
    expect(cross?.direction).toBe("up");
    // MA2 at index 6 = 5.5 < MA4 = 6; at index 7 MA2 = 7 > MA4 = 6.25
    expect(cross?.index).toBe(7);
    expect(lastCross([1, 2, 3, 4, 5, 6], 2, 4)).toBeNull();
  });
});

describe("support and resistance", () => {
  const lows = [10, 9, 7, 9, 10, 8.5, 6, 8.8, 9.5, 9.8, 9.9];
  const highs = [11, 12, 14, 12, 11, 13, 12, 12.5, 15, 12, 11.5];
  const closes = [10.5, 10, 8, 10, 10.5, 9, 7, 9, 11, 11, 11];

  it("reads swing lows and highs with two candles on each side", () => {
    const points = swingPoints(candles(closes, highs, lows));
    expect(points.lows).toEqual([7, 6]);
    expect(points.highs).toEqual([14, 13, 15]);
  });

  it("gives the swing lows below and the swing highs above the last close, nearest first", () => {
    expect(supportResistance(candles(closes, highs, lows))).toEqual({ support: [7, 6], resistance: [13, 14, 15] });
  });

  it("merges levels within 0.5 % and keeps at most three", () => {
    const near = [100, 99, 90, 99, 100, 99, 89.8, 99, 100, 99, 80, 99, 100, 99, 70, 99, 100, 101, 102];
    const { support } = supportResistance(
      candles(
        near.map((v) => v + 0.5),
        near.map((v) => v + 1),
        near,
      ),
    );
    expect(support).toEqual([90, 80, 70]);
  });

  it("falls back on the window's low and high when no swing is beyond the last close", () => {
    const rising = [1, 2, 3, 4, 5, 6, 7];
    expect(supportResistance(candles(rising, rising, rising))).toEqual({ support: [1], resistance: [] });
  });
});

describe("candle statistics", () => {
  it("reads a steady rise as up, with the window's change, high, low and times", () => {
    const closes = Array.from({ length: 30 }, (_, i) => 100 + i);
    const stats = candleStatistics(candles(closes), HOUR);
    expect(stats.count).toBe(30);
    expect(stats.from).toBe(0);
    expect(stats.to).toBe(30 * HOUR);
    expect(stats.open).toBe(100);
    expect(stats.close).toBe(129);
    expect(stats.change).toBeCloseTo(29, 12);
    expect(stats.high).toBeCloseTo(129 * 1.01, 12);
    expect(stats.highAt).toBe(29 * HOUR);
    expect(stats.low).toBeCloseTo(99, 12);
    expect(stats.lowAt).toBe(0);
    expect(stats.trend.direction).toBe("up");
    // slope 1 over 29 candles, mean close 114.5
    expect(stats.trend.fitChangePercent).toBeCloseTo((29 / 114.5) * 100, 9);
    expect(stats.trend.r2).toBeCloseTo(1, 12);
    expect(stats.movingAverages.short.value).toBeCloseTo(126, 12);
    expect(stats.movingAverages.long.value).toBeCloseTo(117, 12);
    expect(stats.movingAverages.position).toBe("above");
  });

  it("reads a steady fall as down and a flat or noisy series as sideways", () => {
    const falling = Array.from({ length: 30 }, (_, i) => 200 - 2 * i);
    expect(candleStatistics(candles(falling), HOUR).trend.direction).toBe("down");
    const flat = Array.from({ length: 30 }, (_, i) => 100 + (i % 2) * 0.1);
    expect(candleStatistics(candles(flat), HOUR).trend.direction).toBe("sideways");
    // a big move with a poor fit: a spike in the middle, back at the start
    const noisy = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 130 : 100) + (i === 29 ? 10 : 0));
    const stats = candleStatistics(candles(noisy), HOUR);
    expect(stats.trend.r2).toBeLessThan(0.3);
    expect(stats.trend.direction).toBe("sideways");
  });

  it("reports the last MA7/MA25 cross with the close time of its candle", () => {
    const closes = [
      ...Array.from({ length: 30 }, (_, i) => 200 - i),
      ...Array.from({ length: 10 }, (_, i) => 172 + 5 * i),
    ];
    const stats = candleStatistics(candles(closes), HOUR);
    const cross = stats.movingAverages.lastCross;
    expect(cross?.direction).toBe("up");
    const index = (cross?.at ?? 0) / HOUR - 1;
    const closesTo = closes.slice(0, index + 1);
    expect(sma(closesTo, 7)).toBeGreaterThan(sma(closesTo, 25) ?? Number.POSITIVE_INFINITY);
    const before = closes.slice(0, index);
    expect(sma(before, 7)).toBeLessThan(sma(before, 25) ?? Number.NEGATIVE_INFINITY);
  });

  it("needs two candles", () => {
    expect(() => candleStatistics(candles([1]), HOUR)).toThrow();
  });
});
