import { DAY_MS, WINDOWS } from "./score-weights.ts";

/** What the score reads of a news item: when it was published and the coins it is tagged with. */
export interface NewsMark {
  /** publication time, ms */
  time: number;
  /** upper-case tickers */
  coins: readonly string[];
}

/** Items tagged with a coin in the recent window and in the baseline window (which holds the recent one). */
export interface NewsCount {
  recent: number;
  baseline: number;
}

export type NewsCounts = ReadonlyMap<string, NewsCount>;

/**
 * Counts each coin's items published in the 7 days and the 30 days before `at` (`at` itself excluded). Null when
 * the news does not reach back over the whole baseline (`coveredFrom`: the time from which it is complete), so
 * that a window the archive does not cover reads as missing data, not as silence.
 */
export function newsCounts(items: Iterable<NewsMark>, at: number, coveredFrom: number): NewsCounts | null {
  const baselineFrom = at - WINDOWS.newsBaseline * DAY_MS;
  if (coveredFrom > baselineFrom) return null;
  const recentFrom = at - WINDOWS.newsRecent * DAY_MS;
  const counts = new Map<string, NewsCount>();
  for (const item of items) {
    if (item.time < baselineFrom || item.time >= at) continue;
    for (const coin of new Set(item.coins)) {
      const count = counts.get(coin) ?? { recent: 0, baseline: 0 };
      count.baseline += 1;
      if (item.time >= recentFrom) count.recent += 1;
      counts.set(coin, count);
    }
  }
  return counts;
}

/**
 * The recent pace against the coin's own baseline: items of the last 7 days over 7/30 of the last 30 days' items,
 * each plus one so that a coin with no news reads 1 (its usual pace), not a division by zero.
 */
export const newsPace = (count: NewsCount) =>
  (count.recent + 1) / ((count.baseline * WINDOWS.newsRecent) / WINDOWS.newsBaseline + 1);
