import { describe, expect, it } from "vitest";
import {
  annualisedVolatility,
  DAY_MS,
  type DailyClose,
  dailyLogReturns,
  maxDrawdown,
  periodReturn,
  returnCorrelation,
} from "./report-figures.ts";

const T0 = Date.UTC(2025, 0, 1);
/** Daily closes starting 2025-01-01, one a day. */
const series = (closes: readonly number[], start = T0): DailyClose[] =>
  closes.map((close, i) => ({ time: start + i * DAY_MS, close }));

describe("periodReturn", () => {
  it("compares the last close with the close exactly N days before", () => {
    const candles = series([100, 101, 102, 103, 104, 105, 106, 120]);
    const week = periodReturn(candles, 7);
    expect(week?.percent).toBeCloseTo(20, 10);
    expect(week?.from.time).toBe(T0);
  });

  it("is null when the data has no close that far back, or a gap where it should be", () => {
    expect(periodReturn(series([100, 110]), 7)).toBeNull();
    const gap = series([100, 101, 102, 103, 104, 105, 106, 120]).slice(1);
    expect(periodReturn(gap, 7)).toBeNull();
  });
});

describe("dailyLogReturns", () => {
  it("takes returns only between candles one day apart", () => {
    const candles = [...series([100, 110]), { time: T0 + 3 * DAY_MS, close: 121 }];
    const returns = dailyLogReturns(candles);
    expect([...returns.keys()]).toEqual([T0 + DAY_MS]);
    expect(returns.get(T0 + DAY_MS)).toBeCloseTo(Math.log(1.1), 12);
  });
});

describe("annualisedVolatility", () => {
  it("is the sample deviation of 30 daily log returns × √365, in percent", () => {
    // closes alternate 100, 110, 100, ...: returns alternate +ln 1.1 and -ln 1.1, mean 0, 30 of them, so the
    // sample deviation is ln 1.1 × √(30/29)
    const closes = Array.from({ length: 31 }, (_, i) => (i % 2 === 0 ? 100 : 110));
    const expected = Math.log(1.1) * Math.sqrt(30 / 29) * Math.sqrt(365) * 100;
    expect(annualisedVolatility(series(closes), 30)).toBeCloseTo(expected, 10);
    expect(expected).toBeCloseTo(185.2, 1);
  });

  it("looks back only 30 days, and is 0 for a steady trend", () => {
    // an early jump outside the window, then a steady 1 % a day: every return the same
    const closes = [1, 50, ...Array.from({ length: 31 }, (_, i) => 100 * 1.01 ** i)];
    expect(annualisedVolatility(series(closes), 30)).toBeCloseTo(0, 10);
  });

  it("is null with fewer than 20 returns", () => {
    expect(annualisedVolatility(series([100, 101, 102, 103]), 30)).toBeNull();
  });
});

describe("maxDrawdown", () => {
  it("is the largest fall from a close to a later close, with its peak and trough", () => {
    // peak 200 on day 2, trough 120 on day 4: -40 %; the later 180 → 150 fall is only -16.7 %
    const candles = series([100, 150, 200, 160, 120, 180, 150, 170]);
    const fall = maxDrawdown(candles, 90);
    expect(fall?.percent).toBeCloseTo(-40, 10);
    expect(fall?.peak.time).toBe(T0 + 2 * DAY_MS);
    expect(fall?.trough.time).toBe(T0 + 4 * DAY_MS);
  });

  it("is 0 for a coin that only rose, and ignores closes older than the window", () => {
    expect(maxDrawdown(series([1, 2, 3, 4]), 90)?.percent).toBe(0);
    const old = series([1000, 100, 110, 120]);
    expect(maxDrawdown(old, 2)?.percent).toBe(0);
  });
});

describe("returnCorrelation", () => {
  const wiggle = Array.from({ length: 31 }, (_, i) => 100 * (1 + 0.05 * Math.sin(i)));

  it("is 1 for a coin whose daily moves are the benchmark's, and -1 for the mirror image", () => {
    const same = returnCorrelation(series(wiggle), series(wiggle.map((c) => c * 3)), 90);
    expect(same.value).toBeCloseTo(1, 12);
    expect(same.observations).toBe(30);
    // c ↦ 10000 / c turns every log return into its negative
    const mirror = returnCorrelation(series(wiggle), series(wiggle.map((c) => 10_000 / c)), 90);
    expect(mirror.value).toBeCloseTo(-1, 12);
  });

  it("pairs the days both coins have a return on", () => {
    const coin = series(wiggle);
    const benchmark = series(wiggle).filter((_, i) => i !== 10);
    // day 10 is missing: the returns ending on day 10 and day 11 are gone
    expect(returnCorrelation(coin, benchmark, 90).observations).toBe(28);
  });

  it("is null with fewer than 20 common days, or when one coin never moves", () => {
    expect(returnCorrelation(series(wiggle.slice(0, 10)), series(wiggle), 90).value).toBeNull();
    expect(returnCorrelation(series(wiggle), series(wiggle.map(() => 1)), 90).value).toBeNull();
  });
});
