import { describe, expect, it } from "vitest";
import { type AiScore, type AiScorePartId, aiScoreBand } from "../../../contract/score.ts";
import { newsCounts } from "./news-flow.ts";
import { combineParts, scoreAt } from "./score-engine.ts";
import type { DailyBar } from "./score-figures.ts";
import { DAY_MS, SCORE_WEIGHTS } from "./score-weights.ts";
import { dailyBars, randomWalk, steady } from "./test-series.ts";

const START = Date.parse("2025-01-01T00:00:00Z");
const DAYS = 120;
/** the market time: the day after the last candle, at noon */
const AT = START + DAYS * DAY_MS + 12 * 3_600_000;

const universe = (extra: Record<string, DailyBar[]> = {}) =>
  new Map<string, DailyBar[]>([
    ["BTC", dailyBars(randomWalk(1, DAYS, 0.02), START, 10_000)],
    ["UP", dailyBars(steady(DAYS, 0.01), START, 5_000)],
    ["DOWN", dailyBars(steady(DAYS, -0.01), START, 5_000)],
    ["ALT1", dailyBars(randomWalk(2, DAYS), START, 2_000)],
    ["ALT2", dailyBars(randomWalk(3, DAYS), START, 3_000)],
    ...Object.entries(extra),
  ]);

const partOf = (score: AiScore | undefined, id: AiScorePartId) => score?.parts.find((p) => p.id === id);

