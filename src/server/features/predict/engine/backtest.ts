import { createForecaster, MODEL_VERSION, minHistoryBars } from "./forecaster.ts";
import { contiguousStart, INTERVAL_MS } from "./interval.ts";
import { direction, similarity, wilson } from "./metrics.ts";
import type { BacktestOptions, BacktestReport, BacktestRow, Bar, Forecaster } from "./types.ts";

/** Bars handed to the forecaster before the origin at most (it uses fewer; this only bounds the copying). */
const LOOKBACK_BARS = 1_000;

function assertAscending(bars: readonly Bar[]): void {
  for (let i = 1; i < bars.length; i += 1) {
    const previous = bars[i - 1];
    const current = bars[i];
    if (previous !== undefined && current !== undefined && !(current.time > previous.time)) {
      throw new Error(
        `candles must be strictly ascending in time (bar ${i} at ${new Date(current.time).toISOString()})`,
      );
    }
  }
}

function iso(time: number): string {
  return new Date(time).toISOString();
}

/**
 * Walk-forward backtest: at every origin from `options.from` (every `step` bars) whose whole horizon is in `bars`,
 * the forecaster sees only the bars up to and including the origin, and its steps are judged against the closes
 * that came. The naive "no change" forecast is judged on the same origins and steps.
 *
 * Gaps are never bridged: the forecaster sees only the contiguous run of bars ending at the origin, an origin whose
 * horizon spans a gap is skipped, and so is one whose contiguous run is too short for the model to validate on
 * (`skipped_gaps` when a gap cut it short, `skipped_short` when the file's start did).
 */
export function backtest(
  bars: readonly Bar[],
  options: BacktestOptions & { symbol?: string; minHistory?: number },
  forecaster: Forecaster = createForecaster(),
  onRow?: (row: BacktestRow) => void,
): BacktestReport {
  const { interval, from, horizon, step } = options;
  if (!Number.isInteger(horizon) || horizon < 1) throw new Error("horizon must be a positive integer");
  if (!Number.isInteger(step) || step < 1) throw new Error("step must be a positive integer");
  assertAscending(bars);
  const intervalMs = INTERVAL_MS[interval];
  const minHistory = options.minHistory ?? minHistoryBars(horizon);

  let origins = 0;
  let skippedGaps = 0;
  let skippedShort = 0;
  let firstOrigin: number | undefined;
  let lastOrigin: number | undefined;
  let count = 0;
  let absError = 0;
  let pctError = 0;
  let naiveAbs = 0;
  let naivePct = 0;
  let similaritySum = 0;
  let inBand = 0;
  let calls = 0;
  let hits = 0;
  let modelVersion = MODEL_VERSION;
  const chosen: Record<string, number> = {};

  let first = bars.findIndex((bar) => bar.time >= from);
  if (first < 0) first = bars.length;
  for (let i = first; i + horizon < bars.length; i += step) {
    const origin = bars[i];
    const end = bars[i + horizon];
    if (origin === undefined || end === undefined) break;
    if (end.time - origin.time !== horizon * intervalMs) {
      skippedGaps += 1;
      continue;
    }
    const lookStart = Math.max(0, i - LOOKBACK_BARS + 1);
    const history = bars.slice(lookStart, i + 1);
    const runStart = contiguousStart(history, interval);
    if (history.length - runStart < minHistory) {
      if (runStart > 0 || lookStart > 0) skippedGaps += 1;
      else skippedShort += 1;
      continue;
    }
    const result = forecaster.forecast(history, interval, horizon);
    if (result.steps.length !== horizon) throw new Error(`the forecaster returned ${result.steps.length} steps`);
    modelVersion = result.modelVersion;
    chosen[result.model] = (chosen[result.model] ?? 0) + 1;
    origins += 1;
    firstOrigin ??= origin.time;
    lastOrigin = origin.time;
    for (const forecastStep of result.steps) {
      const actual = bars[i + forecastStep.step]?.close ?? Number.NaN;
      const { forecast, lo80, hi80 } = forecastStep;
      const miss = Math.abs(forecast - actual);
      const naiveMiss = Math.abs(origin.close - actual);
      absError += miss;
      pctError += (100 * miss) / actual;
      naiveAbs += naiveMiss;
      naivePct += (100 * naiveMiss) / actual;
      similaritySum += Math.max(0, similarity(forecast, actual));
      if (actual >= lo80 && actual <= hi80) inBand += 1;
      count += 1;
      onRow?.({
        originTime: origin.time,
        step: forecastStep.step,
        time: forecastStep.time,
        forecast,
        lo80,
        hi80,
        actual,
      });
    }
    const finalStep = result.steps[horizon - 1];
    const called = finalStep === undefined ? 0 : direction(origin.close, finalStep.forecast);
    if (called !== 0) {
      calls += 1;
      if (called === direction(origin.close, end.close)) hits += 1;
    }
  }

  const mae = absError / count;
  const naiveMae = naiveAbs / count;
  return {
    symbol: options.symbol ?? "",
    interval,
    from: firstOrigin === undefined ? "" : iso(firstOrigin),
    to: lastOrigin === undefined ? "" : iso(lastOrigin),
    origins,
    horizon,
    step,
    model_version: modelVersion,
    model: {
      mae,
      mape: pctError / count,
      direction_accuracy: calls > 0 ? hits / calls : null,
      direction_calls: calls,
      direction_ci95: wilson(hits, calls),
      coverage80: inBand / count,
      similarity: similaritySum / count,
    },
    naive: { mae: naiveMae, mape: naivePct / count },
    mae_ratio: naiveMae > 0 ? mae / naiveMae : mae > 0 ? Number.POSITIVE_INFINITY : 1,
    skipped_gaps: skippedGaps,
    skipped_short: skippedShort,
    non_naive_share: origins > 0 ? (origins - (chosen.naive ?? 0)) / origins : 0,
    models_chosen: chosen,
  };
}
