import type { Logger } from "../../logger.ts";
import type { Clock } from "../clock.ts";
import { createUpstream, type Upstream, UpstreamError, type UpstreamOptions } from "../upstream/upstream.ts";
import { type CoinName, coinTagger } from "./coin-tags.ts";
import { FeedFormatError, type ParsedFeed, parseFeed } from "./feed-parser.ts";
import { headlineId } from "./headlines.ts";
import type { NewsItem, NewsLanguage, NewsProvider } from "./news-provider.ts";
import { createReplayNews } from "./replay-news.ts";

/** One outlet's feed and the language it writes in (the shape of config's NewsFeed). */
export interface RssFeed {
  url: string;
  language: NewsLanguage;
}

export type RssUpstreamTuning = Partial<
  Pick<UpstreamOptions, "timeoutMs" | "retries" | "backoffMs" | "breakerFailures" | "halfOpenAfterMs">
>;

export interface RssNewsOptions {
  feeds: readonly RssFeed[];
  clock: Clock;
  logger: Logger;
  /** the newest this many items are kept; older ones are forgotten (2000 by default) */
  maxItems?: number;
  /** the HTTP client's settings for every feed (tests shorten them) */
  upstream?: RssUpstreamTuning;
  /** the coins items are tagged with when their title or summary names them (none when absent) */
  coins?: () => readonly CoinName[];
}

export const RSS_DEFAULT_MAX_ITEMS = 2000;

interface FeedReader {
  feed: RssFeed;
  upstream: Upstream;
  path: string;
  failing: boolean;
}

/**
 * The client resolves paths against a base that ends in "/", so a feed URL is split at its last "/": the base is
 * everything up to it, the path the rest with the query ("https://cointelegraph.com/rss" -> base
 * "https://cointelegraph.com/", path "rss"), and the feed is asked at exactly its own URL.
 */
function splitFeedUrl(feedUrl: string): { baseUrl: string; path: string } {
  const url = new URL(feedUrl);
  const slash = url.pathname.lastIndexOf("/");
  return {
    baseUrl: `${url.origin}${url.pathname.slice(0, slash + 1)}`,
    path: `${url.pathname.slice(slash + 1)}${url.search}`,
  };
}

/** Newest first; equal times by id (the archive's order, so its cursors hold). */
const newestFirst = (a: NewsItem, b: NewsItem) =>
  Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Live news: RSS/Atom feeds of crypto outlets, polled on `refresh()` (the news service calls it on its timer, never
 * per request) and kept in memory. Construction opens nothing; the first refresh reads the feeds.
 *
 * - Every feed has its own resilient client (timeout, retries, circuit breaker), and all are read in parallel. A
 *   feed that fails (HTTP, timeout, not a feed) is logged once when it starts failing and once when it recovers;
 *   the others' items land regardless. refresh() rejects only when every feed failed this time, and what was read
 *   before stays served.
 * - Each feed's language is the configuration's (NEWS_FEEDS "zh=" marks a Chinese feed), so Chinese feeds serve the
 *   app's Chinese readers while the archive has no Chinese items.
 * - Items are identified like the archive's (headlineId of the title), so one story carried by two feeds is one
 *   item; the copy seen first keeps its fields. Feeds carry no coin tags: an item is tagged with the coins its title
 *   or summary names (coin-tags.ts), as the market knows them (tagged again when those change). Its date is the feed's,
 *   clamped to now when it lies in the future; an item without a readable date is dated when first seen. Only the
 *   newest `maxItems` are kept.
 * - latest/search/get are the archive's own code over the items (same order, cursors, errors and search).
 */
