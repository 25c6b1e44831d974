import type { z } from "zod";
import { ErrorCode } from "../../../contract/errors.ts";
import type { dailyHotDataSchema, NewsItemData, newsListDataSchema } from "../../../contract/news.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import { newsItemData } from "../../providers/news/news-item-data.ts";
import {
  InvalidNewsCursorError,
  type NewsItem,
  type NewsLanguage,
  type NewsProvider,
} from "../../providers/news/news-provider.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import { type HotWord, hotWords } from "./hot-words.ts";

export type NewsListData = z.infer<typeof newsListDataSchema>;
export type DailyHotData = z.infer<typeof dailyHotDataSchema>;

/** The channel new items are published on (pubsub adds the deployment's prefix). */
export const NEWS_CHANNEL = "news:item";

const DAY = 86_400_000;
const HOT_DAYS = 7;
const DAILY_HOT_SIZE = 10;
const BOARD_SIZE = 3;
const PAGE = 100;
/** at most this many items pushed per refresh: a burst is a list to read, not a row of toasts */
const PUSH_MAX = 5;

export interface NewsListQuery {
  language: "en" | "cn";
  type: "news" | "aiNews" | "KOL" | "hot";
  keyword?: string;
  cursor?: string;
  pageSize: number;
}

export interface NewsService {
  start(): Promise<void>;
  refresh(): Promise<void>;
  stop(): Promise<void>;
  realTime(query: NewsListQuery): Promise<NewsListData>;
  detail(code: string): Promise<NewsItemData>;
  hotList(query: NewsListQuery): NewsListData;
  dailyHot(): DailyHotData;
  hotWords(): { list: HotWord[] };
  board(): NewsListData;
}

export interface NewsServiceDeps {
  provider: NewsProvider;
  logger: Logger;
  pubsub: PubSub;
  /** the coins hot words recognise (symbol and name) */
  coins: () => readonly { symbol: string; name: string }[];
  refreshMs: number;
}

export const toNewsItem = newsItemData;

/** Reader votes of every kind summed: engagement, the archive's only popularity signal. */
const votesOf = (item: NewsItem) => Object.values(item.votes ?? {}).reduce((sum, n) => sum + n, 0);
const byVotes = (a: NewsItem, b: NewsItem) =>
  votesOf(b) - votesOf(a) || Date.parse(b.publishedAt) - Date.parse(a.publishedAt);

const invalidCursor = () =>
  new ApiError(ErrorCode.RequestFailed, "invalidValue", 400, [{ field: "cursor", key: "invalidValue" }], "bad cursor");

const LANGUAGES: readonly NewsLanguage[] = ["en", "zh"];
/** The API says "cn" for Chinese; the provider "zh". */
const providerLanguage = (language: NewsListQuery["language"]): NewsLanguage => (language === "cn" ? "zh" : "en");

/** The day's hot list: the items of the newest one's UTC day, ranked by votes. */
function dailyOf(recent: readonly NewsItem[]): NewsItem[] {
  const [first] = recent;
  if (!first) return [];
  const day = first.publishedAt.slice(0, 10);
  return recent
    .filter((item) => item.publishedAt.startsWith(day))
    .sort(byVotes)
    .slice(0, DAILY_HOT_SIZE);
}

/** An offset cursor for lists the service ranks itself (search results, the hot list): "o<offset>". */
function offsetPage(items: readonly NewsItem[], cursor: string | undefined, pageSize: number) {
  const match = cursor === undefined ? ["", "0"] : /^o(\d{1,6})$/.exec(cursor);
  if (!match) throw invalidCursor();
  const offset = Number(match[1]);
  const page = items.slice(offset, offset + pageSize);
  return { list: page.map(toNewsItem), next: offset + pageSize < items.length ? `o${offset + pageSize}` : null };
}

/**
 * News from the provider (the shipped archive of real headlines by default).
 *
 * - Language: "en" lists the provider's English items and "cn" its Chinese ones (a live provider's "zh" feeds);
 *   news/daily/hot gives each language its own list. A language the provider has no item in at all is answered with
 *   every item: the archive is English only, so its "cn" is the same English items (there is no flag in the contract
 *   to say so, and nothing is machine-translated) and its cn_news the same list as en_news. Hot words and the board
 *   mix languages.
 * - Types: "news" is the latest, "hot" the hot ranking; "aiNews" and "KOL" have no items in the archive (empty).
 * - Hot: items of the last 7 days before the newest visible item (archive time, not wall time) ranked by votes;
 *   the daily hot list is the same ranking over the newest item's UTC day.
 * - Hot words: see hot-words.ts.
 * The recent window, rankings and hot words are computed on each refresh and kept in memory. The node holding
 * the "news-refresh" lease publishes items newer than the newest it had seen (at most 5 per refresh).
 */
