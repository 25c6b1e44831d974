import type { CandleData, Coin, DashboardCategory } from "../../../contract/market.ts";
import type { KlineRange } from "../../providers/market/market-provider.ts";
import type { NewsProvider } from "../../providers/news/news-provider.ts";

/**
 * What the score reads, declared here as structural interfaces: features do not import each other, so the
 * composition root hands the market service in, and it fits these shapes as it is (MarketService, MarketView). News
 * is read through the news port itself (the provider the news service serves).
 */

export interface ScoreMarketView {
  /** the market time, ms */
  at: number;
  source: { mode: "replay" | "live"; provider: string; at: string };
  /** priced coins in rank order */
  listed: readonly { coin: Coin }[];
  /** the priced coins by upper-case symbol, with their data's tags (a stablecoin is "stablecoin") */
  byAbbr: ReadonlyMap<string, { coin: Coin; meta?: { categories: readonly string[] } | undefined }>;
  /** each dashboard category's coins, in the category's order (the membership getCoinList lists) */
  categories: Readonly<Record<DashboardCategory, readonly Coin[]>>;
}

export interface ScoreMarket {
  /** the snapshot requests are answered from; a new object at every refresh; throws while there is none */
  view(): ScoreMarketView;
  /** completed candles, ascending, never later than the view's time */
  klines(abbr: string, interval: "1d", range: KlineRange): Promise<CandleData[]>;
}

/** The news port (the shipped archive, or the feeds), read newest first page by page. */
export type ScoreNews = Pick<NewsProvider, "latest">;
