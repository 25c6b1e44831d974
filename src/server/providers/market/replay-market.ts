import type { Clock } from "../clock.ts";
import { aggregateCandles } from "./aggregate.ts";
import { selectKlines } from "./candle-series.ts";
import { loadMarketData, type MarketData, marketCoverage, SHIPPED_MARKET_DIR } from "./market-data.ts";
import {
  type Candle,
  INTERVAL_MS,
  type Interval,
  type MarketProvider,
  type MarketSnapshot,
  type Ticker,
  UnknownSymbolError,
} from "./market-provider.ts";
import { createReplayClock, type ReplayClock, type ReplayEndMode, replayDate, replayWindow } from "./replay-clock.ts";
import { tickerAt } from "./replay-ticker.ts";

/** What the UI shows so nobody mistakes the replay for a live market. */
export interface ReplayLabel {
  /** "Replay market · 2026-03-02" */
  text: string;
  /** the UTC date of the market time, for a localised label */
  date: string;
  /** the market time, ms */
  at: number;
  speed: number;
}

export interface ReplayMarket extends MarketProvider {
  readonly kind: "replay";
  readonly clock: ReplayClock;
  label(): ReplayLabel;
}

const HOURLY_AND_DAILY: readonly Interval[] = ["1h", "4h", "1d"];
const DAILY_ONLY: readonly Interval[] = ["1d"];

/** The embedded market: real Binance candles, read at the replay clock's time and never beyond it. */
export function createReplayMarket(deps: { data: MarketData; clock: ReplayClock }): ReplayMarket {
  const { data, clock } = deps;
  const candles = new Map<string, Record<Interval, Candle[]>>();
  for (const series of data.series.values()) {
    candles.set(series.symbol, {
      "1h": series.hourly,
      "4h": aggregateCandles(series.hourly, INTERVAL_MS["1h"], INTERVAL_MS["4h"]),
      "1d": series.daily,
    });
  }
  const ranked = data.coins.flatMap((coin) => data.series.get(coin.symbol) ?? []);

  // Every candle opens on a whole hour, so the tickers cannot change within an hour of market time:
  // one computation serves all reads of that hour.
  let cached: { hour: number; tickers: Ticker[] } | undefined;
  const tickersAt = (at: number): Ticker[] => {
    const hour = Math.floor(at / INTERVAL_MS["1h"]);
    if (cached?.hour !== hour) {
      cached = { hour, tickers: ranked.flatMap((series) => tickerAt(series, at) ?? []) };
    }
    return cached.tickers;
  };

  return {
    kind: "replay",
    name: "Binance (replay)",
    clock,
    async snapshot(): Promise<MarketSnapshot> {
      const at = clock.now();
      return { at, tickers: tickersAt(at) };
    },
    async klines(symbol, interval, range = {}) {
      const series = candles.get(symbol);
      if (!series) throw new UnknownSymbolError(symbol);
      return selectKlines(series[interval], INTERVAL_MS[interval], clock.now(), range);
    },
    async coins() {
      return data.coins.slice();
    },
    intervals(symbol) {
      const series = data.series.get(symbol);
      if (!series) return [];
      return series.hourly.length > 0 ? HOURLY_AND_DAILY : DAILY_ONLY;
    },
    label() {
      const at = clock.now();
      const date = replayDate(at);
      return { text: `Replay market · ${date}`, date, at, speed: clock.speed };
    },
  };
}

export interface ReplayMarketOptions {
  wall: Clock;
  /** data/market by default */
  dir?: string;
  /** first replay instant (ms or ISO date); by default 30 days before the end of the hourly data */
  start?: number | string;
  speed?: number;
  anchor?: number;
  atEnd?: ReplayEndMode;
}

/** Loads the shipped data and starts the replay: what the composition root calls. */
export async function openReplayMarket(options: ReplayMarketOptions): Promise<ReplayMarket> {
  const data = await loadMarketData(options.dir ?? SHIPPED_MARKET_DIR);
  const window = replayWindow(marketCoverage(data), { start: options.start });
  const clock = createReplayClock({
    wall: options.wall,
    ...window,
    speed: options.speed,
    anchor: options.anchor,
    atEnd: options.atEnd,
  });
  return createReplayMarket({ data, clock });
}
