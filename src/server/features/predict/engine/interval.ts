import type { Bar, BarInterval } from "./types.ts";

export const INTERVAL_MS: Readonly<Record<BarInterval, number>> = { "1h": 3_600_000, "1d": 86_400_000 };

/**
 * Where the trailing run of evenly spaced candles starts: the index of its first bar. A gap (a missing candle, or any
 * spacing other than one interval) is never bridged: the model sees only the run that ends at the origin.
 */
export function contiguousStart(history: readonly Bar[], interval: BarInterval): number {
  const ms = INTERVAL_MS[interval];
  let start = history.length - 1;
  while (start > 0) {
    const previous = history[start - 1];
    const current = history[start];
    if (previous === undefined || current === undefined || current.time - previous.time !== ms) break;
    start -= 1;
  }
  return Math.max(start, 0);
}
