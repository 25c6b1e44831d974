/**
 * The market-data port. The embedded default replays real Binance spot history shipped in data/market
 * (replay-market.ts); the live adapter (live-market.ts: Binance REST prices, CoinGecko metadata) implements the same
 * interface, and the default (auto-market.ts) serves the live one when it answers, else the replay.
 *
 * Times are milliseconds since the Unix epoch, UTC. Prices are in USDT. Percentages are plain percent
 * (1.5 means +1.5 %), unrounded: formatting belongs to the UI.
 */

export type Interval = "1h" | "4h" | "1d";

export const INTERVAL_MS: Readonly<Record<Interval, number>> = {
  "1h": 3_600_000,
  "4h": 14_400_000,
  "1d": 86_400_000,
};

/** One completed candle. It covers [openTime, openTime + interval). */
export interface Candle {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** traded amount in the base asset (BTC for BTCUSDT) */
  volume: number;
  /** traded amount in USDT; null where the source did not record it (BTC hourly candles before 2026-01-27) */
  quoteVolume: number | null;
}

/**
 * Where a ticker's figures come from: "1h" when hourly candles cover the market time, else "1d"
 * (the last completed daily candle; its 24h figures are that UTC day's); "rolling" for a live exchange's rolling
 * windows ending at priceTime (Binance's 24h ticker; the 1h and 7d changes from its rolling-window tickers).
 */
export type TickerResolution = "1h" | "1d" | "rolling";

export interface Ticker {
  /** base asset, e.g. "BTC" */
  symbol: string;
  /** Binance spot pair, e.g. "BTCUSDT" */
  pair: string;
  lastPrice: number;
  /** when lastPrice was observed: the close time of the candle it is the close of */
  priceTime: number;
  resolution: TickerResolution;
  /** the 24h window (24 hourly candles, or the last daily candle); null when the window has a hole in the data */
  open24h: number | null;
  high24h: number | null;
  low24h: number | null;
  /** base-asset volume over the 24h window */
  volume24h: number | null;
  /** USDT volume over the 24h window; null also when the source lacks quote volume */
  quoteVolume24h: number | null;
  /** percent change against the close 1 hour / 24 hours / 7 days before; null when that candle is not in the data */
  change1h: number | null;
  change24h: number | null;
  change7d: number | null;
}

export interface MarketSnapshot {
  /** the market time: replay time for the replay, wall time for a live provider */
  at: number;
  /** one ticker per coin that has prices at `at`, in rank order */
  tickers: Ticker[];
}

/** Range of a kline request, Binance-style: bounds apply to openTime and are inclusive. */
export interface KlineRange {
  from?: number;
  to?: number;
  /** at most this many candles: the first ones after `from` when it is given, else the last ones up to `to` */
  limit?: number;
}

export const KLINE_DEFAULT_LIMIT = 500;
export const KLINE_MAX_LIMIT = 1000;

/**
 * Dashboard categories a coin can belong to. The shipped replay takes them from the universe's sector tags (and a
 * few documented hand tags, see data/PROVENANCE.md); a live provider from its source's categories (CoinGecko).
 * A category with no tagged coin has no members: nothing is guessed.
 */
export const coinCategories = ["meme", "stablecoin", "ai_agent", "ai", "rwa", "depin", "defai", "gaming"] as const;
export type CoinCategory = (typeof coinCategories)[number];

export interface CoinMeta {
  symbol: string;
  name: string;
  /** market-cap rank at statsAsOf; null for a coin outside the ranked list */
  rank: number | null;
  /** Binance spot pair with prices in this provider, or null when there are none */
  pair: string | null;
  marketCapUsd: number | null;
  volume24hUsd: number | null;
  /** approximate: market cap / price at statsAsOf, both rounded in the source */
  circulatingSupply: number | null;
  categories: CoinCategory[];
  /** the coin's sector as its source tags it ("layer1", "defi", ...); null when unknown */
  sector: string | null;
  /** the coin's logo from the source; null when it has none (a generated image stands in) */
  imageUrl: string | null;
  /** when rank, market cap, volume and supply were observed (NOT the replay time) */
  statsAsOf: number;
}

export interface MarketProvider {
  readonly kind: "replay" | "live";
  /** the source as the UI names it: "Binance (replay)", "Binance · CoinGecko" */
  readonly name: string;
  snapshot(): Promise<MarketSnapshot>;
  /**
   * Completed candles of one coin, ascending, never later than the market time.
   * Rejects with UnknownSymbolError for a coin without prices.
   */
  klines(symbol: string, interval: Interval, range?: KlineRange): Promise<Candle[]>;
  /** the coin universe in rank order; cheap to call every refresh (a live provider caches it) */
  coins(): Promise<CoinMeta[]>;
  /**
   * The intervals `klines` has candles in for this coin, finest first. Absent, every interval (a live exchange
   * answers them all); the replay has hourly candles for a few coins only, so the others chart daily.
   */
  intervals?(symbol: string): readonly Interval[];
  /**
   * The source serving now, for one refresh to read from end to end and label with its kind and name: a provider
   * that switches between sources (auto-market.ts) hands out the one it delegates to; absent, the provider itself.
   */
  current?(): MarketProvider;
}

export class UnknownSymbolError extends Error {
  constructor(readonly symbol: string) {
    super(`no market data for ${symbol}`);
    this.name = "UnknownSymbolError";
  }
}
