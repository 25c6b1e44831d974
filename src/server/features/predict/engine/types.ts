/**
 * The forecasting engine's shapes. The engine is pure: candles in, forecasts and walk-forward figures out, no I/O,
 * so the server, the backtest command and the tests run the very same code.
 */

export type BarInterval = "1h" | "1d";

/** One candle as the engine needs it: its open time (ms) and its close. */
export interface Bar {
  time: number;
  close: number;
}

/** One step ahead: the central forecast and its 80 % band, in the price's unit. */
export interface EngineStep {
  step: number;
  time: number;
  forecast: number;
  lo80: number;
  hi80: number;
}

export interface EngineForecast {
  /** the model chosen: "naive", "drift", "ses", "theta" */
  model: string;
  /** the method's version: changes whenever the way forecasts are made changes */
  modelVersion: string;
  /** false means the forecast IS the naive one (last close, flat) */
  beatsNaive: boolean;
  originTime: number;
  originClose: number;
  /** length = horizon, time = originTime + step × interval */
  steps: EngineStep[];
}

export interface Forecaster {
  /** `history` ascending, its last bar the origin; only what is given is used, so no look-ahead is possible. */
  forecast(history: readonly Bar[], interval: BarInterval, horizon: number): EngineForecast;
}

export interface BacktestOptions {
  interval: BarInterval;
  /** ms, the first origin allowed */
  from: number;
  horizon: number;
  /** origins are taken every `step` bars */
  step: number;
}

/** One forecast step of one origin, beside the close that came. */
export interface BacktestRow {
  originTime: number;
  step: number;
  time: number;
  forecast: number;
  lo80: number;
  hi80: number;
  actual: number;
}

export interface BacktestReport {
  symbol: string;
  interval: BarInterval;
  /** ISO time of the first and of the last origin used ("" when none) */
  from: string;
  to: string;
  origins: number;
  horizon: number;
  step: number;
  model_version: string;
  model: {
    mae: number;
    mape: number;
    direction_accuracy: number | null;
    direction_calls: number;
    direction_ci95: [number, number] | null;
    coverage80: number;
    similarity: number;
  };
  naive: { mae: number; mape: number };
  mae_ratio: number;
  /** origins skipped because the model's history or the horizon spans a gap in the candles */
  skipped_gaps: number;
  /** origins skipped because the file holds too little history before them (not a gap) */
  skipped_short: number;
  /** share of origins at which the chosen model was not the naive one */
  non_naive_share: number;
  /** how often each model was chosen, by name */
  models_chosen: Record<string, number>;
}
