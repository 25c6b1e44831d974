import type { Logger } from "../../logger.ts";
import type { Clock } from "../clock.ts";
import { type BinanceWindowTicker, createBinance, isInvalidSymbol, type UpstreamTuning } from "./binance.ts";
import { type CoinGeckoMarket, createCoinGecko } from "./coingecko.ts";
import {
  type Candle,
  type CoinCategory,
  type CoinMeta,
  coinCategories,
  INTERVAL_MS,
  KLINE_DEFAULT_LIMIT,
  KLINE_MAX_LIMIT,
  type MarketProvider,
  type MarketSnapshot,
  type Ticker,
  UnknownSymbolError,
} from "./market-provider.ts";

/**
 * The live market: Binance spot prices and candles, CoinGecko metadata.
 *
 * Universe: CoinGecko's top 100 by market cap, in its order; a coin is priced when Binance lists `<SYMBOL>USDT`
 * (learned from /ticker/price together with the metadata). Metadata is cached for `metadataMs` and refreshed in
 * the background while the last good copy keeps serving; sector membership (one CoinGecko category per sector)
 * for `sectorsMs`, one category at a time at least `sectorGapMs` apart, advanced by the calls this provider gets.
 *
 * Binance requests per snapshot (the service takes one every refresh, 15 s by default), for P priced pairs:
 *   /ticker/24hr                    weight 40 for 21-100 pairs (2 up to 20)
 *   /ticker 1h and 7d windows       weight 2 × min(4·P, 200), at most once per `windowsMs` (60 s)
 * so about 4 × 40 + 400 = 560 weight a minute for the full top 100 (Binance allows 6,000), plus /ticker/price
 * (weight 4) with each metadata refresh and /klines (weight 2) for candles: completed candles never change, so
 * ranges that end at a completed candle are cached and a range with no new completed candle is not asked at all.
 */

export interface LiveMarketTiming {
  /** how long the top-100 metadata and Binance's pair list serve before a refresh */
  metadataMs: number;
  /** after a failed metadata refresh, when to try again (the last good copy serves meanwhile) */
  metadataRetryMs: number;
  /** how long sector membership serves before the next round of category calls */
  sectorsMs: number;
  /** after a round with a failed category, when to start the next one */
  sectorsRetryMs: number;
  /** at least this long between two category calls (CoinGecko's keyless limit is a few calls a minute) */
  sectorGapMs: number;
  /** how long the 1h and 7d rolling windows serve (their open prices move by the minute) */
  windowsMs: number;
}

export const LIVE_MARKET_TIMING: Readonly<LiveMarketTiming> = {
  metadataMs: 10 * 60_000,
  metadataRetryMs: 60_000,
  sectorsMs: 6 * 3_600_000,
  sectorsRetryMs: 30 * 60_000,
  sectorGapMs: 5_000,
  windowsMs: 60_000,
};

export interface LiveMarketOptions {
  binanceUrl: string;
  coingeckoUrl: string;
  coingeckoApiKey?: string | undefined;
  clock: Clock;
  logger: Logger;
  /** client settings per service (tests: short timeouts, no retries) */
  upstream?: { binance?: UpstreamTuning; coingecko?: UpstreamTuning };
  timing?: Partial<LiveMarketTiming>;
}

export interface LiveMarket extends MarketProvider {
  readonly kind: "live";
  /** settles when no background metadata or sector refresh is in flight (tests) */
  idle(): Promise<void>;
}

const TOP_COINS = 100;
/** completed-candle ranges kept (each at most 1,000 candles) */
const KLINE_CACHE_SIZE = 256;
const QUOTE = "USDT";

interface Universe {
  coins: CoinGeckoMarket[];
  pairs: Set<string>;
  fetchedAt: number;
}

const percent = (last: number, open: number | undefined) =>
  open === undefined || open <= 0 ? null : (last / open - 1) * 100;

