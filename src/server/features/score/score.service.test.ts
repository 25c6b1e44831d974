import pino from "pino";
import { describe, expect, it } from "vitest";
import { type Coin, type DashboardCategory, dashboardCategories } from "../../../contract/market.ts";
import type { KlineRange } from "../../providers/market/market-provider.ts";
import type { NewsItem } from "../../providers/news/news-provider.ts";
import { createReplayNews } from "../../providers/news/replay-news.ts";
import { createScoreService } from "./score.service.ts";
import type { ScoreMarket, ScoreMarketView } from "./score-data.ts";
import type { DailyBar } from "./score-figures.ts";
import { type ScoreHistory, weeklyScoreValidation } from "./score-validation.ts";
import { DAY_MS } from "./score-weights.ts";
import { dailyBars, randomWalk, steady } from "./test-series.ts";

const START = Date.parse("2025-01-01T00:00:00Z");
const DAYS = 120;
const AT = START + DAYS * DAY_MS + 6 * 3_600_000;
const logger = pino({ level: "silent" });

const SERIES = new Map<string, DailyBar[]>([
  ["BTC", dailyBars(randomWalk(1, DAYS, 0.02), START, 10_000)],
  ["UP", dailyBars(steady(DAYS, 0.01), START, 5_000)],
  ["DOWN", dailyBars(steady(DAYS, -0.01), START, 5_000)],
  ["DOGE", dailyBars(randomWalk(2, DAYS), START, 2_000)],
  ["PEPE", dailyBars(randomWalk(3, DAYS), START, 3_000)],
  // listed yesterday: priced, but too short a history for a score
  ["NEW", dailyBars([1, 1], START + (DAYS - 2) * DAY_MS)],
]);
const MEMES = new Set(["DOGE", "PEPE", "NEW"]);

const coinOf = (abbr: string): Coin => ({
  coinCode: abbr.toLowerCase(),
  coinAbbr: abbr,
  coinName: abbr,
  coinImageUrl: `/v2/api/coin/image/${abbr}.svg`,
  lastPrice: 1,
  change: 0,
  change1h: null,
  change7d: null,
  volume24h: null,
  marketCap: null,
  rank: null,
});

function viewAt(at: number): ScoreMarketView {
  const listed = [...SERIES.keys()].map((abbr) => ({ coin: coinOf(abbr) }));
  const categories = Object.fromEntries(dashboardCategories.map((c) => [c, [] as Coin[]])) as Record<
    DashboardCategory,
    Coin[]
  >;
  categories.total = listed.map((l) => l.coin);
  categories.meme = listed.filter((l) => MEMES.has(l.coin.coinAbbr)).map((l) => l.coin);
  return {
    at,
    source: { mode: "replay", provider: "test", at: new Date(at).toISOString() },
    listed,
    byAbbr: new Map(listed.map((l) => [l.coin.coinAbbr, l])),
    categories,
  };
}

/** A market over SERIES whose view is replaced by `refresh`, counting candle reads. */
function fakeMarket() {
  let view = viewAt(AT);
  const reads: string[] = [];
  const market: ScoreMarket = {
    view: () => view,
    async klines(abbr: string, _interval: "1d", range: KlineRange) {
      reads.push(abbr);
      const to = Math.min(range.to ?? Number.POSITIVE_INFINITY, view.at - DAY_MS);
      const bars = (SERIES.get(abbr) ?? []).filter((bar) => bar.openTime <= to).slice(-(range.limit ?? 500));
      return bars.map((bar) => ({
        time: bar.openTime,
        open: bar.close,
        high: bar.close,
        low: bar.close,
        close: bar.close,
        volume: bar.volume,
      }));
    },
  };
  return { market, reads, refresh: (at: number) => (view = viewAt(at)) };
}

const newsItem = (id: number, time: number, coins: string[]): NewsItem => ({
  id: id.toString(16).padStart(12, "0"),
  title: `headline ${id}`,
  content: null,
  url: null,
  source: "Test",
  publishedAt: new Date(time).toISOString(),
  language: "en",
  coins,
});

