import type { CandleData, DashboardCategory, KlineInterval } from "../../../../contract/market.ts";
import type { PredictInfoData, PredictInterval } from "../../../../contract/predict.ts";
import type { AiScore, AiScoreValidation } from "../../../../contract/score.ts";
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
  /** the dashboard's categories and their coins (the market service's view has them; a test stand-in may not) */
  categories?: Readonly<Partial<Record<DashboardCategory, readonly { coinAbbr: string }[]>>>;
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

/**
 * The price forecasts (the predict service fits it): a coin's forecast with its backtest and live record, the same
 * data the Predict page shows. Throws ApiError notEnoughHistory for a coin too new for a tested forecast, and
 * invalidValue for an unknown coin or an interval the coin cannot be forecast in.
 */
export interface ChatPredictions {
  info(abbr: string, interval?: PredictInterval): Promise<PredictInfoData>;
}

/** One coin of the AI score ranking, as the score service lists it. */
export interface ChatScoredCoin {
  coin: { coinAbbr: string; coinName: string; rank: number | null; marketCap: number | null };
  score: AiScore;
}

/** The AI score (the score service fits it): a dashboard category's coins by score, with the score's validation. */
export interface ChatScores {
  ranking(query: { category: DashboardCategory; page: number; pageSize: number }): Promise<{
    list: readonly ChatScoredCoin[];
    total: number;
    validation: AiScoreValidation | null;
    source: { provider: string; at: string };
  }>;
}

/** A price alarm as the alarm service answers it (the contract's PriceAlarm fits it). */
export interface ChatPriceAlarm {
  id: number;
  coinAbbr: string;
  coinPair: string;
  kind: "price" | "percent";
  direction: "above" | "below";
  price: number;
  percent: number | null;
  basePrice: number;
  source: string;
}

/**
 * Setting a price alarm for an account (the alarm service fits it). Refusals are ApiErrors with the alarm message
 * keys (alarmUnknownCoin, alarmPriceAbsurd, alarmPercentOutOfRange, alarmAlreadyCrossed, alarmLimitReached).
 */
export interface ChatAlarms {
  add(
    userId: number,
    body:
      | { coinAbbr: string; kind: "price"; price: number; direction?: "above" | "below" }
      | { coinAbbr: string; kind: "percent"; percent: number },
  ): Promise<ChatPriceAlarm>;
}
