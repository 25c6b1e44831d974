import { type BacktestOptions, type BacktestRow, type Bar, backtest, type Forecaster } from "./engine/index.ts";
import { type OriginSummary, summariseOrigin } from "./record.ts";

/**
 * The engine's walk-forward (the code `npm run backtest` runs), summed per origin: what the shipped records hold
 * (scripts/data/build-backtest-records.ts) and what a coin without them is tested with.
 */
export function summariesOfBacktest(
  bars: readonly Bar[],
  options: BacktestOptions,
  forecaster?: Forecaster,
): OriginSummary[] {
  const closeAt = new Map(bars.map((bar) => [bar.time, bar.close]));
  const rowsByOrigin = new Map<number, BacktestRow[]>();
  backtest(bars, options, forecaster, (row) => {
    let rows = rowsByOrigin.get(row.originTime);
    if (!rows) {
      rows = [];
      rowsByOrigin.set(row.originTime, rows);
    }
    rows.push(row);
  });
  const summaries: OriginSummary[] = [];
  for (const [originTime, rows] of rowsByOrigin) {
    const originClose = closeAt.get(originTime);
    if (originClose === undefined) continue;
    rows.sort((a, b) => a.step - b.step);
    const summary = summariseOrigin(
      originTime,
      originClose,
      rows,
      rows.map((row) => row.actual),
    );
    if (summary) summaries.push(summary);
  }
  return summaries.sort((a, b) => a.originTime - b.originTime);
}
