/**
 * Writes data/predict/backtest-records.json.gz: the forecasting engine's walk-forward over the shipped market history
 * (data/market), every coin daily and, where the data has them, hourly, summed per origin (see
 * src/server/providers/predict/shipped-records.ts). The server counts the origins judged by its market time, so the
 * record a user sees never includes an outcome after it.
 *   node --import tsx scripts/data/build-backtest-records.ts
 * Run it again whenever the engine's MODEL_VERSION changes (a test fails until then).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PREDICT_HORIZON, type PredictInterval } from "../../src/contract/predict.ts";
import { createForecaster, MODEL_VERSION } from "../../src/server/features/predict/engine/index.ts";
import { summariesOfBacktest } from "../../src/server/features/predict/summaries.ts";
import { loadMarketData } from "../../src/server/providers/market/market-data.ts";
import {
  SHIPPED_RECORDS_FILE,
  type ShippedRecordsFile,
  type ShippedRow,
  toRow,
} from "../../src/server/providers/predict/shipped-records.ts";

const DAY = 86_400_000;
/** Walk-forward settings: daily from every day, hourly every 6 hours (four origins a day keep the file small). */
const SETTINGS: Readonly<Record<PredictInterval, { from: string; step: number }>> = {
  "1d": { from: "2025-03-01", step: 1 },
  "1h": { from: "2025-01-15", step: 6 },
};
/**
 * A series starting later than `from` starts its walk-forward this long after its first candle: 60 days of daily
 * candles, 7 days of hourly ones (ETH's and BNB's hourly candles start in late January: their record must be there by
 * the replay's start in March).
 */
const WARM_UP_DAYS: Readonly<Record<PredictInterval, number>> = { "1d": 60, "1h": 7 };

/** Rounds to 6 significant digits: the record's figures show 2-3, and the file stays a fraction of the size. */
const round = (value: number) => (value === 0 ? 0 : Number(value.toPrecision(6)));

async function main() {
  const started = performance.now();
  const data = await loadMarketData();
  const forecaster = createForecaster();
  const coins: ShippedRecordsFile["coins"] = {};
  for (const [symbol, series] of data.series) {
    const perInterval: Record<string, ShippedRow[]> = {};
    for (const interval of ["1d", "1h"] as const) {
      const candles = interval === "1d" ? series.daily : series.hourly;
      const first = candles[0];
      if (!first) continue;
      const from = Math.max(
        Date.parse(`${SETTINGS[interval].from}T00:00:00Z`),
        first.openTime + WARM_UP_DAYS[interval] * DAY,
      );
      const bars = candles.map((c) => ({ time: c.openTime, close: c.close }));
      const summaries = summariesOfBacktest(
        bars,
        { interval, from, horizon: PREDICT_HORIZON[interval], step: SETTINGS[interval].step },
        forecaster,
      );
      if (summaries.length === 0) continue;
      perInterval[interval] = summaries.map((s) =>
        toRow({
          ...s,
          absError: round(s.absError),
          naiveAbsError: round(s.naiveAbsError),
          pctError: round(s.pctError),
          naivePctError: round(s.naivePctError),
          similarity: round(s.similarity),
        }),
      );
    }
    coins[symbol] = perInterval;
  }
  const file: ShippedRecordsFile = {
    modelVersion: MODEL_VERSION,
    generatedBy: "scripts/data/build-backtest-records.ts over data/market",
    settings: Object.fromEntries(
      (["1d", "1h"] as const).map((interval) => [
        interval,
        { from: SETTINGS[interval].from, horizon: PREDICT_HORIZON[interval], step: SETTINGS[interval].step },
      ]),
    ),
    coins,
  };
  const json = JSON.stringify(file);
  await mkdir(path.dirname(SHIPPED_RECORDS_FILE), { recursive: true });
  await writeFile(SHIPPED_RECORDS_FILE, gzipSync(json, { level: 9 }));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `wrote ${path.relative(process.cwd(), SHIPPED_RECORDS_FILE)}: ${Object.keys(coins).length} coins, ` +
      `model ${MODEL_VERSION}, ${(json.length / 1024).toFixed(0)} KiB of JSON, in ${seconds} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