export function openLiveMarket(options: LiveMarketOptions): LiveMarket {
  const { clock, logger } = options;
  const timing = { ...LIVE_MARKET_TIMING, ...options.timing };
  const now = () => clock.now().getTime();
  const binance = createBinance({ baseUrl: options.binanceUrl, clock, upstream: options.upstream?.binance });
  const coingecko = createCoinGecko({
    baseUrl: options.coingeckoUrl,
    apiKey: options.coingeckoApiKey,
    upstream: options.upstream?.coingecko,
  });

  // ---- metadata: CoinGecko top 100 + Binance's pair list --------------------------------------------------------
  let universe: Universe | undefined;
  let universeDueAt = 0;
  let universeLoading: Promise<Universe> | undefined;
  let metadataFailing = false;

  const loadUniverse = (): Promise<Universe> => {
    universeLoading ??= (async () => {
      try {
        const [coins, pairs] = await Promise.all([coingecko.topCoins(TOP_COINS), binance.pairs()]);
        const next = { coins, pairs, fetchedAt: now() };
        universe = next;
        universeDueAt = next.fetchedAt + timing.metadataMs;
        if (metadataFailing) logger.info("market metadata refresh recovered");
        metadataFailing = false;
        return next;
      } catch (error) {
        universeDueAt = now() + timing.metadataRetryMs;
        if (universe && !metadataFailing) {
          logger.warn({ err: error }, "market metadata refresh failed; serving the last good metadata");
        }
        metadataFailing = true;
        throw error;
      }
    })().finally(() => {
      universeLoading = undefined;
    });
    return universeLoading;
  };

  /** the current universe; a stale one serves while its refresh runs in the background */
  const currentUniverse = async (): Promise<Universe> => {
    if (!universe) return loadUniverse();
    if (now() >= universeDueAt && !universeLoading) loadUniverse().catch(() => undefined);
    return universe;
  };

  // ---- sectors: one CoinGecko category per call, paced -----------------------------------------------------------
  const sectors = new Map<CoinCategory, Set<string>>();
  let sectorsVersion = 0;
  let sectorQueue: CoinCategory[] = [];
  let sectorsDueAt = 0;
  let sectorRoundFailed = false;
  let lastSectorCallAt = Number.NEGATIVE_INFINITY;
  let sectorTask: Promise<void> | undefined;

  const runSectors = async () => {
    for (;;) {
      if (sectorQueue.length === 0) {
        if (now() < sectorsDueAt) return;
        sectorQueue = [...coinCategories];
        sectorRoundFailed = false;
      }
      const category = sectorQueue[0];
      if (category === undefined || now() - lastSectorCallAt < timing.sectorGapMs) return;
      sectorQueue.shift();
      lastSectorCallAt = now();
      try {
        sectors.set(category, await coingecko.categoryIds(category));
        sectorsVersion += 1;
      } catch (error) {
        sectorRoundFailed = true;
        logger.warn({ err: error, category }, "coin sector not refreshed; keeping its last known members");
      }
      if (sectorQueue.length === 0) {
        sectorsDueAt = now() + (sectorRoundFailed ? timing.sectorsRetryMs : timing.sectorsMs);
      }
    }
  };
  const advanceSectors = () => {
    sectorTask ??= runSectors().finally(() => {
      sectorTask = undefined;
    });
  };

  // ---- the coin list, rebuilt when the metadata or a sector changes ---------------------------------------------
  let built:
    | { universe: Universe; sectorsVersion: number; coins: CoinMeta[]; bySymbol: Map<string, CoinMeta> }
    | undefined;
  const coinList = (u: Universe) => {
    if (built?.universe === u && built.sectorsVersion === sectorsVersion) return built;
    const coins: CoinMeta[] = [];
    const bySymbol = new Map<string, CoinMeta>();
    for (const [index, coin] of u.coins.entries()) {
      const symbol = coin.symbol.toUpperCase();
      // the first (larger) coin keeps a symbol two coins share
      if (bySymbol.has(symbol)) continue;
      const pair = `${symbol}${QUOTE}`;
      const meta: CoinMeta = {
        symbol,
        name: coin.name,
        rank: coin.rank ?? index + 1,
        pair: /^[A-Z0-9]+$/.test(symbol) && u.pairs.has(pair) ? pair : null,
        marketCapUsd: coin.marketCapUsd,
        volume24hUsd: coin.volume24hUsd,
        circulatingSupply: coin.circulatingSupply,
        sector: null,
        categories: coinCategories.filter((category) => sectors.get(category)?.has(coin.id)),
        imageUrl: coin.imageUrl,
        statsAsOf: coin.lastUpdated ?? u.fetchedAt,
      };
      coins.push(meta);
      bySymbol.set(symbol, meta);
    }
    built = { universe: u, sectorsVersion, coins, bySymbol };
    return built;
  };

  /** a Binance answer naming a pair it no longer lists: learn the pair list again at the next call */
  const forgetPairsOn = (error: unknown) => {
    if (isInvalidSymbol(error)) universeDueAt = 0;
  };

  // ---- rolling windows, shared for `windowsMs` -------------------------------------------------------------------
  let windows: { at: number; key: string; h1: Map<string, number>; d7: Map<string, number> } | undefined;
  let windowsLoading: { key: string; promise: Promise<NonNullable<typeof windows>> } | undefined;
  const openPrices = (tickers: BinanceWindowTicker[]) => new Map(tickers.map((t) => [t.symbol, t.openPrice]));
  const rollingWindows = (pairs: string[]) => {
    const key = pairs.join(",");
    if (windows && windows.key === key && now() - windows.at < timing.windowsMs) return Promise.resolve(windows);
    if (windowsLoading?.key === key) return windowsLoading.promise;
    const promise = Promise.all([binance.rollingTickers(pairs, "1h"), binance.rollingTickers(pairs, "7d")])
      .then(([h1, d7]) => {
        windows = { at: now(), key, h1: openPrices(h1), d7: openPrices(d7) };
        return windows;
      })
      .finally(() => {
        if (windowsLoading?.promise === promise) windowsLoading = undefined;
      });
    windowsLoading = { key, promise };
    return promise;
  };

  // ---- klines: completed candles, cached by range ----------------------------------------------------------------
  const klineCache = new Map<string, Candle[]>();
  const klineLoading = new Map<string, Promise<Candle[]>>();
  const remember = (key: string, candles: Candle[]) => {
    klineCache.delete(key);
    klineCache.set(key, candles);
    if (klineCache.size > KLINE_CACHE_SIZE) {
      const oldest = klineCache.keys().next();
      if (!oldest.done) klineCache.delete(oldest.value);
    }
  };

  return {
    kind: "live",
    name: "Binance · CoinGecko",

    async coins() {
      const u = await currentUniverse();
      advanceSectors();
      return coinList(u).coins.slice();
    },

    async snapshot(): Promise<MarketSnapshot> {
      const u = await currentUniverse();
      const priced = coinList(u).coins.flatMap((coin) => (coin.pair ? [{ coin, pair: coin.pair }] : []));
      const at = now();
      if (priced.length === 0) return { at, tickers: [] };
      const pairs = priced.map((p) => p.pair);
      let day: BinanceWindowTicker[];
      let win: Awaited<ReturnType<typeof rollingWindows>>;
      try {
        [day, win] = await Promise.all([binance.tickers24h(pairs), rollingWindows(pairs)]);
      } catch (error) {
        forgetPairsOn(error);
        throw error;
      }
      const byPair = new Map(day.map((t) => [t.symbol, t]));
      const tickers = priced.flatMap(({ coin, pair }): Ticker[] => {
        const t = byPair.get(pair);
        // a pair without trades in the last 24 hours (halted, or delisted but still named) has no price to show
        if (!t || t.count === 0 || t.lastPrice <= 0) return [];
        return [
          {
            symbol: coin.symbol,
            pair,
            lastPrice: t.lastPrice,
            priceTime: t.closeTime,
            resolution: "rolling",
            open24h: t.openPrice,
            high24h: t.highPrice,
            low24h: t.lowPrice,
            volume24h: t.volume,
            quoteVolume24h: t.quoteVolume,
            change1h: percent(t.lastPrice, win.h1.get(pair)),
            change24h: percent(t.lastPrice, t.openPrice),
            change7d: percent(t.lastPrice, win.d7.get(pair)),
          },
        ];
      });
      return { at, tickers };
    },

    async klines(symbol, interval, range = {}) {
      const u = await currentUniverse();
      const pair = coinList(u).bySymbol.get(symbol.toUpperCase())?.pair;
      if (!pair) throw new UnknownSymbolError(symbol);
      const step = INTERVAL_MS[interval];
      const at = now();
      const limit = Math.min(Math.max(Math.trunc(range.limit ?? KLINE_DEFAULT_LIMIT), 1), KLINE_MAX_LIMIT);
      // Binance's candles open on multiples of the interval (UTC): an inclusive bound on open times can be moved to
      // the grid without changing which candles it takes, and the grid makes equal ranges equal cache keys.
      const lastClosed = Math.floor(at / step) * step - step;
      const endTime = Math.floor(Math.min(range.to ?? lastClosed, lastClosed) / step) * step;
      const startTime = range.from === undefined ? undefined : Math.ceil(range.from / step) * step;
      if (endTime < 0 || (startTime !== undefined && startTime > endTime)) return [];

      const key = `${pair}:${interval}:${startTime ?? ""}:${endTime}:${limit}`;
      const cached = klineCache.get(key);
      if (cached) {
        remember(key, cached);
        return cached.slice();
      }
      let loading = klineLoading.get(key);
      if (!loading) {
        loading = binance
          .klines(pair, interval, { startTime, endTime, limit })
          .then((rows) => {
            // only completed candles inside the range, whatever was sent
            const inside = rows.filter(
              (c) =>
                c.openTime + step <= at &&
                c.openTime <= endTime &&
                (startTime === undefined || c.openTime >= startTime),
            );
            const candles = startTime === undefined ? inside.slice(-limit) : inside.slice(0, limit);
            // a range ending at the newest completed candle is final once Binance has that candle
            if (endTime < lastClosed || candles.at(-1)?.openTime === endTime) remember(key, candles);
            return candles;
          })
          .catch((error: unknown) => {
            if (isInvalidSymbol(error)) {
              forgetPairsOn(error);
              throw new UnknownSymbolError(symbol);
            }
            throw error;
          })
          .finally(() => klineLoading.delete(key));
        klineLoading.set(key, loading);
      }
      return (await loading).slice();
    },

    async idle() {
      while (universeLoading || sectorTask) {
        await Promise.allSettled([universeLoading, sectorTask]);
      }
    },
  };
}
