import type { Bar } from "../../src/server/features/predict/engine/index.ts";

/**
 * Reads the candle files the backtest accepts. The files are plain numeric CSVs (no quoted commas), so a small
 * reader is enough; the shape is told by the header, and rows may come in either order.
 */

export type CandleShape = "binance" | "universe" | "timestamp" | "shipped";

interface ShapeRule {
  shape: CandleShape;
  time: string;
  close: string;
  describe: string;
}

/** Checked in this order; column names are matched case-insensitively. */
const SHAPES: readonly ShapeRule[] = [
  { shape: "binance", time: "open_time", close: "close", describe: "Binance klines: open_time (ms),...,close,..." },
  { shape: "universe", time: "date", close: "close", describe: "date (YYYY-MM-DD),open,high,low,close,volume,..." },
  {
    shape: "timestamp",
    time: "timestamp",
    close: "close",
    describe: "timestamp (ms, s or ISO),open,high,low,close,...",
  },
  { shape: "shipped", time: "t", close: "c", describe: "t (ms),o,h,l,c,v,qv" },
];

export class CandleFileError extends Error {}

export function acceptedShapes(): string {
  return SHAPES.map((rule) => `  ${rule.describe}`).join("\n");
}

function cells(line: string): string[] {
  return line.split(",").map((cell) => cell.trim().replace(/^"(.*)"$/, "$1"));
}

/** Seconds below this, milliseconds above: 1e11 s is the year 5138, 1e11 ms is 1973. */
const MS_THRESHOLD = 1e11;

/**
 * A time cell as epoch ms: digits are ms or seconds by magnitude; anything else an ISO date or date-time, read as UTC
 * when it names no zone (a bare "2025-01-01 00:00:00" must not shift with the machine's time zone).
 */
export function parseTime(cell: string): number {
  if (/^-?\d+(\.\d+)?$/.test(cell)) {
    const value = Number(cell);
    return Math.abs(value) >= MS_THRESHOLD ? value : value * 1000;
  }
  let text = cell.replace(" ", "T");
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) text += "Z";
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
}

export interface CandleFile {
  shape: CandleShape;
  /** ascending, unique times */
  bars: Bar[];
}

export function parseCandles(text: string): CandleFile {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== "");
  const header = cells(lines[headerIndex] ?? "").map((name) => name.toLowerCase());
  const rule = SHAPES.find((candidate) => header.includes(candidate.time) && header.includes(candidate.close));
  if (rule === undefined) {
    throw new CandleFileError(
      `unrecognised CSV header "${(lines[headerIndex] ?? "").trim()}"; the accepted shapes are:\n${acceptedShapes()}`,
    );
  }
  const timeColumn = header.indexOf(rule.time);
  const closeColumn = header.indexOf(rule.close);
  const bars: Bar[] = [];
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    if (line.trim() === "") continue;
    const row = cells(line);
    const time = parseTime(row[timeColumn] ?? "");
    const close = Number(row[closeColumn] ?? "");
    if (!Number.isFinite(time) || !Number.isFinite(close) || close <= 0 || (row[closeColumn] ?? "") === "") {
      throw new CandleFileError(`line ${index + 1}: expected a time and a positive close, got "${line.trim()}"`);
    }
    bars.push({ time, close });
  }
  bars.sort((a, b) => a.time - b.time);
  for (let i = 1; i < bars.length; i += 1) {
    const time = bars[i]?.time ?? 0;
    if (time === bars[i - 1]?.time) {
      throw new CandleFileError(`two rows for the same time ${new Date(time).toISOString()}`);
    }
  }
  return { shape: rule.shape, bars };
}

/** BTCUSDT from "BTCUSDT.csv", "BTCUSDT_1d_2024-07-27_2026-03-31.csv" or ".../hourly/BTCUSDT.csv". */
export function symbolFromPath(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? path;
  const stem = base.replace(/\.[^.]*$/, "");
  return stem.split(/[_\s.-]/)[0] || stem;
}