export function openRssNews(options: RssNewsOptions): NewsProvider {
  const { clock, logger } = options;
  const maxItems = Math.max(1, Math.trunc(options.maxItems ?? RSS_DEFAULT_MAX_ITEMS));
  if (options.feeds.length === 0) throw new Error("openRssNews: no feeds given");
  const readers: FeedReader[] = options.feeds.map((feed) => {
    const { baseUrl, path } = splitFeedUrl(feed.url);
    const host = new URL(feed.url).host;
    return {
      feed,
      path,
      upstream: createUpstream({ ...options.upstream, name: `rss ${host}`, baseUrl }),
      failing: false,
    };
  });

  const items = new Map<string, NewsItem>();
  /** ids dropped off the end, so that a feed still carrying an old story does not bring it back dated "now" */
  const forgotten = new Set<string>();
  let view = createReplayNews({ items: [] });
  let running: Promise<void> | undefined;

  async function read(reader: FeedReader) {
    try {
      const parsed = parseFeed(await reader.upstream.text(reader.path), reader.feed.url);
      if (reader.failing) logger.info({ feed: reader.feed.url }, "news feed recovered");
      reader.failing = false;
      return parsed;
    } catch (error) {
      if (!reader.failing) {
        // an outage or a broken document is told by its kind and message; anything else is a bug, with its stack
        const known = error instanceof UpstreamError || error instanceof FeedFormatError;
        const kind = error instanceof UpstreamError ? error.kind : known ? "not-a-feed" : "error";
        const detail = known ? { reason: error.message } : { err: error };
        logger.warn({ feed: reader.feed.url, kind, ...detail }, "news feed failing; its items stay until it recovers");
      }
      reader.failing = true;
      throw error;
    }
  }

  /** the coins the items are tagged with (as "SYM:Name,..."), and the tagger for them */
  let taggedWith = "";
  let tag = coinTagger([]);
  const tagsOf = (item: Pick<NewsItem, "title" | "content">) => tag(`${item.title} ${item.content ?? ""}`);

  /**
   * When the coins known have changed (the market's first refresh lands after the feeds' first read), every item is
   * tagged again and the view rebuilt; true when it was.
   */
  function retag(): boolean {
    const coins = options.coins?.() ?? [];
    const version = coins.map((coin) => `${coin.symbol}:${coin.name}`).join(",");
    if (version === taggedWith) return false;
    taggedWith = version;
    tag = coinTagger(coins);
    for (const [id, item] of items) items.set(id, { ...item, coins: tagsOf(item) });
    return true;
  }

  const rebuild = () => {
    view = createReplayNews({ items: [...items.values()].sort(newestFirst) });
  };

  /** the view, tagged with the coins known now */
  const current = () => {
    if (retag()) rebuild();
    return view;
  };

  function merge(feed: RssFeed, parsed: ParsedFeed, now: number): boolean {
    let added = false;
    for (const entry of parsed.entries) {
      const id = headlineId(entry.title);
      if (!id || items.has(id) || forgotten.has(id)) continue;
      const dated = entry.publishedAt === null ? now : Math.min(Date.parse(entry.publishedAt), now);
      items.set(id, {
        id,
        title: entry.title,
        content: entry.content,
        url: entry.url,
        source: parsed.source,
        publishedAt: new Date(dated).toISOString(),
        language: feed.language,
        coins: tagsOf(entry),
      });
      added = true;
    }
    return added;
  }

  async function refreshOnce() {
    const results = await Promise.allSettled(readers.map(read));
    const now = clock.now().getTime();
    const retagged = retag();
    let added = false;
    // in the order of the configuration, so that which copy of a shared story is kept does not depend on timing
    for (const [index, result] of results.entries()) {
      const reader = readers[index];
      if (reader && result.status === "fulfilled") added = merge(reader.feed, result.value, now) || added;
    }
    if (added) {
      const sorted = [...items.values()].sort(newestFirst);
      for (const old of sorted.slice(maxItems)) {
        items.delete(old.id);
        forgotten.add(old.id);
      }
      // forgetting is bounded too: the oldest forgotten ids go first
      for (const id of forgotten) {
        if (forgotten.size <= maxItems) break;
        forgotten.delete(id);
      }
    }
    if (added || retagged) rebuild();
    const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    if (failures.length === readers.length) {
      throw new AggregateError(failures, `every news feed failed (${readers.length})`);
    }
  }

  return {
    kind: "live",
    refresh() {
      running ??= refreshOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    latest: (query) => current().latest(query),
    search: (query, searchOptions) => current().search(query, searchOptions),
    get: (id) => current().get(id),
  };
}
