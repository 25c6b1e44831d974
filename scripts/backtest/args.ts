import { parseArgs } from "node:util";
import type { BarInterval } from "../../src/server/features/predict/engine/index.ts";

/** The backtest command's options, checked once; anything wrong is a UsageError (exit code 2). */

export const USAGE =
  "usage: npm run backtest -- --candles FILE --interval 1h|1d --from YYYY-MM-DD [--horizon N] [--step N] " +
  "[--json OUT] [--forecasts OUT.csv]";

/** Default horizons: 48 hourly steps, 7 daily steps (spec §9). */
export const DEFAULT_HORIZON: Readonly<Record<BarInterval, number>> = { "1h": 48, "1d": 7 };

export class UsageError extends Error {}

export interface BacktestArgs {
  candles: string;
  interval: BarInterval;
  /** ms, UTC midnight of the given day (or the exact time given) */
  from: number;
  horizon: number;
  step: number;
  json?: string;
  forecasts?: string;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--${name} must be a positive integer, got "${value}"`);
  return Number(value);
}

function parseFrom(value: string | undefined): number {
  if (value === undefined) throw new UsageError("--from is required (YYYY-MM-DD)");
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(time)) throw new UsageError(`--from must be a date YYYY-MM-DD, got "${value}"`);
  return time;
}

export function parseBacktestArgs(argv: readonly string[]): BacktestArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        candles: { type: "string" },
        interval: { type: "string" },
        from: { type: "string" },
        horizon: { type: "string" },
        step: { type: "string" },
        json: { type: "string" },
        forecasts: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === "string" ? value : undefined;
  };
  const candles = text("candles");
  if (candles === undefined || candles === "") throw new UsageError("--candles FILE is required");
  const interval = text("interval");
  if (interval !== "1h" && interval !== "1d")
    throw new UsageError(`--interval must be 1h or 1d, got "${interval ?? ""}"`);
  const json = text("json");
  const forecasts = text("forecasts");
  return {
    candles,
    interval,
    from: parseFrom(text("from")),
    horizon: positiveInteger("horizon", text("horizon"), DEFAULT_HORIZON[interval]),
    step: positiveInteger("step", text("step"), 1),
    ...(json === undefined ? {} : { json }),
    ...(forecasts === undefined ? {} : { forecasts }),
  };
}
