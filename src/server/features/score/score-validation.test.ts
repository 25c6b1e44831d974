import { describe, expect, it } from "vitest";
import type { NewsMark } from "./news-flow.ts";
import type { DailyBar } from "./score-figures.ts";
import { type ScoreHistory, weeklyScoreValidation, weekScores, weekStarts } from "./score-validation.ts";
import { DAY_MS } from "./score-weights.ts";
import { dailyBars, randomWalk } from "./test-series.ts";

/** a Wednesday: the first Monday judged is the first one 50 days after it */
const START = Date.parse("2025-01-01T00:00:00Z");
const DAYS = 150;
const COINS = ["BTC", ...Array.from({ length: 14 }, (_, i) => `C${i}`)];

function history(): ScoreHistory {
  const series = new Map(COINS.map((abbr, i) => [abbr, dailyBars(randomWalk(i + 1, DAYS), START, 1_000 * (i + 1))]));
  const news: NewsMark[] = Array.from({ length: 200 }, (_, i) => ({
    time: START + 10 * DAY_MS + i * 17 * 3_600_000,
    coins: [COINS[i % 5] ?? "BTC"],
  }));
  return { series, news, newsFrom: START };
}

/** The same history with the candles opening from `from` on, and the news published from `newsFrom` on, made anew. */
function rewrittenFrom(base: ScoreHistory, from: number, newsFrom = from): ScoreHistory {
  const series = new Map<string, DailyBar[]>(
    [...base.series].map(([abbr, bars]) => [
      abbr,
      bars.map((bar, i) => (bar.openTime >= from ? { ...bar, close: (i % 7) + 1, volume: 1 } : bar)),
    ]),
  );
  const news = [
    ...base.news.filter((item) => item.time < newsFrom),
    ...Array.from({ length: 50 }, (_, i) => ({ time: newsFrom + i * 3_600_000, coins: ["C3"] })),
  ];
  return { series, news, newsFrom: base.newsFrom };
}

describe("weekly validation of the AI score", () => {
  it("judges Mondays from the 50th day on, while a whole week follows", () => {
    const starts = weekStarts(history().series);
    expect(new Date(starts[0] ?? 0).toISOString()).toBe("2025-02-24T00:00:00.000Z");
    for (const start of starts) expect(new Date(start).getUTCDay()).toBe(1);
    const end = START + DAYS * DAY_MS;
    expect((starts.at(-1) ?? 0) + 7 * DAY_MS).toBeLessThanOrEqual(end);
    expect((starts.at(-1) ?? 0) + 14 * DAY_MS).toBeGreaterThan(end);
  });

  it("scores each week from what was known at its start: later candles and news change nothing", () => {
    const base = history();
    for (const start of weekStarts(base.series)) {
      const scores = weekScores(base, start);
      expect(scores.size).toBe(COINS.length);
      // the day that opened before the week's start and every later one, and the news from the start on
      expect(weekScores(rewrittenFrom(base, start - DAY_MS + 1, start), start)).toEqual(scores);
      // what was known is read: the last complete candle, the news of the last hour
      expect(weekScores(rewrittenFrom(base, start - DAY_MS, start), start)).not.toEqual(scores);
      expect(weekScores(rewrittenFrom(base, start, start - 3_600_000), start)).not.toEqual(scores);
    }
  });

  it("correlates the scores with the next 7 days' returns, and sums the weeks up", () => {
    const base = history();
    const result = weeklyScoreValidation(base);
    const starts = weekStarts(base.series);
    expect(result.weeks).toHaveLength(starts.length);
    const judged = result.weeks.flatMap((week) => (week.spearman === null ? [] : [week.spearman]));
    expect(judged.length).toBeGreaterThan(5);
    expect(result.validation).toEqual({
      meanSpearman: judged.reduce((a, b) => a + b, 0) / judged.length,
      weeks: judged.length,
      positiveWeeks: judged.filter((rho) => rho > 0).length,
      from: result.weeks[0]?.from,
      to: result.weeks.at(-1)?.from,
    });
    for (const week of result.weeks) {
      expect(week.coins).toBe(COINS.length);
      expect(Math.abs(week.spearman ?? 0)).toBeLessThanOrEqual(1);
    }
  });
});
