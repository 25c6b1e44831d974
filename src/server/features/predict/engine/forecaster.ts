import { type CandidateName, type CandidatePath, chooseAlpha, preparePath } from "./candidates.ts";
import { contiguousStart, INTERVAL_MS } from "./interval.ts";
import { conformalRanks, kthSmallest } from "./quantile.ts";
import type { Bar, BarInterval, EngineForecast, EngineStep, Forecaster } from "./types.ts";

/**
 * The method's version. Change it whenever a change here changes the forecasts, so stored forecasts and backtest
 * records say which method made them.
 */
export const MODEL_VERSION = "fc-1";

/** The band's nominal coverage. */
const COVERAGE = 0.8;
/** z of the normal's 90 % quantile: the fallback band when the history is too short to validate anything */
const Z90 = 1.2815515655446004;

export interface ForecasterSettings {
  /** the most recent bars used (older ones add little and cost time) */
  maxBars: Readonly<Record<BarInterval, number>>;
  /** at most this many in-history validation origins (the latest ones whose horizon is inside the history) */
  validationOrigins: Readonly<Record<BarInterval, number>>;
  /** bars between validation origins: neighbouring hourly origins share 47 of 48 steps, so every other one serves */
  validationStride: Readonly<Record<BarInterval, number>>;
  /** fewer validation origins than this: no selection, the naive forecast with a random-walk band */
  minValidationOrigins: number;
  /** bars before the first validation origin, for the volatility estimate to settle */
  warmup: number;
  /** decay of the EWMA of squared log returns that scales the band */
  ewmaLambda: Readonly<Record<BarInterval, number>>;
  /** bars of the trailing window that drift and trend are estimated on */
  trendWindow: Readonly<Record<BarInterval, number>>;
  /** a candidate replaces naive only when its validation MAE is below (1 − margin) × naive's */
  margin: number;
  candidates: readonly CandidateName[];
}

export const DEFAULT_SETTINGS: ForecasterSettings = {
  maxBars: { "1h": 500, "1d": 400 },
  validationOrigins: { "1h": 150, "1d": 200 },
  validationStride: { "1h": 2, "1d": 1 },
  minValidationOrigins: 20,
  warmup: 20,
  ewmaLambda: { "1h": 0.97, "1d": 0.94 },
  trendWindow: { "1h": 168, "1d": 90 },
  margin: 0.1,
  candidates: ["naive", "ses", "theta"],
};

/** EWMA volatility of log returns at every index (σ[t] sees returns up to t only). */
function ewmaVolatility(y: Float64Array, warmup: number, lambda: number): Float64Array {
  const n = y.length;
  const sigma = new Float64Array(n);
  const seed = Math.min(warmup, n - 1);
  let variance = 0;
  for (let i = 1; i <= seed; i += 1) {
    const r = (y[i] ?? 0) - (y[i - 1] ?? 0);
    variance += r * r;
  }
  variance = seed > 0 ? variance / seed : 0;
  for (let i = 0; i < n; i += 1) {
    if (i > seed) {
      const r = (y[i] ?? 0) - (y[i - 1] ?? 0);
      variance = lambda * variance + (1 - lambda) * r * r;
    }
    sigma[i] = Math.sqrt(variance);
  }
  return sigma;
}

/** A floor for the scale, so a flat series (a stablecoin, a halted pair) never divides by zero. */
const SIGMA_FLOOR = 1e-9;

function buildSteps(
  origin: Bar,
  naive: boolean,
  intervalMs: number,
  horizon: number,
  point: (h: number) => number,
  lower: (h: number) => number,
  upper: (h: number) => number,
): EngineStep[] {
  const steps: EngineStep[] = [];
  for (let h = 1; h <= horizon; h += 1) {
    const center = point(h);
    const forecast = naive ? origin.close : Math.exp(center);
    steps.push({
      step: h,
      time: origin.time + h * intervalMs,
      // the naive forecast is the origin's close itself, not exp(log(close)), which may differ in the last bit and
      // would turn "no change" into a direction call
      forecast,
      lo80: Math.min(forecast, Math.exp(lower(h))),
      hi80: Math.max(forecast, Math.exp(upper(h))),
    });
  }
  return steps;
}

/**
 * The embedded forecaster: naive, drift, simple exponential smoothing and Theta on log closes, one of them chosen per
 * series by rolling-origin validation over the latest origins of the given history (the non-naive one only when it
 * beats naive there by the margin), with a split-conformal 80 % band from the same validation residuals, each scaled
 * by the EWMA volatility at its origin so the band widens and narrows with the market.
 */