export function createNewsService(deps: NewsServiceDeps): NewsService {
  const { provider, logger, pubsub } = deps;
  let state:
    | {
        recent: NewsItem[];
        hot: NewsItem[];
        /** the day's hot list by language (every item's when the provider has none in that language) */
        daily: Record<NewsLanguage, NewsItem[]>;
        words: HotWord[];
        board: NewsItem[];
        newest: number;
        /** the languages the provider has items in */
        languages: ReadonlySet<NewsLanguage>;
      }
    | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let failing = false;
  const mode = provider.kind;

  /** visible items newer than `since`, newest first, page by page */
  async function itemsSince(since: number): Promise<NewsItem[]> {
    const items: NewsItem[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await provider.latest({ limit: PAGE, before });
      for (const item of page.items) {
        if (Date.parse(item.publishedAt) < since) return items;
        items.push(item);
      }
      if (!page.next) return items;
      before = page.next;
    }
  }

  async function refreshOnce() {
    await provider.refresh?.();
    const [first] = (await provider.latest({ limit: 1 })).items;
    const newest = first ? Date.parse(first.publishedAt) : 0;
    const recent = first ? await itemsSince(newest - HOT_DAYS * DAY) : [];
    const spoken = await Promise.all(
      LANGUAGES.map(async (language) =>
        (await provider.latest({ limit: 1, language })).items.length > 0 ? [language] : [],
      ),
    );
    const languages = new Set(spoken.flat());
    const inLanguage = (language: NewsLanguage) =>
      languages.has(language) ? recent.filter((item) => item.language === language) : recent;
    const previous = state;
    state = {
      recent,
      hot: [...recent].sort(byVotes),
      daily: { en: dailyOf(inLanguage("en")), zh: dailyOf(inLanguage("zh")) },
      languages,
      words: hotWords(recent, deps.coins(), HOT_DAYS),
      board: recent.slice(0, BOARD_SIZE),
      newest,
    };
    if (!previous || newest <= previous.newest) return;
    const fresh = recent.filter((item) => Date.parse(item.publishedAt) > previous.newest).slice(0, PUSH_MAX);
    if (fresh.length === 0 || !(await pubsub.lease("news-refresh", Math.max(3 * deps.refreshMs, 5_000)))) return;
    for (const item of fresh.reverse()) await pubsub.publish(NEWS_CHANNEL, JSON.stringify(toNewsItem(item)));
  }

  const refresh = () => {
    running ??= refreshOnce()
      .then(() => {
        failing = false;
      })
      .catch((error) => {
        if (!state) throw error;
        if (!failing) logger.warn({ err: error }, "news refresh failed; serving the last lists");
        failing = true;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const live = () => {
    if (!state) throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 503, [], "news not available yet");
    return state;
  };
  const list = (items: NewsItem[]): NewsListData => ({ list: items.map(toNewsItem), next: null, mode });
  /** the provider language a query asks for; undefined (every item) when the provider has no item in it */
  const languageOf = (query: NewsListQuery): NewsLanguage | undefined => {
    const language = providerLanguage(query.language);
    return state?.languages.has(language) ? language : undefined;
  };
  const hotList = (query: NewsListQuery): NewsListData => {
    const keyword = query.keyword?.toLowerCase();
    const language = languageOf(query);
    const items = live().hot.filter(
      (item) => (!language || item.language === language) && (!keyword || item.title.toLowerCase().includes(keyword)),
    );
    return { ...offsetPage(items, query.cursor, query.pageSize), mode };
  };

  return {
    async start() {
      try {
        await refresh();
      } catch (error) {
        // the shipped archive must load; live feeds that are all down at boot are retried by the timer meanwhile
        if (mode !== "live") throw error;
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
      if (query.keyword) {
        const found = await provider.search(query.keyword, { limit: 100, language: languageOf(query) });
        return { ...offsetPage(found, query.cursor, query.pageSize), mode };
      }
      try {
        const page = await provider.latest({
          limit: query.pageSize,
          before: query.cursor,
          language: languageOf(query),
        });
        return { list: page.items.map(toNewsItem), next: page.next, mode };
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
    dailyHot() {
      const { daily } = live();
      return { cn_news: daily.zh.map(toNewsItem), en_news: daily.en.map(toNewsItem) };
    },
    hotWords: () => ({ list: live().words }),
    board: () => list(live().board),
  };
}
