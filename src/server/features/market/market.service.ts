import type { Envelope } from "../../../contract/envelope.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { type CandleData, type KlineInterval, klineIntervals } from "../../../contract/market.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import { type Clock, systemClock } from "../../providers/clock.ts";
import { candleData } from "../../providers/market/candle-data.ts";
import type { FearGreedIndex } from "../../providers/market/fear-greed-index.ts";
import {
  INTERVAL_MS,
  type Interval,
  type KlineRange,
  type MarketProvider,
  UnknownSymbolError,
} from "../../providers/market/market-provider.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { CandlesRepository } from "./candles.repository.ts";
import {
  buildMarketView,
  categoryList,
  coinList,
  type ListedCoin,
  type MarketSource,
  type MarketStatus,
  type MarketView,
  risingFalling,
} from "./market-view.ts";
import { createPublicFearGreed, FEAR_GREED_METHOD, type FearGreedDay, fearGreedSeries } from "./sentiment.ts";

const DAY = INTERVAL_MS["1d"];
/** The channel price ticks are published on (pubsub adds the deployment's prefix). */
export const TICK_CHANNEL = "market:tick";
/** How far back the first write of the candle history reaches from the market time. */
const HISTORY_DAYS = 30;
const STORED_INTERVALS: readonly Interval[] = ["1h", "1d"];
/** daily candles read for the index: 30 days shown + 90 days of volatility + slack */
const SENTIMENT_LOOKBACK_DAYS = 130;

export interface TickEvent {
  at: string;
  /** the market status of the refresh: a switch of source (replay, live) shows in the next tick */
  market: MarketStatus;
  ticks: { coinAbbr: string; lastPrice: number; change: number | null }[];
}

/** The hot answers, serialised once per refresh (envelope included) and sent as they are. */
export interface HotBodies {
  status: string;
  coinListDefault: string;
  sentiment: string;
  categories: string;
}

export interface MarketService {
  /** the first refresh (it must succeed), then one every refresh interval */
  start(): Promise<void>;
  refresh(): Promise<void>;
  /** stops the timer and waits for a refresh or a candle write in flight */
  stop(): Promise<void>;
  /** resolves once no refresh and no candle write is in flight */
  idle(): Promise<void>;
  view(): MarketView;
  /** the priced coins' symbols and names; empty before the first refresh */
  coins(): { symbol: string; name: string }[];
  hot(): HotBodies;
  /** the listed coin, or 1001 invalidValue on coinAbbr (HTTP 404) */
  coin(abbr: string): ListedCoin;
  klines(abbr: string, interval: KlineInterval, range: KlineRange): Promise<CandleData[]>;
  /** the same candles with the source of the snapshot they were read for (the answer labels them with it) */
  candles(
    abbr: string,
    interval: KlineInterval,
    range: KlineRange,
  ): Promise<{ list: CandleData[]; source: MarketSource }>;
}

/** One refresh's work: the view, its serialised hot answers, and the source it was read from. */
interface Built {
  view: MarketView;
  hot: HotBodies;
  source: MarketProvider;
}

export interface MarketServiceDeps {
  provider: MarketProvider;
  logger: Logger;
  pubsub: PubSub;
  candles?: CandlesRepository;
  refreshMs: number;
  /** the public fear-and-greed index; without it (or before its first answer) the index is computed */
  fearGreedIndex?: FearGreedIndex;
  /** wall time, for how long the public index's values serve */
  clock?: Clock;
}

export const unknownCoin = (abbr: string) =>
  new ApiError(
    ErrorCode.RequestFailed,
    "invalidValue",
    404,
    [{ field: "coinAbbr", key: "invalidValue" }],
    `${abbr} is not in our market data`,
  );

/** A chart interval the data does not hold for this coin (the replay's hourly candles cover a few coins): 1001. */
export const intervalNotInData = (abbr: string, intervals: readonly KlineInterval[]) =>
  new ApiError(
    ErrorCode.RequestFailed,
    "invalidValue",
    400,
    [{ field: "interval", key: "invalidValue" }],
    `${abbr} has candles in ${intervals.join(", ")} only`,
  );

/** Before the first successful refresh of a live source: 1001 Serverbusy, HTTP 503. */
export const notReady = () =>
  new ApiError(ErrorCode.RequestFailed, "Serverbusy", 503, [], "market data not available yet");

const envelope = <T>(data: T) =>
  JSON.stringify({ code: ErrorCode.Success, msg: "success", data } satisfies Envelope<T>);

