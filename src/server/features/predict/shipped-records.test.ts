import { describe, expect, it } from "vitest";
import { loadMarketData } from "../../providers/market/market-data.ts";
import { loadShippedRecords } from "../../providers/predict/shipped-records.ts";
import { backtest, MODEL_VERSION } from "./engine/index.ts";
import { backtestRecord } from "./record.ts";

/**
 * data/predict holds the engine's walk-forward over the shipped history, summed per origin: it must be this engine's
 * (run scripts/data/build-backtest-records.ts after a change of MODEL_VERSION), and summing it must give the figures
 * `npm run backtest` prints for the same series and settings.
 */
describe("the shipped forecast records", () => {
  it("are the current model's", async () => {
    const records = await loadShippedRecords();
    expect(records.modelVersion).toBe(MODEL_VERSION);
  });

  it("sum to the backtest command's figures for BTC, daily and hourly", async () => {
    const [records, market] = await Promise.all([loadShippedRecords(), loadMarketData()]);
    const btc = market.series.get("BTC");
    for (const interval of ["1d", "1h"] as const) {
      const origins = records.origins("BTC", interval) ?? [];
      const first = origins[0];
      expect(first, interval).toBeDefined();
      const candles = interval === "1d" ? (btc?.daily ?? []) : (btc?.hourly ?? []);
      const bars = candles.map((c) => ({ time: c.openTime, close: c.close }));
      const horizon = interval === "1d" ? 7 : 48;
      const step = interval === "1d" ? 1 : 6;
      const report = backtest(bars, { interval, from: first?.originTime ?? 0, horizon, step });
      const record = backtestRecord(origins, horizon, interval, Number.POSITIVE_INFINITY);
      expect(record?.origins, interval).toBe(report.origins);
      expect(record?.from, interval).toBe(report.from);
      expect(record?.to, interval).toBe(report.to);
      // the file keeps 6 significant digits per origin
      expect(record?.model.mae ?? 0, interval).toBeCloseTo(report.model.mae, 0);
      expect((record?.model.mae ?? 0) / report.model.mae).toBeCloseTo(1, 4);
      expect((record?.naive.mae ?? 0) / report.naive.mae).toBeCloseTo(1, 4);
      expect(record?.maeRatio ?? 0).toBeCloseTo(report.mae_ratio, 4);
      expect(record?.model.coverage80, interval).toBeCloseTo(report.model.coverage80, 6);
      expect(record?.model.directionCalls, interval).toBe(report.model.direction_calls);
      expect(record?.model.directionAccuracy ?? null, interval).toBe(report.model.direction_accuracy);
      expect(record?.model.similarity ?? 0).toBeCloseTo(report.model.similarity, 3);
      expect(record?.model.mape ?? 0).toBeCloseTo(report.model.mape, 3);
    }
  });
});
