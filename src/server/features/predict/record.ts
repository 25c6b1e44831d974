import type { BacktestRecord, JudgedPrediction, PredictInterval } from "../../../contract/predict.ts";
import type { ShippedOrigin } from "../../providers/predict/shipped-records.ts";
import type { StoredPrediction } from "./predictions.repository.ts";

/**
 * A forecast's record, from per-origin summaries: the backtest over the shipped history (summaries written by
 * scripts/data/build-backtest-records.ts from the engine's walk-forward rows, the code `npm run backtest` runs) and
 * the stored forecasts judged since. Both are summed the same way, so a cut at the market time is a filter, not a
 * recomputation, and nothing after the market time is ever counted.
 */

/**
 * One origin of a walk-forward test, summed over its steps 1..horizon: the shape the shipped records hold (see
 * providers/predict/shipped-records.ts for its fields).
 */
export type OriginSummary = ShippedOrigin;

/** spec §9: 100 × (1 − |prediction − truth| / truth), never below 0 */
export const similarityOf = (forecast: number, actual: number) =>
  actual > 0 ? Math.max(0, 100 * (1 - Math.abs(forecast - actual) / actual)) : 0;

/** Wilson score interval (95 %) of a share; null without trials. */
export function wilson95(successes: number, trials: number): [number, number] | null {
  if (trials <= 0) return null;
  const z = 1.959963984540054;
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The direction a forecast calls from the origin's close; a forecast equal to it is no call. */
export const directionOf = (originClose: number, forecast: number): "up" | "down" | "flat" =>
  forecast > originClose ? "up" : forecast < originClose ? "down" : "flat";

/** Summarises one judged forecast (steps with an actual close only). */
export function summariseOrigin(
  originTime: number,
  originClose: number,
  steps: readonly { forecast: number; lo80: number; hi80: number }[],
  actuals: readonly number[],
): OriginSummary | undefined {
  const n = Math.min(steps.length, actuals.length);
  if (n === 0) return undefined;
  const summary: OriginSummary = {
    originTime,
    steps: n,
    absError: 0,
    naiveAbsError: 0,
    pctError: 0,
    naivePctError: 0,
    inBand: 0,
    similarity: 0,
    call: 0,
  };
  for (let i = 0; i < n; i++) {
    const step = steps[i];
    const actual = actuals[i];
    if (!step || actual === undefined) continue;
    const error = Math.abs(step.forecast - actual);
    const naive = Math.abs(originClose - actual);
    summary.absError += error;
    summary.naiveAbsError += naive;
    summary.pctError += actual > 0 ? (100 * error) / actual : 0;
    summary.naivePctError += actual > 0 ? (100 * naive) / actual : 0;
    if (actual >= step.lo80 && actual <= step.hi80) summary.inBand += 1;
    summary.similarity += similarityOf(step.forecast, actual);
  }
  const last = steps[n - 1];
  const lastActual = actuals[n - 1];
  if (last && lastActual !== undefined && n === steps.length) {
    const called = directionOf(originClose, last.forecast);
    const happened = directionOf(originClose, lastActual);
    if (called !== "flat") summary.call = called === happened ? 1 : -1;
  }
  return summary;
}

export interface RecordFigures {
  origins: number;
  steps: number;
  mae: number;
  mape: number;
  naiveMae: number;
  naiveMape: number;
  maeRatio: number;
  calls: number;
  directionAccuracy: number | null;
  directionCi95: [number, number] | null;
  coverage80: number;
  similarity: number;
}

/** Sums summaries into the record's figures; undefined when there is none. */
export function recordFigures(summaries: readonly OriginSummary[]): RecordFigures | undefined {
  let steps = 0;
  let absError = 0;
  let naiveAbsError = 0;
  let pctError = 0;
  let naivePctError = 0;
  let inBand = 0;
  let similarity = 0;
  let calls = 0;
  let right = 0;
  for (const s of summaries) {
    steps += s.steps;
    absError += s.absError;
    naiveAbsError += s.naiveAbsError;
    pctError += s.pctError;
    naivePctError += s.naivePctError;
    inBand += s.inBand;
    similarity += s.similarity;
    if (s.call !== 0) calls += 1;
    if (s.call === 1) right += 1;
  }
  if (steps === 0) return undefined;
  const mae = absError / steps;
  const naiveMae = naiveAbsError / steps;
  return {
    origins: summaries.length,
    steps,
    mae,
    mape: pctError / steps,
    naiveMae,
    naiveMape: naivePctError / steps,
    maeRatio: naiveMae > 0 ? mae / naiveMae : 1,
    calls,
    directionAccuracy: calls > 0 ? right / calls : null,
    directionCi95: wilson95(right, calls),
    coverage80: inBand / steps,
    similarity: similarity / steps,
  };
}

/** The backtest record of the contract from the summaries of origins judged by `until`. */
export function backtestRecord(
  summaries: readonly OriginSummary[],
  horizon: number,
  interval: PredictInterval,
  until: number,
): BacktestRecord | undefined {
  const stepMs = interval === "1h" ? 3_600_000 : 86_400_000;
  // an origin counts once its horizon's last candle has closed by the market time
  const visible = summaries.filter((s) => s.originTime + (horizon + 1) * stepMs <= until);
  const figures = recordFigures(visible);
  const first = visible[0];
  const last = visible.at(-1);
  if (!figures || !first || !last) return undefined;
  return {
    from: new Date(first.originTime).toISOString(),
    to: new Date(last.originTime).toISOString(),
    origins: figures.origins,
    horizon,
    model: {
      mae: figures.mae,
      mape: figures.mape,
      directionAccuracy: figures.directionAccuracy,
      directionCalls: figures.calls,
      directionCi95: figures.directionCi95,
      coverage80: figures.coverage80,
      similarity: figures.similarity,
    },
    naive: { mae: figures.naiveMae, mape: figures.naiveMape },
    maeRatio: figures.maeRatio,
  };
}

/** A stored forecast as the record lists it, judged at its last step; undefined while unjudged or unjudgeable. */
export function judgedPrediction(row: StoredPrediction): JudgedPrediction | undefined {
  const last = row.steps.at(-1);
  const actual = row.actuals?.at(-1);
  if (!last || actual === undefined || row.actuals?.length !== row.steps.length) return undefined;
  const direction = directionOf(row.originClose, last.forecast);
  return {
    originTime: row.originTime,
    targetTime: last.time,
    originClose: row.originClose,
    forecast: last.forecast,
    lo80: last.lo80,
    hi80: last.hi80,
    actual,
    direction,
    correct: direction === "flat" ? null : direction === directionOf(row.originClose, actual),
    inBand: actual >= last.lo80 && actual <= last.hi80,
    similarity: similarityOf(last.forecast, actual),
  };
}