/** News from 60 days before AT: DOGE twice in the last week, PEPE once a month ago, and one DOGE item after AT. */
const NEWS = [
  newsItem(1, AT - 60 * DAY_MS, []),
  newsItem(2, AT - 25 * DAY_MS, ["PEPE"]),
  newsItem(3, AT - 3 * DAY_MS, ["DOGE"]),
  newsItem(4, AT - DAY_MS, ["DOGE", "BTC"]),
  newsItem(5, AT + 3_600_000, ["DOGE"]),
  ...Array.from({ length: 250 }, (_, i) => newsItem(100 + i, AT - 40 * DAY_MS + i * 3_600_000, ["BTC"])),
];

function setup() {
  const { market, reads, refresh } = fakeMarket();
  const history: ScoreHistory = { series: SERIES, news: [], newsFrom: START };
  let historyReads = 0;
  const score = createScoreService({
    market,
    news: createReplayNews({ items: NEWS }),
    history: async () => {
      historyReads += 1;
      return history;
    },
    logger,
  });
  return { score, reads, refresh, history, historyReads: () => historyReads };
}

const partOf = (score: { parts: { id: string; value: number | null }[] }, id: string) =>
  score.parts.find((p) => p.id === id);

describe("AI score service", () => {
  it("answers a coin's score with its parts, the market's source and the shipped-history validation", async () => {
    const { score, history } = setup();
    const found = await score.coinScore("doge");
    if (found.kind !== "scored") throw new Error(`expected a score, got ${found.kind}`);
    expect(found.data.source).toEqual(viewAt(AT).source);
    expect(found.data.score.asOf).toBe(new Date(AT).toISOString());
    expect(found.data.score.parts.map((p) => p.id)).toEqual([
      "trend",
      "volatility",
      "liquidity",
      "relativeStrength",
      "newsFlow",
    ]);
    // the two items of the last 7 days, not the one published after the market time
    expect(partOf(found.data.score, "newsFlow")?.value).toBe(2);
    expect(found.data.validation).toEqual(weeklyScoreValidation(history).validation);
    expect(await score.coinScore("NOPE")).toEqual({ kind: "unlisted" });
    expect(await score.coinScore("NEW")).toEqual({ kind: "unscored" });
  });

  it("ranks a category's coins by score, highest first, a page at a time", async () => {
    const { score } = setup();
    const all = await score.ranking({ category: "total", page: 1, pageSize: 100 });
    expect(all.total).toBe(5);
    const scores = all.list.map((entry) => entry.score.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const names = all.list.map((entry) => entry.coin.coinAbbr);
    expect(names.indexOf("UP")).toBeLessThan(names.indexOf("DOWN"));
    const memes = await score.ranking({ category: "meme", page: 1, pageSize: 1 });
    expect(memes.total).toBe(2);
    expect(memes.list.map((entry) => entry.coin.coinAbbr)).toEqual(names.filter((n) => MEMES.has(n)).slice(0, 1));
    const second = await score.ranking({ category: "meme", page: 2, pageSize: 1 });
    expect(second.list.map((entry) => entry.coin.coinAbbr)).toEqual(names.filter((n) => MEMES.has(n)).slice(1, 2));
    expect(second).toMatchObject({ page: 2, pageSize: 1, source: viewAt(AT).source });
    expect((await score.ranking({ category: "gaming", page: 1, pageSize: 50 })).total).toBe(0);
  });

  it("scores a snapshot once, reads candles once a market day and the history once", async () => {
    const { score, reads, refresh, historyReads } = setup();
    expect(score.scoreOf("UP")).toBeNull();
    await score.ready();
    const found = await score.coinScore("UP");
    expect(score.scoreOf("up")).toBe(found.kind === "scored" ? found.data.score.score : "no score");
    await score.ranking({ category: "total", page: 1, pageSize: 10 });
    expect(reads).toHaveLength(SERIES.size);
    // a later snapshot of the same day: no candle is read again
    refresh(AT + 3_600_000);
    await score.ranking({ category: "total", page: 1, pageSize: 10 });
    expect(reads).toHaveLength(SERIES.size);
    // the next day: the day's new candles are read
    refresh(AT + DAY_MS);
    await score.ready();
    expect(reads).toHaveLength(2 * SERIES.size);
    expect(historyReads()).toBe(1);
    expect(score.scoreOf("NEW")).toBeNull();
  });
});
