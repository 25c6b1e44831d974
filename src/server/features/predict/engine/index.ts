/** The forecasting engine's public surface: what the predict feature and the backtest command use. */
export { backtest } from "./backtest.ts";
export {
  createForecaster,
  DEFAULT_SETTINGS,
  type ForecasterSettings,
  MODEL_VERSION,
  minHistoryBars,
} from "./forecaster.ts";
export { contiguousStart, INTERVAL_MS } from "./interval.ts";
export { direction, similarity, wilson } from "./metrics.ts";
export type {
  BacktestOptions,
  BacktestReport,
  BacktestRow,
  Bar,
  BarInterval,
  EngineForecast,
  EngineStep,
  Forecaster,
} from "./types.ts";
