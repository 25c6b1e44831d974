/**
 * The candidate models, all on log prices. Each one is prepared once over a run of log closes and then answers
 * "what is the forecast made at origin t for step h" in O(1), so the in-history validation can replay hundreds of
 * origins within the engine's budget (well under a millisecond for 500 bars).
 *
 * A plain drift (the mean log return of the trailing window, extrapolated) is kept as a candidate for tests and
 * experiments but is not in the default set: on the shipped history it lost to "no change" more often than not.
 */

export type CandidateName = "naive" | "drift" | "ses" | "theta";

export interface CandidateContext {
  /** log closes, ascending */
  y: Float64Array;
  /** bars of the trailing window that drift and trend are estimated on */
  trendWindow: number;
  /** the smoothing constant chosen for ses/theta (on data before the validation origins only) */
  alpha: number;
}

/** The smoothing constants tried for ses and theta. */
export const ALPHA_GRID: readonly number[] = [0.1, 0.2, 0.3, 0.5, 0.7, 0.9];

/**
 * The alpha of the grid with the smallest one-step squared error of simple exponential smoothing over y[0..end].
 * The caller passes the index before its first validation origin, so the choice never sees validation data.
 */
export function chooseAlpha(y: Float64Array, end: number): number {
  let best = ALPHA_GRID[ALPHA_GRID.length - 1] ?? 0.9;
  let bestError = Number.POSITIVE_INFINITY;
  for (const alpha of ALPHA_GRID) {
    let level = y[0] ?? 0;
    let error = 0;
    for (let i = 1; i <= end; i += 1) {
      const value = y[i] ?? level;
      const miss = value - level;
      error += miss * miss;
      level += alpha * miss;
    }
    if (error < bestError) {
      bestError = error;
      best = alpha;
    }
  }
  return best;
}

function sesLevels(y: Float64Array, alpha: number): Float64Array {
  const levels = new Float64Array(y.length);
  let level = y[0] ?? 0;
  for (let i = 0; i < y.length; i += 1) {
    level += alpha * ((y[i] ?? level) - level);
    levels[i] = level;
  }
  return levels;
}

/** Slope of the least-squares line through (i, y[i]) for i in the trailing window ending at each t. */
function rollingSlopes(y: Float64Array, window: number): Float64Array {
  const n = y.length;
  const sumY = new Float64Array(n + 1);
  const sumIY = new Float64Array(n + 1);
  for (let i = 0; i < n; i += 1) {
    const value = y[i] ?? 0;
    sumY[i + 1] = (sumY[i] ?? 0) + value;
    sumIY[i + 1] = (sumIY[i] ?? 0) + i * value;
  }
  const slopes = new Float64Array(n);
  for (let t = 1; t < n; t += 1) {
    const a = Math.max(0, t - window + 1);
    const m = t - a + 1;
    const sx = ((a + t) * m) / 2;
    const sxx = (t * (t + 1) * (2 * t + 1) - (a - 1) * a * (2 * a - 1)) / 6;
    const sy = (sumY[t + 1] ?? 0) - (sumY[a] ?? 0);
    const sxy = (sumIY[t + 1] ?? 0) - (sumIY[a] ?? 0);
    const denominator = m * sxx - sx * sx;
    slopes[t] = denominator > 0 ? (m * sxy - sx * sy) / denominator : 0;
  }
  return slopes;
}

/**
 * Every candidate's forecast is a line in the step: intercept[t] + slope[t] × h on log prices, with both read at
 * origin t from y[0..t] only. Arrays rather than closures keep the validation loop to plain arithmetic.
 */
export interface CandidatePath {
  intercept: Float64Array;
  slope: Float64Array;
}

export function preparePath(name: CandidateName, context: CandidateContext): CandidatePath {
  const { y, trendWindow, alpha } = context;
  const n = y.length;
  switch (name) {
    case "naive":
      return { intercept: y, slope: new Float64Array(n) };
    case "drift": {
      const slope = new Float64Array(n);
      for (let t = 1; t < n; t += 1) {
        const a = Math.max(0, t - trendWindow);
        slope[t] = ((y[t] ?? 0) - (y[a] ?? 0)) / (t - a);
      }
      return { intercept: y, slope };
    }
    case "ses":
      return { intercept: sesLevels(y, alpha), slope: new Float64Array(n) };
    case "theta": {
      // the standard Theta method: SES of the series plus half the slope of its linear trend (the theta=2 line
      // smoothed, the theta=0 line extrapolated), with the usual 1/alpha − 1 offset for the SES lag
      const intercept = sesLevels(y, alpha);
      const slope = rollingSlopes(y, trendWindow);
      const offset = 1 / alpha - 1;
      for (let t = 0; t < n; t += 1) {
        const half = 0.5 * (slope[t] ?? 0);
        slope[t] = half;
        intercept[t] = (intercept[t] ?? 0) + half * offset;
      }
      return { intercept, slope };
    }
  }
}
