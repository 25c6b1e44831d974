import { z } from "zod";
import type { CandleData } from "../../../../contract/market.ts";
import type { ChatMarket } from "./chat-data.ts";

/**
 * Windows of time a question asks about ("the past week", "since January", "today"), written as a short period
 * and resolved against the market time (the replay's time, or now for the live market):
 *
 * - `today`: since 00:00 UTC of the market's day, on hourly candles, up to the last completed hour;
 * - `7d`: the last 7 whole days (UTC), ending at 00:00 of the market's day;
 * - `3m`: the last 3 calendar months of whole days (2025-12-09 → 2026-03-09);
 * - `mtd`, `ytd`: since the 1st of the market's month, since 1 January of its year;
 * - `since:01-15` (that day of the market's year, or of the year before when it has not come yet) and
 *   `since:2026-01-15`: from that day to the market's day.
 *
 * A price move over a window runs from the close before its first candle (the price at the window's start) to the
 * close of its last candle, with the window's high and low.
 */

export const PERIOD_PATTERN = /^(today|mtd|ytd|[1-9]\d{0,2}d|[1-9]\d?m|since:(\d{4}-)?\d{2}-\d{2})$/;

export const periodSchema = z
  .string()
  .trim()
  .regex(PERIOD_PATTERN)
  .describe(
    "the window, relative to the market time: 'today' (since 00:00 UTC), '7d' (the last 7 whole days), '3m' " +
      "(the last 3 calendar months), 'mtd' / 'ytd' (since the 1st of the month / of January), 'since:01-15' " +
      "(since that day of the market's year) or 'since:2026-01-15'",
  );

export type PeriodInterval = "1h" | "1d";

export interface PeriodWindow {
  /** the period as asked */
  period: string;
  interval: PeriodInterval;
  /** the window's start and end, ms (the start of the first candle and the end of the last) */
  from: number;
  to: number;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;

const dayStart = (ms: number) => Math.floor(ms / DAY) * DAY;

/** The same day `months` calendar months earlier, the month's last day where it has fewer days. */
function monthsBefore(ms: number, months: number): number {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay));
}

/** "since:01-15" in the year of `end` (the year before when that day is not before `end`), "since:2026-01-15" as is. */
function sinceDay(text: string, end: number): number | undefined {
  const full = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const short = /^(\d{2})-(\d{2})$/.exec(text);
  const parts = full
    ? full.slice(1).map(Number)
    : short
      ? [new Date(end - 1).getUTCFullYear(), ...short.slice(1).map(Number)]
      : [];
  const [year, month, day] = parts;
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  let ms = Date.UTC(year, month - 1, day);
  if (new Date(ms).getUTCDate() !== day) return undefined;
  if (short && ms >= end) ms = Date.UTC(year - 1, month - 1, day);
  return ms;
}

/** The hours of the market's day so far; with not one completed hour yet, the last whole day. */
function today(period: string, at: number): PeriodWindow {
  const from = dayStart(at);
  const to = Math.floor(at / HOUR) * HOUR;
  if (to > from) return { period, interval: "1h", from, to };
  return { period, interval: "1d", from: from - DAY, to: from };
}

/** The window of a period at market time `at`, or undefined for a period that is not one (or a day not yet come). */
export function resolvePeriod(period: string, at: number): PeriodWindow | undefined {
  const text = period.trim();
  if (!PERIOD_PATTERN.test(text)) return undefined;
  const end = dayStart(at);
  if (text === "today") return today(text, at);
  const days = /^(\d+)d$/.exec(text)?.[1];
  if (days) return { period: text, interval: "1d", from: end - Number(days) * DAY, to: end };
  const months = /^(\d+)m$/.exec(text)?.[1];
  if (months) return { period: text, interval: "1d", from: monthsBefore(end, Number(months)), to: end };
  const marketDay = new Date(end - 1);
  let from: number | undefined;
  if (text === "mtd") from = Date.UTC(marketDay.getUTCFullYear(), marketDay.getUTCMonth(), 1);
  else if (text === "ytd") from = Date.UTC(marketDay.getUTCFullYear(), 0, 1);
  else from = sinceDay(text.slice("since:".length), end);
  if (from === undefined || from > end) return undefined;
  // since today: the day so far
  if (from === end) return today(text, at);
  return { period: text, interval: "1d", from, to: end };
}

const INTERVAL: Record<PeriodInterval, number> = { "1h": HOUR, "1d": DAY };

/** A price move over a window, from the candles. Prices as the data has them (USDT). */
export interface PeriodMove {
  window: PeriodWindow;
  /** the window asked for had to change: "partial" the coin's data begins inside it, "noIntraday" no hourly candles */
  note: "partial" | "noIntraday" | null;
  /** the price at the window's start (the close before it; the first open when the data begins inside it) */
  start: number;
  end: number;
  /** percent, unrounded */
  change: number;
  high: number;
  highAt: number;
  low: number;
  lowAt: number;
  candles: number;
}

/** The move of the candles of one interval over [from, to), with the candle before as the reference. */
function moveOf(
  window: PeriodWindow,
  candles: readonly CandleData[],
  note: PeriodMove["note"],
): PeriodMove | undefined {
  const step = INTERVAL[window.interval];
  const before = candles.find((c) => c.time === window.from - step);
  const inside = candles.filter((c) => c.time >= window.from && c.time + step <= window.to);
  const first = inside[0];
  const last = inside.at(-1);
  if (!first || !last) return undefined;
  let high = first;
  let low = first;
  for (const candle of inside) {
    if (candle.high > high.high) high = candle;
    if (candle.low < low.low) low = candle;
  }
  const start = before ? before.close : first.open;
  const partial = !before && first.time > window.from;
  return {
    window: { ...window, from: partial ? first.time : window.from, to: last.time + step },
    note: partial ? "partial" : note,
    start,
    end: last.close,
    change: (last.close / start - 1) * 100,
    high: high.high,
    highAt: high.time,
    low: low.low,
    lowAt: low.time,
    candles: inside.length,
  };
}

/**
 * A coin's price move over a window: daily candles, or hourly ones for today (the last whole day instead when the
 * coin has no hourly candles). Undefined when the data has no candle in the window.
 */
export async function periodMove(
  market: Pick<ChatMarket, "klines">,
  abbr: string,
  window: PeriodWindow,
): Promise<PeriodMove | undefined> {
  const read = (w: PeriodWindow) => {
    const step = INTERVAL[w.interval];
    return market.klines(abbr, w.interval, { from: w.from - step, to: w.to - step, limit: 1000 });
  };
  const move = moveOf(window, await read(window), null);
  if (move || window.interval === "1d") return move;
  const lastDay = { ...window, interval: "1d" as const, from: window.from - DAY, to: window.from };
  return moveOf(lastDay, await read(lastDay), "noIntraday");
}
