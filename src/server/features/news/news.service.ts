import type { z } from "zod";
import { ErrorCode } from "../../../contract/errors.ts";
import type {
  dailyHotDataSchema,
  hotWordsDataSchema,
  NewsItemData,
  newsListDataSchema,
  weeklyHotDataSchema,
} from "../../../contract/news.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import type { CoinName } from "../../providers/news/coin-tags.ts";
import { newsItemData } from "../../providers/news/news-item-data.ts";
import {
  InvalidNewsCursorError,
  type NewsItem,
  type NewsLanguage,
  type NewsProvider,
} from "../../providers/news/news-provider.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import { hotWords, type NewsCorpus, newsCorpus, type RankedItem, rankItems } from "./hot-words.ts";

export type NewsListData = z.infer<typeof newsListDataSchema>;
export type DailyHotData = z.infer<typeof dailyHotDataSchema>;
export type WeeklyHotData = z.infer<typeof weeklyHotDataSchema>;
export type HotWordsData = z.infer<typeof hotWordsDataSchema>;

/** The channel new items are published on (pubsub adds the deployment's prefix). */
export const NEWS_CHANNEL = "news:item";

const DAY = 86_400_000;
/** hot words and the daily hot list: the last 24 hours before the newest visible item */
export const HOT_DAY_MS = DAY;
/** the weekly hot list and news/hot/list: the last 7 days before the newest visible item */
export const HOT_WEEK_MS = 7 * DAY;
const DAILY_HOT_SIZE = 10;
const WEEKLY_HOT_SIZE = 20;
const BOARD_SIZE = 3;
const PAGE = 100;
/** at most this many items pushed per refresh: a burst is a list to read, not a row of toasts */
const PUSH_MAX = 5;

export interface NewsListQuery {
  language: "en" | "cn";
  type: "news" | "aiNews" | "KOL" | "hot";
  keyword?: string;
  /** only items tagged with this coin (upper case) */
  coinAbbr?: string;
  cursor?: string;
  pageSize: number;
}

export interface NewsService {
  start(): Promise<void>;
  refresh(): Promise<void>;
  stop(): Promise<void>;
  realTime(query: NewsListQuery): Promise<NewsListData>;
  detail(code: string): Promise<NewsItemData>;
  hotList(query: NewsListQuery): Promise<NewsListData>;
  dailyHot(): Promise<DailyHotData>;
  weeklyHot(): Promise<WeeklyHotData>;
  hotWords(): Promise<HotWordsData>;
  board(): Promise<NewsListData>;
}

export interface NewsServiceDeps {
  provider: NewsProvider;
  logger: Logger;
  pubsub: PubSub;
  /** the coins the market knows (ticker and name): hot words show a coin tag by its name */
  coins: () => readonly CoinName[];
  refreshMs: number;
}

export const toNewsItem = newsItemData;

const invalidCursor = () =>
  new ApiError(ErrorCode.RequestFailed, "invalidValue", 400, [{ field: "cursor", key: "invalidValue" }], "bad cursor");

const LANGUAGES: readonly NewsLanguage[] = ["en", "zh"];
/** The API says "cn" for Chinese; the provider "zh". */
const providerLanguage = (language: NewsListQuery["language"]): NewsLanguage => (language === "cn" ? "zh" : "en");

const timeOf = (item: NewsItem) => Date.parse(item.publishedAt);
const iso = (time: number) => new Date(time).toISOString();

/** An offset cursor for lists the service ranks itself (search results, the hot list): "o<offset>". */
function offsetPage(items: readonly NewsItem[], cursor: string | undefined, pageSize: number) {
  const match = cursor === undefined ? ["", "0"] : /^o(\d{1,6})$/.exec(cursor);
  if (!match) throw invalidCursor();
  const offset = Number(match[1]);
  const page = items.slice(offset, offset + pageSize);
  return { list: page.map(toNewsItem), next: offset + pageSize < items.length ? `o${offset + pageSize}` : null };
}

/** What the hot lists and words are computed from: every item visible at one moment. */
interface Snapshot {
  /** the newest visible item's id and time: the snapshot holds while they do */
  key: string;
  /** newest first */
  all: NewsItem[];
  newest: number;
  /** the languages the provider has items in */
  languages: ReadonlySet<NewsLanguage>;
  week: RankedItem[];
  /** the last 24 hours ranked, by language (every item's when the provider has none in that language) */
  daily: Record<NewsLanguage, NewsItem[]>;
  words: HotWordsData;
  corpus: NewsCorpus;
}

