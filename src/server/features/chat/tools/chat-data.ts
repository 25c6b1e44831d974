import type { CandleData, KlineInterval } from "../../../../contract/market.ts";
import type { CoinMeta, KlineRange, Ticker } from "../../../providers/market/market-provider.ts";
import type { NewsProvider } from "../../../providers/news/news-provider.ts";

/**
 * What the chat tools read, declared here as structural interfaces: features do not import each other, so the
 * composition root hands the market service in, and it fits this shape as it is (MarketService). News is read
 * through the news port itself (the provider the news service serves), which searches by words, coin and time.
 */

/** One priced coin of the market view. */
export interface ChatListedCoin {
  coin: { coinAbbr: string; coinName: string };
  ticker: Ticker;
  meta: Pick<CoinMeta, "rank" | "circulatingSupply" | "statsAsOf"> | undefined;
}

export interface ChatMarketView {
  /** the market time, ms */
  at: number;
  source: { mode: "replay" | "live"; provider: string; at: string };
  /** priced coins in rank order */
  listed: readonly ChatListedCoin[];
}

export interface ChatMarket {
  /** throws while the market has no data yet */
  view(): ChatMarketView;
  /** `sentiment`: the getCoinSentiment envelope, serialised */
  hot(): { sentiment: string };
  /** completed candles, ascending, never later than the view's time */
  klines(abbr: string, interval: KlineInterval, range: KlineRange): Promise<CandleData[]>;
}

/** The news the tools search: the news port (the shipped archive, or the feeds), newest first. */
export type ChatNews = Pick<NewsProvider, "kind" | "latest" | "search">;
