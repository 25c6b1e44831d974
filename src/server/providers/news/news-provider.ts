/**
 * The news port. The embedded default serves the shipped archive of real headlines (replay-news.ts);
 * the live adapter (rss-news.ts) reads RSS/Atom feeds of crypto outlets through the same interface.
 */

export type NewsLanguage = "en" | "zh";

export interface NewsItem {
  /** stable across rebuilds of the data: derived from the normalised title */
  id: string;
  title: string;
  /** a summary or excerpt; null when the source has only the headline */
  content: string | null;
  url: string | null;
  /** the outlet as the source names it ("CoinDesk", "Bloomberg (Crypto)", a feed's title) */
  source: string;
  /** the real publication time, ISO 8601 UTC */
  publishedAt: string;
  language: NewsLanguage;
  /** the coins the item is about, as upper-case tickers ("BTC", "ETH"); empty when nothing tagged it */
  coins: string[];
}

export interface LatestNewsQuery {
  /** 20 by default, at most 100 */
  limit?: number;
  /** the `next` cursor of the previous page */
  before?: string;
  /** only items in this language; every language when absent */
  language?: NewsLanguage;
  /** only items tagged with this coin (a ticker, any case) */
  coin?: string;
}

export interface NewsPage {
  /** newest first */
  items: NewsItem[];
  /** pass as `before` for the following page; null on the last page */
  next: string | null;
}

export interface NewsSearchOptions {
  limit?: number;
  language?: NewsLanguage;
  /** only items tagged with this coin (a ticker, any case) */
  coin?: string;
  /** only items published at or after this time (ms since the epoch) */
  from?: number;
  /** only items published at or before this time (ms since the epoch) */
  to?: number;
}

export interface NewsProvider {
  /** "archive": past headlines with their real dates; "live": a feed */
  readonly kind: "archive" | "live";
  /**
   * Fetch what is new at the source (a live provider polls its feeds here; the archive has nothing to do). Called by
   * the news service on every refresh, never per request. Rejects only when nothing at all could be read.
   */
  refresh?(): Promise<void>;
  latest(query?: LatestNewsQuery): Promise<NewsPage>;
  /**
   * Items whose title, content or source hold every word of the query, newest first, within the options' filters.
   * An empty query finds every item the filters let through, or nothing when no coin or time filter is given.
   */
  search(query: string, options?: NewsSearchOptions): Promise<NewsItem[]>;
  get(id: string): Promise<NewsItem | undefined>;
}

export const NEWS_DEFAULT_LIMIT = 20;
export const NEWS_MAX_LIMIT = 100;

export class InvalidNewsCursorError extends Error {
  constructor(readonly cursor: string) {
    super(`not a news cursor: ${cursor}`);
    this.name = "InvalidNewsCursorError";
  }
}
