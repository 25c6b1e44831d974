import type { BacktestRow } from "../../src/server/features/predict/engine/index.ts";

/** The --forecasts file: one line per origin and step. */
export const FORECASTS_HEADER = "origin_time,step,forecast,lo80,hi80,actual";

export function forecastLine(row: BacktestRow): string {
  return [new Date(row.originTime).toISOString(), row.step, row.forecast, row.lo80, row.hi80, row.actual].join(",");
}
