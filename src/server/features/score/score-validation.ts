import type { AiScore, AiScoreValidation } from "../../../contract/score.ts";
import { type NewsMark, newsCounts } from "./news-flow.ts";
import { spearman } from "./rank-stats.ts";
import { scoreAt } from "./score-engine.ts";
import { type DailyBar, upperBound } from "./score-figures.ts";
import { DAY_MS, WINDOWS } from "./score-weights.ts";

/**
 * The score judged like a forecast, week by week over a history: at each week's start (Monday 00:00 UTC) every coin
 * is scored from the candles complete by then and the news published before then (scoreAt reads nothing later),
 * and the scores are rank-correlated (Spearman) with the coins' returns over the next 7 days. A useful score ranks
 * next week's winners above its losers more often than not: a mean above 0 and more positive weeks than negative.
 * `npm run backtest -- --score` and the service's validation both call weeklyScoreValidation.
 */

export interface ScoreHistory {
  /** each coin's daily candles, ascending */
  series: ReadonlyMap<string, readonly DailyBar[]>;
  news: readonly NewsMark[];
  /** the time from which the news is complete (the archive's first item) */
  newsFrom: number;
}

export interface ScoreWeek {
  /** the week's start, ISO date */
  from: string;
  /** the coins both scored and priced a week later */
  coins: number;
  /** null when fewer than MIN_COINS coins or no spread of scores or returns */
  spearman: number | null;
}

export interface ScoreBacktest {
  weeks: ScoreWeek[];
  /** over the weeks with a correlation; null when there is none */
  validation: AiScoreValidation | null;
}

const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, a Monday */
const FIRST_MONDAY = 4 * DAY_MS;
/** a week with fewer coins says little about ranking */
export const MIN_COINS = 10;

const mondayOnOrAfter = (time: number) => Math.ceil((time - FIRST_MONDAY) / WEEK_MS) * WEEK_MS + FIRST_MONDAY;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The close of the candle that opened exactly at `openTime`, if the series has it. */
function closeOf(bars: readonly DailyBar[], openTime: number): number | undefined {
  const bar = bars[upperBound(bars, openTime) - 1];
  return bar?.openTime === openTime ? bar.close : undefined;
}

/** The Mondays judged: once the trend's window has filled for the earliest coins, while a full week follows. */
export function weekStarts(series: ReadonlyMap<string, readonly DailyBar[]>): number[] {
  let first = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const bars of series.values()) {
    const head = bars[0];
    const tail = bars.at(-1);
    if (head) first = Math.min(first, head.openTime);
    if (tail) end = Math.max(end, tail.openTime + DAY_MS);
  }
  const starts: number[] = [];
  if (!Number.isFinite(first)) return starts;
  for (let t = mondayOnOrAfter(first + WINDOWS.trendAverage * DAY_MS); t + WEEK_MS <= end; t += WEEK_MS) starts.push(t);
  return starts;
}

/** The scores a week is judged on: the universe scored at the week's start from what was known by then. */
export function weekScores(history: ScoreHistory, start: number): Map<string, AiScore> {
  return scoreAt({ at: start, series: history.series, news: newsCounts(history.news, start, history.newsFrom) });
}

/** One week: the scores at its start against the next 7 days' returns (close of the day before to day 7's close). */
export function judgeWeek(history: ScoreHistory, start: number): ScoreWeek {
  const scores = weekScores(history, start);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [abbr, score] of scores) {
    const bars = history.series.get(abbr) ?? [];
    const before = closeOf(bars, start - DAY_MS);
    const after = closeOf(bars, start + WEEK_MS - DAY_MS);
    if (before === undefined || after === undefined || before <= 0) continue;
    xs.push(score.score);
    ys.push(after / before - 1);
  }
  return { from: isoDate(start), coins: xs.length, spearman: xs.length < MIN_COINS ? null : spearman(xs, ys) };
}

export function weeklyScoreValidation(history: ScoreHistory): ScoreBacktest {
  const weeks = weekStarts(history.series).map((start) => judgeWeek(history, start));
  const judged = weeks.filter((week): week is ScoreWeek & { spearman: number } => week.spearman !== null);
  const first = judged[0];
  const last = judged.at(-1);
  if (!first || !last) return { weeks, validation: null };
  return {
    weeks,
    validation: {
      meanSpearman: judged.reduce((sum, week) => sum + week.spearman, 0) / judged.length,
      weeks: judged.length,
      positiveWeeks: judged.filter((week) => week.spearman > 0).length,
      from: first.from,
      to: last.from,
    },
  };
}
