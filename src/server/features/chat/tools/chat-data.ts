import type { CandleData, KlineInterval } from "../../../../contract/market.ts";
import type { NewsItemData } from "../../../../contract/news.ts";
import type { CoinMeta, KlineRange, Ticker } from "../../../providers/market/market-provider.ts";

/**
 * What the chat tools read, declared here as structural interfaces: features do not import each other (see
 * scripts/layers/rules.ts), so the composition root hands the market and news services in, and they fit these
 * shapes as they are (MarketService, NewsService).
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

export interface ChatNewsQuery {
  language: "en" | "cn";
  type: "news" | "aiNews" | "KOL" | "hot";
  keyword?: string;
  cursor?: string;
  pageSize: number;
}

export interface ChatNews {
  realTime(query: ChatNewsQuery): Promise<{ list: NewsItemData[]; mode: "archive" | "live" }>;
}