export function createForecaster(overrides: Partial<ForecasterSettings> = {}): Forecaster {
  const settings: ForecasterSettings = { ...DEFAULT_SETTINGS, ...overrides };
  return {
    forecast(history: readonly Bar[], interval: BarInterval, horizon: number): EngineForecast {
      const origin = history[history.length - 1];
      if (origin === undefined) throw new Error("forecast needs at least one bar");
      if (!Number.isInteger(horizon) || horizon < 1) throw new Error("horizon must be a positive integer");
      const intervalMs = INTERVAL_MS[interval];
      const start = Math.max(contiguousStart(history, interval), history.length - settings.maxBars[interval]);
      const n = history.length - start;
      const y = new Float64Array(n);
      for (let i = 0; i < n; i += 1) y[i] = Math.log(history[start + i]?.close ?? origin.close);
      const last = n - 1;
      const sigma = ewmaVolatility(y, settings.warmup, settings.ewmaLambda[interval]);
      const sigmaNow = sigma[last] ?? 0;

      // validation origins, latest first: each sees y[0..t] and is judged on y[t+1..t+horizon], all inside history
      const stride = settings.validationStride[interval];
      const validations = Math.max(
        0,
        Math.min(settings.validationOrigins[interval], Math.floor((last - horizon - settings.warmup) / stride) + 1),
      );
      const origins = new Int32Array(validations);
      for (let k = 0; k < validations; k += 1) origins[k] = last - horizon - k * stride;
      const firstValidation = last - horizon - (validations - 1) * stride;
      const naiveResult = (): EngineForecast => ({
        model: "naive",
        modelVersion: MODEL_VERSION,
        beatsNaive: false,
        originTime: origin.time,
        originClose: origin.close,
        steps: buildSteps(
          origin,
          true,
          intervalMs,
          horizon,
          () => y[last] ?? 0,
          (h) => (y[last] ?? 0) - Z90 * sigmaNow * Math.sqrt(h),
          (h) => (y[last] ?? 0) + Z90 * sigmaNow * Math.sqrt(h),
        ),
      });
      if (validations < settings.minValidationOrigins) return naiveResult();

      const context = {
        y,
        trendWindow: settings.trendWindow[interval],
        alpha: chooseAlpha(y, firstValidation),
      };
      const paths = new Map<CandidateName, CandidatePath>();
      let naiveError = Number.NaN;
      let bestName: CandidateName = "naive";
      let bestError = Number.POSITIVE_INFINITY;
      for (const name of ["naive", ...settings.candidates.filter((candidate) => candidate !== "naive")] as const) {
        const path = preparePath(name, context);
        paths.set(name, path);
        let error = 0;
        for (const t of origins) {
          const intercept = path.intercept[t] ?? 0;
          const slope = path.slope[t] ?? 0;
          for (let h = 1; h <= horizon; h += 1) error += Math.abs((y[t + h] ?? 0) - intercept - slope * h);
        }
        if (name === "naive") naiveError = error;
        if (error < bestError) {
          bestError = error;
          bestName = name;
        }
      }
      const chosenName = bestName !== "naive" && bestError < (1 - settings.margin) * naiveError ? bestName : "naive";
      const chosenPath = paths.get(chosenName) ?? preparePath("naive", context);
      const chosen = (t: number, h: number): number => (chosenPath.intercept[t] ?? 0) + (chosenPath.slope[t] ?? 0) * h;

      // split-conformal band: per step, the order statistics of the validation residuals of the chosen model,
      // each divided by its origin's volatility × √h; scaled back by today's volatility × √h
      const scores = new Float64Array(validations);
      const [lowRank, highRank] = conformalRanks(validations, COVERAGE);
      const lowQ = new Float64Array(horizon + 1);
      const highQ = new Float64Array(horizon + 1);
      for (let h = 1; h <= horizon; h += 1) {
        const root = Math.sqrt(h);
        for (let k = 0; k < validations; k += 1) {
          const t = origins[k] ?? 0;
          scores[k] = ((y[t + h] ?? 0) - chosen(t, h)) / (Math.max(sigma[t] ?? 0, SIGMA_FLOOR) * root);
        }
        lowQ[h] = kthSmallest(scores, validations, lowRank);
        highQ[h] = kthSmallest(scores, validations, highRank);
      }
      const scaleNow = Math.max(sigmaNow, SIGMA_FLOOR);
      return {
        model: chosenName,
        modelVersion: MODEL_VERSION,
        beatsNaive: chosenName !== "naive",
        originTime: origin.time,
        originClose: origin.close,
        steps: buildSteps(
          origin,
          chosenName === "naive",
          intervalMs,
          horizon,
          (h) => chosen(last, h),
          (h) => chosen(last, h) + (lowQ[h] ?? 0) * scaleNow * Math.sqrt(h),
          (h) => chosen(last, h) + (highQ[h] ?? 0) * scaleNow * Math.sqrt(h),
        ),
      };
    },
  };
}

/**
 * The shortest contiguous history at which the default forecaster validates anything (below it, it falls back to
 * the naive forecast with a random-walk band): the backtest skips origins with less, rather than judge a fallback.
 */
export function minHistoryBars(horizon: number, settings: ForecasterSettings = DEFAULT_SETTINGS): number {
  return settings.warmup + settings.minValidationOrigins + horizon;
}
