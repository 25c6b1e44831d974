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
}

/** Letters and digits only, case and accents folded: what search compares. */
const fold = (text: string) =>
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
 * replay timeline (a 2025 story dated 2026 would be a made-up fact next to replayed prices). What the
 * replay decides is visibility: with `visibleUntil` (the replay clock) an item shows once market time has
 * reached its publication, so a replay set in 2024 does not show 2025's news. The shipped headlines end in
 * February 2025, before the default replay window, so by default the whole archive is visible.
 */
export function createReplayNews(deps: { items: readonly NewsItem[]; visibleUntil?: () => number }): NewsProvider {
  const entries: Entry[] = deps.items
    .map((item) => ({
      item,
      time: Date.parse(item.publishedAt),
      text: ` ${fold(`${item.title} ${item.content ?? ""} ${item.source}`)} `,
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
  const speaks = (entry: Entry, language: NewsLanguage | undefined) => !language || entry.item.language === language;

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
      const page: Entry[] = [];
      let index = start;
      for (; index < entries.length && page.length < limit; index++) {
        const entry = entries[index];
        if (entry && speaks(entry, query.language)) page.push(entry);
      }
      const last = page.at(-1);
      const more = entries.slice(index).some((entry) => speaks(entry, query.language));
      return { items: page.map((entry) => entry.item), next: last && more ? cursorOf(last) : null };
    },
    async search(query, options = {}) {
      // each query word must begin some word of the text: "eth" finds "Ethereum", "reum" finds nothing; Chinese,
      // Japanese and Korean are written without spaces, so a word in those scripts may match anywhere
      const words = fold(query).split(" ").filter(Boolean);
      if (words.length === 0) return [];
      const limit = clampLimit(options.limit);
      const found: NewsItem[] = [];
      for (let index = visibleFrom(); index < entries.length && found.length < limit; index++) {
        const entry = entries[index];
        if (!entry || !speaks(entry, options.language)) continue;
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
