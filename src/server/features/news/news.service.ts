import type { z } from "zod";
import { ErrorCode } from "../../../contract/errors.ts";
import type { dailyHotDataSchema, NewsItemData, newsListDataSchema } from "../../../contract/news.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import { InvalidNewsCursorError, type NewsItem, type NewsProvider } from "../../providers/news/news-provider.ts";
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
  coins: readonly { symbol: string; name: string }[];
  refreshMs: number;
}

export const toNewsItem = (item: NewsItem): NewsItemData => ({
  code: item.id,
  title: item.title,
  content: item.content,
  url: item.url,
  createTime: item.publishedAt,
  source: item.source,
  article_pic_url: null,
});

/** Reader votes of every kind summed: engagement, the archive's only popularity signal. */
const votesOf = (item: NewsItem) => Object.values(item.votes ?? {}).reduce((sum, n) => sum + n, 0);
const byVotes = (a: NewsItem, b: NewsItem) =>
  votesOf(b) - votesOf(a) || Date.parse(b.publishedAt) - Date.parse(a.publishedAt);

const invalidCursor = () =>
  new ApiError(ErrorCode.RequestFailed, "invalidValue", 400, [{ field: "cursor", key: "invalidValue" }], "bad cursor");

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
 * - Language: the archive is English only. "cn" is answered with the same English items (there is no flag in the
 *   contract to say so, and nothing is machine-translated); news/daily/hot's cn_news is the same list as en_news.
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
    | { recent: NewsItem[]; hot: NewsItem[]; daily: NewsItem[]; words: HotWord[]; board: NewsItem[]; newest: number }
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
    const [first] = (await provider.latest({ limit: 1 })).items;
    const newest = first ? Date.parse(first.publishedAt) : 0;
    const recent = first ? await itemsSince(newest - HOT_DAYS * DAY) : [];
    const day = new Date(newest).toISOString().slice(0, 10);
    const previous = state;
    state = {
      recent,
      hot: [...recent].sort(byVotes),
      daily: recent
        .filter((item) => item.publishedAt.startsWith(day))
        .sort(byVotes)
        .slice(0, DAILY_HOT_SIZE),
      words: hotWords(recent, deps.coins, HOT_DAYS),
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
    if (!state) throw new Error("the news service has not refreshed yet");
    return state;
  };
  const list = (items: NewsItem[]): NewsListData => ({ list: items.map(toNewsItem), next: null, mode });
  const hotList = (query: NewsListQuery): NewsListData => {
    const keyword = query.keyword?.toLowerCase();
    const items = keyword ? live().hot.filter((item) => item.title.toLowerCase().includes(keyword)) : live().hot;
    return { ...offsetPage(items, query.cursor, query.pageSize), mode };
  };

  return {
    async start() {
      await refresh();
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
        const found = await provider.search(query.keyword, { limit: 100 });
        return { ...offsetPage(found, query.cursor, query.pageSize), mode };
      }
      try {
        const page = await provider.latest({ limit: query.pageSize, before: query.cursor });
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
      const items = live().daily.map(toNewsItem);
      return { cn_news: items, en_news: items };
    },
    hotWords: () => ({ list: live().words }),
    board: () => list(live().board),
  };
}
