import type { CandleData } from "../../../contract/market.ts";
import type { PredictInfoData } from "../../../contract/predict.ts";
import { ApiError } from "../../api-error.ts";
import type { NewsItem } from "../../providers/news/news-provider.ts";
import type { BuildReportDeps } from "./build-report.ts";
import type { ReportListedCoin } from "./report-data.ts";
import { DAY_MS } from "./report-figures.ts";

/**
 * Small, hand-made inputs for the report's tests: 100 daily candles of BTC and of a made-up coin ALT whose daily
 * moves are twice BTC's, two news items, and a forecast with its record. Nothing here is market data.
 */

/** The last daily candle opens 2025-03-31; the market time is the next day's midnight. */
export const FIXTURE_LAST_OPEN = Date.UTC(2025, 2, 31);
export const FIXTURE_MARKET_AT = FIXTURE_LAST_OPEN + DAY_MS;
const DAYS = 100;

function candles(closeOn: (i: number) => number): CandleData[] {
  return Array.from({ length: DAYS }, (_, i) => {
    const close = closeOn(i);
    return {
      time: FIXTURE_LAST_OPEN - (DAYS - 1 - i) * DAY_MS,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    };
  });
}

/** BTC wiggles by up to 2 % a day around 80,000. */
const btcMove = (i: number) => 0.02 * Math.sin(i * 1.3);
export const btcCandles = candles((i) => 80_000 * Math.exp(btcMove(i)));
/** ALT's log price moves twice as far as BTC's, and it halves over days 60..80 before recovering a little. */
export const altCandles = candles((i) => {
  const slide = i < 60 ? 0 : i < 80 ? (i - 60) / 20 : 1 - (i - 80) / 80;
  return 2 * Math.exp(2 * btcMove(i)) * (1 - 0.5 * slide);
});

const listed = (abbr: string, name: string, last: number, volume24h: number): ReportListedCoin => ({
  coin: {
    coinAbbr: abbr,
    coinName: name,
    lastPrice: last,
    change: 1.5,
    change7d: -3.25,
    volume24h,
    marketCap: last * 1_000_000_000,
    rank: abbr === "BTC" ? 1 : 150,
  },
  ticker: { priceTime: FIXTURE_MARKET_AT - 1 },
  meta: {
    categories: abbr === "BTC" ? [] : ["ai"],
    sector: abbr === "BTC" ? "layer1" : "defi",
    statsAsOf: Date.UTC(2025, 2, 1),
  },
});

export const newsItems: NewsItem[] = [
  {
    id: "n1",
    title: "ALT network upgrade goes live",
    content: null,
    url: "https://example.com/alt-upgrade",
    source: "Example Wire",
    publishedAt: "2025-03-30T10:00:00.000Z",
    language: "en",
    coins: ["ALT"],
  },
  {
    id: "n2",
    title: "ALT 主网升级上线",
    content: null,
    url: null,
    source: "示例快讯",
    publishedAt: "2025-03-25T08:00:00.000Z",
    language: "zh",
    coins: ["ALT"],
  },
];

export function predictInfo(abbr: string, maeRatio: number): PredictInfoData {
  const origin = FIXTURE_LAST_OPEN;
  return {
    coinAbbr: abbr,
    coinName: abbr,
    interval: "1d",
    intervals: ["1d"],
    origin: { time: origin, close: 1.23 },
    steps: Array.from({ length: 7 }, (_, i) => ({
      step: i + 1,
      time: origin + (i + 1) * DAY_MS,
      forecast: 1.25 + i * 0.01,
      lo80: 1.1,
      hi80: 1.4 + i * 0.01,
    })),
    history: [],
    model: { name: "theta", version: "v3", beatsNaive: maeRatio < 1 },
    backtest: {
      from: "2024-06-01T00:00:00.000Z",
      to: "2025-03-24T00:00:00.000Z",
      origins: 120,
      horizon: 7,
      model: {
        mae: 0.1,
        mape: 5,
        directionAccuracy: 0.55,
        directionCalls: 110,
        directionCi95: [0.45, 0.64],
        coverage80: 0.78,
        similarity: 95,
      },
      naive: { mae: 0.1 / maeRatio, mape: 5 },
      maeRatio,
    },
    live: {
      windowMs: 90 * DAY_MS,
      judged: 12,
      calls: 10,
      winRate: 0.6,
      winRateCi95: [0.31, 0.83],
      coverage80: 0.75,
      similarity: 96,
      maeRatio: 0.98,
      recent: [],
    },
    source: { mode: "replay", provider: "Binance (replay)", at: new Date(FIXTURE_MARKET_AT).toISOString() },
  };
}

export interface FixtureOptions {
  /** ALT's 24 h volume, USDT */
  altVolume?: number;
  /** the backtest's MAE ratio; undefined: no forecast (notEnoughHistory) */
  maeRatio?: number | undefined;
}

/** The report's inputs over the fixtures; `searches` records each news search. */
export function fixtureDeps(options: FixtureOptions = {}) {
  const maeRatio = "maeRatio" in options ? options.maeRatio : 0.9;
  const coins: Record<string, ReportListedCoin> = {
    BTC: listed("BTC", "Bitcoin", btcCandles.at(-1)?.close ?? 0, 30_000_000_000),
    ALT: listed("ALT", "Altcoin", altCandles.at(-1)?.close ?? 0, options.altVolume ?? 2_000_000),
  };
  const series: Record<string, CandleData[]> = { BTC: btcCandles, ALT: altCandles };
  const searches: { coin?: string; from?: number; to?: number }[] = [];
  const deps: BuildReportDeps = {
    market: {
      view: () => ({
        at: FIXTURE_MARKET_AT,
        source: { mode: "replay", provider: "Binance (replay)", at: new Date(FIXTURE_MARKET_AT).toISOString() },
      }),
      coin(abbr) {
        const coin = coins[abbr.toUpperCase()];
        if (!coin) {
          throw new ApiError(1001, "invalidValue", 404, [{ field: "coinAbbr", key: "invalidValue" }], "unknown coin");
        }
        return coin;
      },
      klines: async (abbr, _interval, range) => (series[abbr] ?? []).slice(-(range.limit ?? 500)),
    },
    news: {
      kind: "archive",
      async search(_query, filter) {
        searches.push({ coin: filter?.coin, from: filter?.from, to: filter?.to });
        return newsItems.filter((item) => item.coins.includes(filter?.coin ?? ""));
      },
    },
    predict: {
      async info(abbr) {
        if (maeRatio === undefined) {
          throw new ApiError(1001, "notEnoughHistory", 422, [{ field: "coinAbbr", key: "notEnoughHistory" }]);
        }
        return predictInfo(abbr, maeRatio);
      },
    },
  };
  return { deps, searches };
}
