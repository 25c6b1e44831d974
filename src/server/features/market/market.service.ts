import type { Envelope } from "../../../contract/envelope.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import type { CandleData, KlineInterval } from "../../../contract/market.ts";
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
import { buildMarketView, coinList, type ListedCoin, type MarketView } from "./market-view.ts";
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
  view(): MarketView;
  /** the priced coins' symbols and names; empty before the first refresh */
  coins(): { symbol: string; name: string }[];
  hot(): HotBodies;
  /** the listed coin, or 1001 invalidValue on coinAbbr (HTTP 404) */
  coin(abbr: string): ListedCoin;
  klines(abbr: string, interval: KlineInterval, range: KlineRange): Promise<CandleData[]>;
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
    `no market data for ${abbr}`,
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
 * lists the priced coins with a known 24 h change; the replay prices only a handful of the top-100 coins, so it
 * holds those, not 100.
 */
export function createMarketService(deps: MarketServiceDeps): MarketService {
  const { provider, logger, pubsub } = deps;
  const mode = provider.kind;
  let current: { view: MarketView; hot: HotBodies } | undefined;
  let sentiment: { day: number; series: FearGreedDay[] } | undefined;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let writing: Promise<void> | undefined;
  let writeFailing = false;
  const publicIndex = deps.fearGreedIndex
    ? createPublicFearGreed({ index: deps.fearGreedIndex, clock: deps.clock ?? systemClock, logger })
    : undefined;

  async function fearGreedIndex(view: MarketView): Promise<{ data: FearGreedDay[]; method: string }> {
    if (!publicIndex) return { data: await fearGreed(view), method: FEAR_GREED_METHOD };
    const days = await publicIndex.days();
    if (days) return { data: days, method: publicIndex.method };
    return { data: await fearGreed(view), method: publicIndex.fallbackMethod };
  }

  async function fearGreed(view: MarketView): Promise<FearGreedDay[]> {
    const day = Math.floor(view.at / DAY);
    if (sentiment?.day === day) return sentiment.series;
    const range = { to: view.at - DAY, limit: SENTIMENT_LOOKBACK_DAYS };
    const daily = await Promise.all(view.listed.map((l) => provider.klines(l.ticker.symbol, "1d", range)));
    const btcIndex = view.listed.findIndex((l) => l.ticker.symbol === "BTC");
    const series = fearGreedSeries(daily[btcIndex] ?? [], daily);
    sentiment = { day, series };
    return series;
  }

  async function build(): Promise<{ view: MarketView; hot: HotBodies }> {
    const [snapshot, metas] = await Promise.all([provider.snapshot(), provider.coins()]);
    const view = buildMarketView(snapshot, metas, mode, provider.name);
    const changes = view.listed.flatMap((l) => (l.ticker.change24h === null ? [] : [l]));
    const hot: HotBodies = {
      status: envelope(view.status),
      coinListDefault: envelope(coinList(view, { category: "total", page: 1, pageSize: 50 })),
      categories: envelope({
        list: Object.entries(view.categories).map(([category, coins]) => ({ category, count: coins.length })),
        source: view.source,
      }),
      sentiment: envelope({
        Fear_and_Greed_Index: await fearGreedIndex(view),
        TOP100_Currency_Index: {
          data: changes.map((l) => ({ symbol: l.coin.coinAbbr, changePercent24Hr: l.coin.change ?? 0 })),
          rising: changes.filter((l) => (l.ticker.change24h ?? 0) > 0).length,
          falling: changes.filter((l) => (l.ticker.change24h ?? 0) < 0).length,
        },
        source: view.source,
      }),
    };
    return { view, hot };
  }

  async function storeCandles(view: MarketView): Promise<void> {
    const repo = deps.candles;
    if (!repo) return;
    const latest = await repo.latest();
    const rows = await Promise.all(
      view.listed.flatMap((l) =>
        STORED_INTERVALS.map(async (interval) => {
          const symbol = l.ticker.symbol;
          const stored = latest.get(`${symbol}:${interval}`);
          const from = Math.max(stored === undefined ? 0 : stored + 1, view.at - HISTORY_DAYS * DAY);
          const list = await provider.klines(symbol, interval, {
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
    let next: { view: MarketView; hot: HotBodies };
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
      ticks: next.view.listed.map((l) => ({
        coinAbbr: l.coin.coinAbbr,
        lastPrice: l.coin.lastPrice,
        change: l.coin.change,
      })),
    };
    await pubsub
      .publish(TICK_CHANNEL, JSON.stringify(tick))
      .catch((error) => logger.warn({ err: error }, "tick not published"));
    writing ??= storeCandles(next.view)
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

  return {
    async start() {
      try {
        await refresh();
      } catch (error) {
        // the shipped replay must load; a live source that is down at boot is retried by the timer meanwhile
        if (mode !== "live") throw error;
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
    view: () => live().view,
    coins: () => current?.view.listed.map((l) => ({ symbol: l.ticker.symbol, name: l.coin.coinName })) ?? [],
    hot: () => live().hot,
    coin(abbr) {
      const listed = live().view.byAbbr.get(abbr.toUpperCase());
      if (!listed) throw unknownCoin(abbr);
      return listed;
    },
    async klines(abbr, interval, range) {
      const { view } = live();
      const listed = view.byAbbr.get(abbr.toUpperCase());
      if (!listed) throw unknownCoin(abbr);
      // bounded by the snapshot's time, so the candles agree with the `source.at` they are sent with
      const visibleTo = view.at - INTERVAL_MS[interval];
      try {
        const candles = await provider.klines(listed.ticker.symbol, interval, {
          ...range,
          to: Math.min(range.to ?? visibleTo, visibleTo),
        });
        return candles.map(candleData);
      } catch (error) {
        if (error instanceof UnknownSymbolError) throw unknownCoin(abbr);
        throw error;
      }
    },
  };
}
