import type { CandleData, KlineInterval } from "../../../contract/market.ts";
import type { PredictInfoData, PredictInterval } from "../../../contract/predict.ts";
import type { KlineRange } from "../../providers/market/market-provider.ts";
import type { NewsProvider } from "../../providers/news/news-provider.ts";

/**
 * What the report reads, declared here as structural interfaces: features do not import each other, so the
 * composition root hands in the market service (MarketService fits ReportMarket as it is), the news port, and the
 * predict service (PredictService fits ReportPredict).
 */

/** The market's snapshot source and time. */
export interface ReportMarketView {
  /** the market time, ms */
  at: number;
  source: { mode: "replay" | "live"; provider: string; at: string };
}

/** One listed coin as the market service holds it. */
export interface ReportListedCoin {
  coin: {
    coinAbbr: string;
    coinName: string;
    lastPrice: number;
    /** percent */
    change: number | null;
    change7d: number | null;
    volume24h: number | null;
    marketCap: number | null;
    rank: number | null;
  };
  /** when lastPrice was observed (ms) */
  ticker: { priceTime: number };
  /** rank, market cap and volume were observed at statsAsOf (ms) */
  meta: { categories: readonly string[]; sector: string | null; statsAsOf: number } | undefined;
}

export interface ReportMarket {
  /** throws while the market has no data yet */
  view(): ReportMarketView;
  /** the listed coin, or 1001 invalidValue on coinAbbr (HTTP 404) */
  coin(abbr: string): ReportListedCoin;
  /** completed candles, ascending, never later than the view's time */
  klines(abbr: string, interval: KlineInterval, range: KlineRange): Promise<CandleData[]>;
}

/** The news port: searched by coin and time window. */
export type ReportNews = Pick<NewsProvider, "kind" | "search">;

/** The forecast with its record; throws the ApiError `notEnoughHistory` for a coin too new for a tested forecast. */
export interface ReportPredict {
  info(abbr: string, interval?: PredictInterval): Promise<PredictInfoData>;
}
