import { describe, expect, it } from "vitest";
import { backtest } from "./backtest.ts";
import { createForecaster } from "./forecaster.ts";
import { INTERVAL_MS } from "./interval.ts";
import { similarity, wilson } from "./metrics.ts";
import { randomWalk } from "./test-series.ts";
import type { BacktestRow, Bar, Forecaster } from "./types.ts";

const DAY = INTERVAL_MS["1d"];
const T0 = Date.UTC(2025, 0, 1);

function daily(closes: readonly number[]): Bar[] {
  return closes.map((close, i) => ({ time: T0 + i * DAY, close }));
}

/** A forecaster that always says "+10 % of the origin's close", with a band of ±5 % around that. */
const plusTen: Forecaster = {
  forecast(history, _interval, horizon) {
    const origin = history[history.length - 1] as Bar;
    return {
      model: "plus-ten",
      modelVersion: "test",
      beatsNaive: true,
      originTime: origin.time,
      originClose: origin.close,
      steps: Array.from({ length: horizon }, (_, i) => ({
        step: i + 1,
        time: origin.time + (i + 1) * DAY,
        forecast: origin.close * 1.1,
        lo80: origin.close * 1.05,
        hi80: origin.close * 1.15,
      })),
    };
  },
};

describe("backtest figures", () => {
  it("match a hand computation on a tiny series", () => {
    // origins 100 (t=1) and 110 (t=2) with horizon 2, judged on 110, 99 and 99, 121
    const bars = daily([90, 100, 110, 99, 121]);
    const report = backtest(bars, { interval: "1d", from: T0 + DAY, horizon: 2, step: 1, minHistory: 1 }, plusTen);
    expect(report.origins).toBe(2);
    expect(report.from).toBe("2025-01-02T00:00:00.000Z");
    expect(report.to).toBe("2025-01-03T00:00:00.000Z");
    // model: forecasts 110, 110 (origin 100) and 121, 121 (origin 110)
    const misses = [0, 11, 22, 0];
    const actuals = [110, 99, 99, 121];
    expect(report.model.mae).toBeCloseTo(33 / 4, 12);
    expect(report.model.mape).toBeCloseTo((100 * (0 + 11 / 99 + 22 / 99 + 0)) / 4, 12);
    const sims = misses.map((miss, i) => Math.max(0, 100 * (1 - miss / (actuals[i] as number))));
    expect(report.model.similarity).toBeCloseTo(sims.reduce((a, b) => a + b) / 4, 12);
    // naive: 100 against 110, 99; 110 against 99, 121
    expect(report.naive.mae).toBeCloseTo((10 + 1 + 11 + 11) / 4, 12);
    expect(report.naive.mape).toBeCloseTo((100 * (10 / 110 + 1 / 99 + 11 / 99 + 11 / 121)) / 4, 12);
    expect(report.mae_ratio).toBeCloseTo(33 / 4 / (33 / 4), 12);
    // bands [105, 115] and [115.5, 126.5]: 110 and 121 are inside, the two 99s are not
    expect(report.model.coverage80).toBe(0.5);
    // both origins call "up" at the last step: 99 < 100 is wrong, 121 > 110 right
    expect(report.model.direction_calls).toBe(2);
    expect(report.model.direction_accuracy).toBe(0.5);
    expect(report.model.direction_ci95).toEqual(wilson(1, 2));
  });

  it("count the naive forecast as no direction call, and its figures equal naive's", () => {
    const bars = randomWalk(300, 0.03, 11);
    const alwaysNaive = createForecaster({ candidates: ["naive"] });
    const report = backtest(bars, { interval: "1d", from: bars[100]?.time ?? 0, horizon: 7, step: 3 }, alwaysNaive);
    expect(report.model.direction_calls).toBe(0);
    expect(report.model.direction_accuracy).toBeNull();
    expect(report.model.direction_ci95).toBeNull();
    expect(report.mae_ratio).toBe(1);
    let sum = 0;
    let count = 0;
    for (let i = 100; i + 7 < bars.length; i += 3) {
      for (let h = 1; h <= 7; h += 1) {
        sum += Math.abs((bars[i]?.close ?? 0) - (bars[i + h]?.close ?? 0));
        count += 1;
      }
    }
    expect(report.origins).toBe(count / 7);
    expect(report.naive.mae).toBeCloseTo(sum / count, 9);
  });

  it("never lets a forecast see the future", () => {
    const bars = randomWalk(400, 0.02, 5);
    const cut = bars[300]?.time ?? 0;
    const changed = bars.map((bar) =>
      bar.time > cut ? { ...bar, close: bar.close * (bar.time % 3 === 0 ? 3 : 0.2) } : bar,
    );
    const collect = (series: Bar[]) => {
      const rows: BacktestRow[] = [];
      backtest(series, { interval: "1d", from: bars[150]?.time ?? 0, horizon: 7, step: 1 }, createForecaster(), (row) =>
        rows.push(row),
      );
      return rows
        .filter((row) => row.originTime <= cut)
        .map(({ originTime, step, forecast, lo80, hi80 }) => ({ originTime, step, forecast, lo80, hi80 }));
    };
    const before = collect(bars);
    expect(before.length).toBe(151 * 7);
    expect(collect(changed)).toEqual(before);
  });

  it("skips origins whose horizon spans a gap and never bridges one", () => {
    const bars = randomWalk(300, 0.02, 9);
    const gapped = [...bars.slice(0, 150), ...bars.slice(153)]; // three days missing after index 149
    const seen: number[] = [];
    const spy: Forecaster = {
      forecast(history, interval, horizon) {
        seen.push(history.length);
        return createForecaster().forecast(history, interval, horizon);
      },
    };
    const report = backtest(gapped, { interval: "1d", from: bars[100]?.time ?? 0, horizon: 7, step: 1 }, spy);
    // origins 143..149 have the gap inside their horizon; 150..195 a run after it shorter than the 47 bars needed
    expect(report.skipped_gaps).toBe(7 + 46);
    expect(report.skipped_short).toBe(0);
    // a forecast made after the gap equals one made from the run after the gap alone
    const afterGap = gapped.slice(0, 230);
    const runOnly = gapped.slice(150, 230);
    expect(createForecaster().forecast(afterGap, "1d", 7)).toEqual(createForecaster().forecast(runOnly, "1d", 7));
  });

  it("gives an 80 % band that holds about 80 % of a long random walk", () => {
    const bars = randomWalk(2_600, 0.03, 2024);
    const report = backtest(bars, { interval: "1d", from: bars[400]?.time ?? 0, horizon: 7, step: 1 });
    expect(report.origins).toBeGreaterThan(2_000);
    expect(report.model.coverage80).toBeGreaterThanOrEqual(0.75);
    expect(report.model.coverage80).toBeLessThanOrEqual(0.85);
    // a random walk has nothing to find: the chosen model must not do worse than naive by more than noise
    expect(report.mae_ratio).toBeLessThan(1.02);
  });

  it("refuses candles out of order", () => {
    const bars = daily([1, 2, 3]).reverse();
    expect(() => backtest(bars, { interval: "1d", from: 0, horizon: 1, step: 1 })).toThrow(/ascending/);
  });
});

describe("wilson and similarity", () => {
  it("match known values", () => {
    expect(wilson(0, 0)).toBeNull();
    const [lo, hi] = wilson(5, 10) ?? [0, 0];
    expect(lo).toBeCloseTo(0.2366, 4);
    expect(hi).toBeCloseTo(0.7634, 4);
    expect(wilson(10, 10)?.[1]).toBeCloseTo(1, 12);
    expect(similarity(90, 100)).toBeCloseTo(90, 12);
    expect(similarity(300, 100)).toBeCloseTo(-100, 12);
  });
});
