import type { Clock } from "../clock.ts";

/**
 * What the replay does when it reaches the end of the data:
 * - "wrap" (default) starts the window again, so a long-running server keeps a moving market; every
 *   restart of the window is a new lap, and market time steps back by the window's length there;
 * - "clamp" stops at the end: the market freezes on the last real candle.
 */
export type ReplayEndMode = "wrap" | "clamp";

export interface ReplayClockOptions {
  wall: Clock;
  /** first replay instant, ms */
  start: number;
  /** end of the data, ms (exclusive): market time never reaches past it */
  end: number;
  /** replay milliseconds per wall millisecond; 1 is real time, 60 plays an hour a minute */
  speed?: number;
  /**
   * the wall instant at which market time is `start`; defaults to the wall time when the clock is made.
   * API nodes that must agree on market time share one anchor.
   */
  anchor?: number;
  atEnd?: ReplayEndMode;
}

export interface ReplayClock {
  /** market time now, whole ms */
  now(): number;
  /** how many times the replay has wrapped (0 on the first pass; always 0 when clamping) */
  lap(): number;
  readonly start: number;
  readonly end: number;
  readonly speed: number;
  readonly atEnd: ReplayEndMode;
}

/**
 * replayTime = start + (wall - anchor) * speed, wrapped into [start, end) or clamped to [start, end].
 * A wall clock behind the anchor reads as `start`, never earlier.
 */
export function createReplayClock(options: ReplayClockOptions): ReplayClock {
  const { wall, start, end, speed = 1, atEnd = "wrap" } = options;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) {
    throw new Error("the replay window must have a start before its end");
  }
  if (!Number.isFinite(speed) || speed <= 0) throw new Error("the replay speed must be a positive number");
  const anchor = options.anchor ?? wall.now().getTime();
  const length = end - start;
  const elapsed = () => Math.max(0, Math.floor((wall.now().getTime() - anchor) * speed));
  return {
    start,
    end,
    speed,
    atEnd,
    now() {
      const played = elapsed();
      if (atEnd === "clamp") return Math.min(start + played, end);
      return start + (played % length);
    },
    lap() {
      return atEnd === "clamp" ? 0 : Math.floor(elapsed() / length);
    },
  };
}

export const DEFAULT_REPLAY_LOOKBACK_DAYS = 30;

/**
 * The default window: from `lookbackDays` before the end of the hourly data (so hourly candles, hence 1h
 * changes, exist from the first instant) to the end of the data; or from a start given as ms or an ISO date.
 */
export function replayWindow(
  coverage: { first: number; hourlyEnd: number; end: number },
  options: { start?: number | string; lookbackDays?: number } = {},
): { start: number; end: number } {
  const lookback = (options.lookbackDays ?? DEFAULT_REPLAY_LOOKBACK_DAYS) * 86_400_000;
  const start =
    options.start === undefined
      ? coverage.hourlyEnd - lookback
      : typeof options.start === "number"
        ? options.start
        : Date.parse(options.start);
  if (!Number.isFinite(start) || start < coverage.first || start >= coverage.end) {
    const from = new Date(coverage.first).toISOString();
    const to = new Date(coverage.end).toISOString();
    throw new Error(`the replay start must lie within the data (${from} .. ${to})`);
  }
  return { start, end: coverage.end };
}

/** The UTC calendar date of a market time, as the UI's replay label shows it. */
export function replayDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
