import { loadHeadlines, SHIPPED_HEADLINES_FILE } from "./headlines.ts";
import {
  InvalidNewsCursorError,
  NEWS_DEFAULT_LIMIT,
  NEWS_MAX_LIMIT,
  type NewsItem,
  type NewsLanguage,
  type NewsProvider,
} from "./news-provider.ts";

interface Entry {
  item: NewsItem;
  time: number;
  /** title, content and source folded for search, with a space at each end so words match at their start */
  text: string;
  /** the coin tags, upper case */
  coins: ReadonlySet<string>;
}

/** What an item must be to be listed: in the language, tagged with the coin, published within the times. */
interface Filter {
  language?: NewsLanguage;
  coin?: string;
  from?: number;
  to?: number;
}

/** Letters and digits only, case and accents folded: what search compares. */
export const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const clampLimit = (limit: number | undefined) =>
  Math.min(Math.max(Math.trunc(limit ?? NEWS_DEFAULT_LIMIT), 1), NEWS_MAX_LIMIT);

const cursorOf = (entry: Entry) => `${entry.time}_${entry.item.id}`;

const parseCursor = (cursor: string): Position => {
  const match = /^(\d+)_([0-9a-f]+)$/.exec(cursor);
  if (!match?.[1] || !match[2]) throw new InvalidNewsCursorError(cursor);
  return { time: Number(match[1]), id: match[2] };
};

interface Position {
  time: number;
  id: string;
}

/** Newest first; equal times by id, so that a cursor names one place in the order. */
const order = (a: Position, b: Position) => b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const keyOf = (entry: Entry): Position => ({ time: entry.time, id: entry.item.id });

/**
 * The embedded news: an archive of real headlines with their REAL dates. Dates are never moved onto the
 * replay timeline (a story dated by us would be a made-up fact next to replayed prices). What the replay decides is
 * visibility: with `visibleUntil` (the replay clock) an item shows once market time has reached its publication,
 * and not a millisecond before, so the news appears in time order as the replay runs. The shipped headlines cover
 * 2026-01-01 .. 2026-03-31 (the default replay window is March 2026); a replay set in 2025 shows none.
 *
 * Filters: `language`, `coin` (the item's coin tags; a ticker in any case) and, for search, `from`/`to` (ms, both
 * inclusive). Search with an empty query lists what the filters let through, and nothing without a coin or time.
 */
export function createReplayNews(deps: { items: readonly NewsItem[]; visibleUntil?: () => number }): NewsProvider {
  const entries: Entry[] = deps.items
    .map((item) => ({
      item,
      time: Date.parse(item.publishedAt),
      text: ` ${fold(`${item.title} ${item.content ?? ""} ${item.source}`)} `,
      coins: new Set(item.coins.map((coin) => coin.toUpperCase())),
    }))
    .sort((a, b) => order(keyOf(a), keyOf(b)));
  const byId = new Map(entries.map((entry) => [entry.item.id, entry]));

  /** the first index whose entry fails `precedes`, which holds for a prefix of the entries */
  const firstNotPreceding = (precedes: (entry: Entry) => boolean) => {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const entry = entries[mid];
      if (entry && precedes(entry)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const visibleFrom = () => {
    const until = deps.visibleUntil?.();
    return until === undefined ? 0 : firstNotPreceding((entry) => entry.time > until);
  };
  const isVisible = (entry: Entry) => !deps.visibleUntil || entry.time <= deps.visibleUntil();
  const passes = (entry: Entry, filter: Filter) =>
    (!filter.language || entry.item.language === filter.language) &&
    (!filter.coin || entry.coins.has(filter.coin.toUpperCase())) &&
    (filter.from === undefined || entry.time >= filter.from) &&
    (filter.to === undefined || entry.time <= filter.to);

  return {
    kind: "archive",
    async latest(query = {}) {
      const limit = clampLimit(query.limit);
      let start = visibleFrom();
      if (query.before !== undefined) {
        const cursor = parseCursor(query.before);
        start = Math.max(
          start,
          firstNotPreceding((entry) => order(keyOf(entry), cursor) <= 0),
        );
      }
      const filter: Filter = { language: query.language, coin: query.coin };
      const page: Entry[] = [];
      let index = start;
      for (; index < entries.length && page.length < limit; index++) {
        const entry = entries[index];
        if (entry && passes(entry, filter)) page.push(entry);
      }
      const last = page.at(-1);
      let more = false;
      for (; index < entries.length && !more; index++) {
        const entry = entries[index];
        more = entry !== undefined && passes(entry, filter);
      }
      return { items: page.map((entry) => entry.item), next: last && more ? cursorOf(last) : null };
    },
    async search(query, options = {}) {
      // each query word must begin some word of the text: "eth" finds "Ethereum", "reum" finds nothing; Chinese,
      // Japanese and Korean are written without spaces, so a word in those scripts may match anywhere
      const words = fold(query).split(" ").filter(Boolean);
      const { coin, from, to } = options;
      if (words.length === 0 && !coin && from === undefined && to === undefined) return [];
      const filter: Filter = { language: options.language, coin, from, to };
      const limit = clampLimit(options.limit);
      const found: NewsItem[] = [];
      // newest first: start at the newest item visible and not after `to`, stop at the first before `from`
      let index = visibleFrom();
      if (to !== undefined)
        index = Math.max(
          index,
          firstNotPreceding((entry) => entry.time > to),
        );
      for (; index < entries.length && found.length < limit; index++) {
        const entry = entries[index];
        if (!entry) continue;
        if (from !== undefined && entry.time < from) break;
        if (!passes(entry, filter)) continue;
        if (words.every((word) => entry.text.includes(CJK.test(word) ? word : ` ${word}`))) found.push(entry.item);
      }
      return found;
    },
    async get(id) {
      const entry = byId.get(id);
      return entry && isVisible(entry) ? entry.item : undefined;
    },
  };
}

/** Loads the shipped archive: what the composition root calls. */
export async function openReplayNews(
  options: { file?: string; visibleUntil?: () => number } = {},
): Promise<NewsProvider> {
  const items = await loadHeadlines(options.file ?? SHIPPED_HEADLINES_FILE);
  return createReplayNews({ items, visibleUntil: options.visibleUntil });
}