/**
 * The market as the API serves it: a snapshot of the provider held IN MEMORY and rebuilt every refresh, so no
 * request touches the provider's tickers or the database. On every node the refresh rebuilds the snapshot
 * (cheap: the replay is shared through its anchor); the node holding the "market-refresh" lease also publishes
 * the tick and writes the candle history. A failing provider leaves the last good snapshot in place, logged once;
 * a live provider failing at boot leaves the routes answering 503 Serverbusy until a refresh succeeds.
 *
 * Sentiment: the public fear-and-greed index when one is configured (see createPublicFearGreed), else (and until it
 * first answers) the index computed from the market data (see sentiment.ts for the method). TOP100_Currency_Index
 * counts every priced coin with a known 24 h change (the replay's universe is 120 coins, so not 100): rising,
 * falling and unchanged add up to the coins counted.
 *
 * A provider that switches sources (MARKET_PROVIDER=auto) is asked at each refresh which source serves
 * (`provider.current()`): the refresh reads that one only and labels its snapshot with that source's kind and name,
 * and candle requests read the source of the snapshot they answer for. A source that fails over while a refresh
 * reads it is replaced by the one serving now within the same refresh, and a candle request that meets such a
 * failure is answered from the rebuilt snapshot's source: a switch never reaches a caller as an error.
 */