describe("AI score engine", () => {
  it("scores a coin in a steady uptrend above one in a steady downtrend", () => {
    const scores = scoreAt({ at: AT, series: universe(), news: null });
    const up = scores.get("UP");
    const down = scores.get("DOWN");
    expect(up?.score).toBeGreaterThan(down?.score ?? 100);
    expect(partOf(up, "trend")?.points).toBe(100);
    expect(partOf(down, "trend")?.points).toBe(0);
    // 30 days of +1% a day: 1.01^30 - 1, against BTC's own 30-day return
    const btc = scores.get("BTC");
    expect(partOf(btc, "relativeStrength")?.value).toBe(0);
    expect(partOf(up, "relativeStrength")?.value).toBeGreaterThan(0);
    for (const score of scores.values()) {
      expect(score.asOf).toBe(new Date(AT).toISOString());
      expect(score.band).toBe(aiScoreBand(score.score));
      expect(score.score).toBeGreaterThanOrEqual(0);
      expect(score.score).toBeLessThanOrEqual(100);
    }
  });

  it("maps each figure to its percentile rank among the coins scored at the same time", () => {
    // the same candles at three volumes: liquidity ranks them 0, 50, 100; everything else ties
    const closes = randomWalk(9, DAYS);
    const series = new Map([
      ["A", dailyBars(closes, START, 1)],
      ["B", dailyBars(closes, START, 10)],
      ["C", dailyBars(closes, START, 100)],
    ]);
    const scores = scoreAt({ at: AT, series, news: null });
    expect(["A", "B", "C"].map((abbr) => partOf(scores.get(abbr), "liquidity")?.points)).toEqual([0, 50, 100]);
    expect(partOf(scores.get("A"), "trend")?.points).toBe(50);
    // the median daily turnover in USDT: volume × close
    const last30 = closes.slice(-30).map((close) => close * 100);
    const sorted = [...last30].sort((a, b) => a - b);
    expect(partOf(scores.get("C"), "liquidity")).toMatchObject({
      value: Math.round(((sorted[14] ?? 0) + (sorted[15] ?? 0)) / 2),
      unit: "USDT",
    });
  });

  it("gives a part without data weight 0 and scales the other weights to add up to 1", () => {
    const points = { trend: 80, volatility: 60, liquidity: 40, relativeStrength: 20, newsFlow: null };
    const values = { trend: 5, volatility: 50, liquidity: 1e6, relativeStrength: -3, newsFlow: null };
    const combined = combineParts(points, values);
    const weights = Object.fromEntries(combined?.parts.map((p) => [p.id, p.weight]) ?? []);
    const rest = 1 - SCORE_WEIGHTS.newsFlow;
    expect(weights).toEqual({
      trend: SCORE_WEIGHTS.trend / rest,
      volatility: SCORE_WEIGHTS.volatility / rest,
      liquidity: SCORE_WEIGHTS.liquidity / rest,
      relativeStrength: SCORE_WEIGHTS.relativeStrength / rest,
      newsFlow: 0,
    });
    expect(Object.values(weights).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(combined?.parts.find((p) => p.id === "newsFlow")).toEqual({
      id: "newsFlow",
      points: 0,
      weight: 0,
      value: null,
      unit: "items",
    });
    const expected = (80 * 0.3 + 60 * 0.2 + 40 * 0.15 + 20 * 0.25) / rest;
    expect(combined?.score).toBe(Math.round(expected * 10) / 10);
    // no part at all: no score
    const none = { trend: null, volatility: null, liquidity: null, relativeStrength: null, newsFlow: null };
    expect(combineParts(none, none)).toBeNull();
  });

  it("scores a young coin on the parts its candles allow, and leaves out one with too few", () => {
    const young = dailyBars(steady(40, 0.005), START + (DAYS - 40) * DAY_MS);
    const newborn = dailyBars(steady(3, 0.005), START + (DAYS - 3) * DAY_MS);
    const scores = scoreAt({ at: AT, series: universe({ YOUNG: young, NEWBORN: newborn }), news: null });
    const parts = scores.get("YOUNG")?.parts;
    // 40 candles: no 50-day average, but 30 days of returns and volume
    expect(parts?.find((p) => p.id === "trend")).toMatchObject({ weight: 0, value: null });
    expect(parts?.find((p) => p.id === "volatility")?.weight).toBeGreaterThan(0);
    expect(parts?.reduce((sum, p) => sum + p.weight, 0)).toBeCloseTo(1, 12);
    expect(scores.has("NEWBORN")).toBe(false);
    // a coin whose candles stopped a week ago is not priced at this time
    const gone = dailyBars(steady(DAYS - 7, 0.01), START);
    expect(scoreAt({ at: AT, series: universe({ GONE: gone }), news: null }).has("GONE")).toBe(false);
  });

  it("reads only candles complete at the market time and news published before it", () => {
    const series = universe();
    const news = [
      { time: AT - 2 * DAY_MS, coins: ["UP"] },
      { time: AT - 20 * DAY_MS, coins: ["DOWN", "UP"] },
    ];
    const before = scoreAt({ at: AT, series, news: newsCounts(news, AT, START) });
    const later = new Map(
      [...series].map(([abbr, bars]) => [
        abbr,
        [
          ...bars.map((bar) => (bar.openTime > AT - DAY_MS ? { ...bar, close: bar.close * 3 } : bar)),
          ...dailyBars([1, 1_000], START + DAYS * DAY_MS),
        ],
      ]),
    );
    const laterNews = [...news, { time: AT, coins: ["DOWN"] }, { time: AT + DAY_MS, coins: ["DOWN"] }];
    expect(scoreAt({ at: AT, series: later, news: newsCounts(laterNews, AT, START) })).toEqual(before);
    expect(partOf(before.get("UP"), "newsFlow")?.value).toBe(1);
    expect(partOf(before.get("DOWN"), "newsFlow")?.value).toBe(0);
  });

  it("leaves news flow out when the news does not reach back over its 30-day baseline", () => {
    const news = [{ time: AT - DAY_MS, coins: ["UP"] }];
    const covered = scoreAt({ at: AT, series: universe(), news: newsCounts(news, AT, AT - 30 * DAY_MS) });
    expect(partOf(covered.get("UP"), "newsFlow")?.weight).toBeGreaterThan(0);
    expect(newsCounts(news, AT, AT - 29 * DAY_MS)).toBeNull();
  });

  it("maps scores to the five bands: 0-20 very negative ... 80-100 very positive", () => {
    expect([0, 19.9, 20, 39.9, 40, 59.9, 60, 79.9, 80, 100].map(aiScoreBand)).toEqual([
      "veryNegative",
      "veryNegative",
      "negative",
      "negative",
      "neutral",
      "neutral",
      "positive",
      "positive",
      "veryPositive",
      "veryPositive",
    ]);
  });
});