/**
 * News from the provider (the shipped archive of real headlines by default, which shows an item once market time
 * has reached its publication).
 *
 * - Language: "en" lists the provider's English items and "cn" its Chinese ones (a live provider's "zh" feeds). A
 *   language the provider has no item in at all is answered with every item, each saying its own language: the
 *   archive is English only, so its "cn" is the same English items, marked "en" (nothing is machine-translated).
 * - Types: "news" is the latest (coinAbbr: only items tagged with that coin), "hot" the week's ranking; "aiNews"
 *   and "KOL" have no items in the archive (empty).
 * - Hot words, the weekly and daily hot lists: hot-words.ts, over the 24 hours (words, daily) or 7 days (weekly,
 *   hot list) before the newest visible item, against every visible item. They are made on the first call that
 *   needs them and again when the newest visible item has changed (checked on each call: the replay clock reveals
 *   items between refreshes) or a live provider refreshed. The board is the three newest visible items.
 * - The node holding the "news-refresh" lease publishes items newer than the newest it had seen at its previous
 *   refresh (at most 5 per refresh).
 */
export function createNewsService(deps: NewsServiceDeps): NewsService {
  const { provider, logger, pubsub } = deps;
  let snapshot: Snapshot | undefined;
  let computing: { key: string; promise: Promise<Snapshot> } | undefined;
  /** the lists are made again on the next call (set when a live provider refreshed) */
  let stale = false;
  /** set once the provider has been read: until then the lists answer 503 */
  let ready = false;
  /** the languages the provider has items in, as of the last refresh */
  let languages: ReadonlySet<NewsLanguage> | undefined;
  /** the newest item time seen by the previous refresh: what is newer gets pushed */
  let pushedUpTo: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let failing = false;
  /** read per answer: an auto provider switches between the archive and the feeds */
  const mode = () => provider.kind;

  /** visible items published after `since` (every one without it), newest first, page by page */
  async function visibleItems(since = Number.NEGATIVE_INFINITY): Promise<NewsItem[]> {
    const items: NewsItem[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await provider.latest({ limit: PAGE, before });
      for (const item of page.items) {
        if (timeOf(item) <= since) return items;
        items.push(item);
      }
      if (!page.next) return items;
      before = page.next;
    }
  }

  async function compute(key: string): Promise<Snapshot> {
    const all = await visibleItems();
    const [first] = all;
    const newest = first ? timeOf(first) : 0;
    const within = (ms: number) => all.filter((item) => timeOf(item) > newest - ms);
    const spoken = new Set(LANGUAGES.filter((language) => all.some((item) => item.language === language)));
    const corpus = newsCorpus(all, deps.coins(), snapshot?.corpus);
    const day = first ? within(HOT_DAY_MS) : [];
    const dailyIn = (language: NewsLanguage) => {
      const items = spoken.has(language) ? day.filter((item) => item.language === language) : day;
      return rankItems(items, corpus)
        .slice(0, DAILY_HOT_SIZE)
        .map((ranked) => ranked.item);
    };
    return {
      key,
      all,
      corpus,
      newest,
      languages: spoken,
      week: first ? rankItems(within(HOT_WEEK_MS), corpus) : [],
      daily: { en: dailyIn("en"), zh: dailyIn("zh") },
      words: first
        ? { list: hotWords(day, corpus), from: iso(newest - HOT_DAY_MS), to: iso(newest) }
        : { list: [], from: null, to: null },
    };
  }

  /** The snapshot for what is visible now: the one held while the newest visible item is the same. */
  let started = 0;
  async function current(force = false): Promise<Snapshot> {
    const [first] = (await provider.latest({ limit: 1 })).items;
    const key = first ? `${first.publishedAt}_${first.id}` : "";
    if (!force && snapshot?.key === key) return snapshot;
    if (force || computing?.key !== key) {
      const order = ++started;
      const promise = compute(key);
      computing = { key, promise };
      // the last computation started wins (a replay that wraps shows older items again)
      const settle = (made?: Snapshot) => {
        if (order !== started) return;
        computing = undefined;
        if (made) snapshot = made;
      };
      void promise.then(settle, () => settle());
      return promise;
    }
    return computing.promise;
  }

  /**
   * Reads the provider (a live one polls its feeds) and pushes what is new since the previous refresh. The lists are
   * not made here but on the first call that needs them: a node nobody asks for hot news never ranks the archive.
   */
  async function refreshOnce() {
    await provider.refresh?.();
    const [first] = (await provider.latest({ limit: 1 })).items;
    const spoken = await Promise.all(
      LANGUAGES.map(async (language) =>
        (await provider.latest({ limit: 1, language })).items.length > 0 ? [language] : [],
      ),
    );
    languages = new Set(spoken.flat());
    // a live provider may have added items older than its newest: the lists are made again
    if (provider.kind === "live") stale = true;
    ready = true;
    const newest = first ? timeOf(first) : 0;
    const previous = pushedUpTo;
    pushedUpTo = newest;
    if (previous === undefined || newest <= previous) return;
    const fresh = (await visibleItems(previous)).slice(0, PUSH_MAX);
    if (fresh.length === 0 || !(await pubsub.lease("news-refresh", Math.max(3 * deps.refreshMs, 5_000)))) return;
    for (const item of fresh.reverse()) await pubsub.publish(NEWS_CHANNEL, JSON.stringify(toNewsItem(item)));
  }

  const refresh = () => {
    running ??= refreshOnce()
      .then(() => {
        failing = false;
      })
      .catch((error) => {
        if (!ready) throw error;
        if (!failing) logger.warn({ err: error }, "news refresh failed; serving the last lists");
        failing = true;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  /** The lists of what is visible now; 503 until the provider has been read once. */
  const live = async () => {
    if (!ready) throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 503, [], "news not available yet");
    const force = stale;
    stale = false;
    return current(force);
  };
  const list = (items: NewsItem[]): NewsListData => ({ list: items.map(toNewsItem), next: null, mode: mode() });
  /** the provider language a query asks for; undefined (every item) when the provider has no item in it */
  const languageOf = (query: NewsListQuery, spoken: ReadonlySet<NewsLanguage> | undefined) => {
    const language = providerLanguage(query.language);
    return spoken?.has(language) ? language : undefined;
  };

  async function hotList(query: NewsListQuery): Promise<NewsListData> {
    const { week, languages: spoken } = await live();
    const keyword = query.keyword?.toLowerCase();
    const language = languageOf(query, spoken);
    const items = week
      .map((ranked) => ranked.item)
      .filter(
        (item) =>
          (!language || item.language === language) &&
          (!query.coinAbbr || item.coins.includes(query.coinAbbr)) &&
          (!keyword || item.title.toLowerCase().includes(keyword)),
      );
    return { ...offsetPage(items, query.cursor, query.pageSize), mode: mode() };
  }

  return {
    async start() {
      try {
        await refresh();
      } catch (error) {
        // the shipped archive must load; live feeds that are all down at boot are retried by the timer meanwhile
        if (mode() !== "live") throw error;
        logger.error({ err: error }, "news feeds unreachable at start; retrying every refresh");
      }
      timer = setInterval(() => void refresh().catch(() => undefined), deps.refreshMs);
      timer.unref();
    },
    refresh,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
    async realTime(query) {
      if (query.type === "hot") return hotList(query);
      if (query.type !== "news") return list([]);
      const language = languageOf(query, languages);
      if (query.keyword) {
        const found = await provider.search(query.keyword, { limit: 100, language, coin: query.coinAbbr });
        return { ...offsetPage(found, query.cursor, query.pageSize), mode: mode() };
      }
      try {
        const page = await provider.latest({
          limit: query.pageSize,
          before: query.cursor,
          language,
          coin: query.coinAbbr,
        });
        return { list: page.items.map(toNewsItem), next: page.next, mode: mode() };
      } catch (error) {
        if (error instanceof InvalidNewsCursorError) throw invalidCursor();
        throw error;
      }
    },
    async detail(code) {
      const item = await provider.get(code);
      if (!item) throw new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such news item");
      return toNewsItem(item);
    },
    hotList,
    async dailyHot() {
      const { daily } = await live();
      return { cn_news: daily.zh.map(toNewsItem), en_news: daily.en.map(toNewsItem) };
    },
    async weeklyHot() {
      const { week, newest, all } = await live();
      return {
        list: week
          .slice(0, WEEKLY_HOT_SIZE)
          .map((ranked) => ({ ...toNewsItem(ranked.item), score: ranked.score, terms: ranked.terms })),
        from: all.length > 0 ? iso(newest - HOT_WEEK_MS) : null,
        to: all.length > 0 ? iso(newest) : null,
        mode: mode(),
      };
    },
    hotWords: async () => (await live()).words,
    async board() {
      if (!ready) throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 503, [], "news not available yet");
      return list((await provider.latest({ limit: BOARD_SIZE })).items);
    },
  };
}