export function createMarketService(deps: MarketServiceDeps): MarketService {
  const { provider, logger, pubsub } = deps;
  /** the source serving now; a fixed provider is its own */
  const sourceNow = (): MarketProvider => provider.current?.() ?? provider;
  let current: Built | undefined;
  let sentiment: { source: MarketProvider; day: number; series: FearGreedDay[] } | undefined;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let writing: Promise<void> | undefined;
  let writeFailing = false;
  const publicIndex = deps.fearGreedIndex
    ? createPublicFearGreed({ index: deps.fearGreedIndex, clock: deps.clock ?? systemClock, logger })
    : undefined;

  async function fearGreedIndex(
    view: MarketView,
    source: MarketProvider,
  ): Promise<{ data: FearGreedDay[]; method: string }> {
    if (!publicIndex) return { data: await fearGreed(view, source), method: FEAR_GREED_METHOD };
    const days = await publicIndex.days();
    if (days) return { data: days, method: publicIndex.method };
    return { data: await fearGreed(view, source), method: publicIndex.fallbackMethod };
  }

  async function fearGreed(view: MarketView, source: MarketProvider): Promise<FearGreedDay[]> {
    const day = Math.floor(view.at / DAY);
    if (sentiment?.day === day && sentiment.source === source) return sentiment.series;
    const range = { to: view.at - DAY, limit: SENTIMENT_LOOKBACK_DAYS };
    const daily = await Promise.all(view.listed.map((l) => source.klines(l.ticker.symbol, "1d", range)));
    const btcIndex = view.listed.findIndex((l) => l.ticker.symbol === "BTC");
    const series = fearGreedSeries(daily[btcIndex] ?? [], daily);
    sentiment = { source, day, series };
    return series;
  }

  async function build(): Promise<Built> {
    const source = sourceNow();
    try {
      return await buildFrom(source);
    } catch (error) {
      // the source failed over while this refresh read it: read the one serving now instead
      const next = sourceNow();
      if (next === source) throw error;
      return buildFrom(next);
    }
  }

  async function buildFrom(source: MarketProvider): Promise<Built> {
    const [snapshot, metas] = await Promise.all([source.snapshot(), source.coins()]);
    const view = buildMarketView(snapshot, metas, source.kind, source.name, (symbol) =>
      source.intervals ? source.intervals(symbol) : klineIntervals,
    );
    const hot: HotBodies = {
      status: envelope(view.status),
      coinListDefault: envelope(coinList(view, { category: "total", page: 1, pageSize: 50 })),
      categories: envelope({ list: categoryList(view), source: view.source }),
      sentiment: envelope({
        Fear_and_Greed_Index: await fearGreedIndex(view, source),
        TOP100_Currency_Index: risingFalling(view),
        source: view.source,
      }),
    };
    return { view, hot, source };
  }

  async function storeCandles(view: MarketView, source: MarketProvider): Promise<void> {
    const repo = deps.candles;
    if (!repo) return;
    const latest = await repo.latest();
    const rows = await Promise.all(
      view.listed.flatMap((l) =>
        STORED_INTERVALS.map(async (interval) => {
          const symbol = l.ticker.symbol;
          const stored = latest.get(`${symbol}:${interval}`);
          const from = Math.max(stored === undefined ? 0 : stored + 1, view.at - HISTORY_DAYS * DAY);
          const list = await source.klines(symbol, interval, {
            from,
            to: view.at - INTERVAL_MS[interval],
            limit: 1000,
          });
          return { symbol, interval, candles: list };
        }),
      ),
    );
    await repo.upsert(rows);
  }

  async function refreshOnce(): Promise<void> {
    let next: Built;
    try {
      next = await build();
    } catch (error) {
      if (!current) throw error;
      if (!failing) logger.warn({ err: error }, "market refresh failed; serving the last snapshot");
      failing = true;
      return;
    }
    if (failing) logger.info("market refresh recovered");
    failing = false;
    current = next;
    const leader = await pubsub.lease("market-refresh", Math.max(3 * deps.refreshMs, 5_000));
    if (!leader) return;
    const tick: TickEvent = {
      at: next.view.source.at,
      market: next.view.status,
      ticks: next.view.listed.map((l) => ({
        coinAbbr: l.coin.coinAbbr,
        lastPrice: l.coin.lastPrice,
        change: l.coin.change,
      })),
    };
    await pubsub
      .publish(TICK_CHANNEL, JSON.stringify(tick))
      .catch((error) => logger.warn({ err: error }, "tick not published"));
    writing ??= storeCandles(next.view, next.source)
      .then(() => {
        writeFailing = false;
      })
      .catch((error) => {
        if (!writeFailing) logger.warn({ err: error }, "candle history not stored");
        writeFailing = true;
      })
      .finally(() => {
        writing = undefined;
      });
  }

  const refresh = () => {
    running ??= refreshOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const live = () => {
    if (!current) throw notReady();
    return current;
  };

  /** candles of the snapshot `built`, read from the source that built it, bounded by its time */
  async function candlesOf(built: Built, abbr: string, interval: KlineInterval, range: KlineRange) {
    const { view, source } = built;
    const listed = view.byAbbr.get(abbr.toUpperCase());
    if (!listed) throw unknownCoin(abbr);
    // bounded by the snapshot's time, so the candles agree with the `source.at` they are sent with
    const visibleTo = view.at - INTERVAL_MS[interval];
    try {
      const candles = await source.klines(listed.ticker.symbol, interval, {
        ...range,
        to: Math.min(range.to ?? visibleTo, visibleTo),
      });
      return { list: candles.map(candleData), source: view.source };
    } catch (error) {
      if (error instanceof UnknownSymbolError) throw unknownCoin(abbr);
      throw error;
    }
  }

  async function candles(abbr: string, interval: KlineInterval, range: KlineRange) {
    const built = live();
    try {
      return await candlesOf(built, abbr, interval, range);
    } catch (error) {
      if (error instanceof ApiError || sourceNow() === built.source) throw error;
      // the source failed over while answering: answer from a snapshot of the source serving now (a refresh in
      // flight may still hold the old one, hence a second)
      for (let attempt = 0; attempt < 2 && current?.source !== sourceNow(); attempt += 1) await refresh();
      const rebuilt = live();
      if (rebuilt.source === built.source) throw error;
      return candlesOf(rebuilt, abbr, interval, range);
    }
  }

  return {
    async start() {
      try {
        await refresh();
      } catch (error) {
        // the shipped replay must load; a live source that is down at boot is retried by the timer meanwhile
        if (sourceNow().kind !== "live") throw error;
        logger.error({ err: error }, "market source unreachable at start; retrying every refresh");
        failing = true;
      }
      timer = setInterval(() => {
        refresh().catch((error) => logger.warn({ err: error }, "market refresh failed"));
      }, deps.refreshMs);
      timer.unref();
    },
    refresh,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      await writing;
    },
    async idle() {
      while (running || writing) {
        await running?.catch(() => undefined);
        await writing;
      }
    },
    view: () => live().view,
    coins: () => current?.view.listed.map((l) => ({ symbol: l.ticker.symbol, name: l.coin.coinName })) ?? [],
    hot: () => live().hot,
    coin(abbr) {
      const listed = live().view.byAbbr.get(abbr.toUpperCase());
      if (!listed) throw unknownCoin(abbr);
      return listed;
    },
    klines: async (abbr, interval, range) => (await candles(abbr, interval, range)).list,
    candles,
  };
}
