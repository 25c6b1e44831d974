import { type CoinName, coinWords } from "../../providers/news/coin-tags.ts";
import type { NewsItem } from "../../providers/news/news-provider.ts";

/**
 * What is hot in the news, computed from the items themselves: a window of recent items (the last 24 hours, the
 * last 7 days) against a background, every item visible so far (the corpus). A key is a term of an item's title or
 * summary (a word; function words, calendar words, numbers and words under three letters left out) or one of its
 * coin tags. Each key is counted once per item:
 *
 * - w = the window's items with the key, W = the window's items; b = the corpus's items with the key, B = the
 *   corpus's items (the window is part of it, so b >= w);
 * - lift = (w / W) / (b / B): how many times more often the window mentions the key than the whole archive does;
 * - score = (w - 1) x ln(lift): how many other items of the window repeat the key, weighted by how unusual it is;
 *   kept when w >= 2 and the score is positive. While the corpus holds nothing beyond the window (the first day of
 *   an archive) there is nothing to compare with, and the score is w - 1 alone.
 *
 * An item's score in a window is the sum of the scores of its keys. A coin is counted by the item's tags and, for
 * the market's coins, by its ticker or name written in the item (coin-tags.ts rules: "BTC", "Bitcoin"); a word that
 * names a coin is never a term.
 */

export interface HotWord {
  text: string;
  type: "news" | "question";
  content: string;
  weight: number;
}

export interface KeyStat {
  key: string;
  /** what a reader sees: the term as the window's items most often write it, or the coin's name */
  text: string;
  /** set for a coin tag */
  coin?: string;
  window: number;
  background: number;
  score: number;
}

export interface RankedItem {
  item: NewsItem;
  score: number;
  /** the display texts of the keys that gave it its score, the heaviest first (at most three) */
  terms: string[];
}

/** The background the windows are weighed against: every visible item's keys and how many items hold each. */
export interface NewsCorpus {
  size: number;
  counts: ReadonlyMap<string, number>;
  /** each item's keys with how the item writes them */
  keys: ReadonlyMap<NewsItem, ReadonlyMap<string, string>>;
  names: ReadonlyMap<string, string>;
  /** the coin words the keys were made with */
  version: string;
}

export const HOT_WORDS_SIZE = 12;
const QUESTIONS = 3;
const TERMS_SHOWN = 3;
const MIN_ITEMS = 2;
const MIN_LENGTH = 3;

// Function words, reporting filler and calendar words: they carry no topic. Everything else is weighed against the
// corpus, so words every headline uses ("crypto", "price") score low without being listed here.
const STOP_WORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between " +
    "both but by can could did do does doing down during each few for from further had has have having he her here " +
    "hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other " +
    "our out over own same she should so some such than that the their them then there these they this those through " +
    "to too under until up very was we were what when where which while who whom why will with would you your yours " +
    "new says said say amid report reports according might may per via ahead near since still yet one two three four " +
    "five six seven eight nine ten first second third last next week weeks today year years day days month months " +
    "monday tuesday wednesday thursday friday saturday sunday january february march april june july august " +
    "september october november december here's what's it's there's that's don't doesn't isn't can't won't didn't"
  ).split(/\s+/),
);

/** Ideographs, kana and hangul: words are not separated there, so those runs make no terms. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** An item's words, lower case, each once, with how its title (else its summary) writes them. */
const wordCache = new WeakMap<NewsItem, ReadonlyMap<string, string>>();

function wordsOf(item: NewsItem): ReadonlyMap<string, string> {
  const cached = wordCache.get(item);
  if (cached) return cached;
  const words = new Map<string, string>();
  for (const text of [item.title, item.content ?? ""]) {
    for (const raw of text.split(/[^\p{L}\p{N}'’-]+/u)) {
      const surface = raw.replace(/^['’-]+|['’-]+$/g, "").replace(/['’]s$/i, "");
      const word = surface.toLowerCase();
      if (word.length < MIN_LENGTH || STOP_WORDS.has(word) || /^\p{N}/u.test(word) || CJK.test(word)) continue;
      if (!words.has(word)) words.set(word, surface);
    }
  }
  wordCache.set(item, words);
  return words;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The keys of an item: "c:<TICKER>" for the coins it is tagged with or names, "t:<word>" for its terms. */
function keysOf(
  item: NewsItem,
  notTerms: ReadonlySet<string>,
  coinOf: (word: string, surface: string) => string | undefined,
): ReadonlyMap<string, string> {
  const keys = new Map<string, string>();
  for (const coin of item.coins) keys.set(`c:${coin.toUpperCase()}`, coin.toUpperCase());
  for (const [word, surface] of wordsOf(item)) {
    const coin = coinOf(word, surface);
    if (coin) keys.set(`c:${coin}`, coin);
    else if (!notTerms.has(word)) keys.set(`t:${word}`, surface);
  }
  return keys;
}

/**
 * The corpus of the given items (every visible one). Given the previous corpus, and the same coin words, it is
 * updated by the items added and removed since (the replay reveals a few at a time) instead of counted again.
 */
export function newsCorpus(items: readonly NewsItem[], coins: readonly CoinName[], previous?: NewsCorpus): NewsCorpus {
  // the words that name a coin (tickers and names of the market's coins and of every tag seen) are not terms
  const notTerms = new Set<string>();
  for (const coin of coins) {
    notTerms.add(coin.symbol.toLowerCase());
    notTerms.add(coin.name.toLowerCase());
  }
  for (const item of items) for (const coin of item.coins) notTerms.add(coin.toLowerCase());
  const coinOf = coinWords(coins);
  const version = `${coins.map((coin) => `${coin.symbol}:${coin.name}`).join(",")} ${[...notTerms].sort().join(" ")}`;
  const names = new Map(coins.map((coin) => [coin.symbol.toUpperCase(), coin.name]));
  const reuse = previous?.version === version ? previous : undefined;
  const keys = new Map<NewsItem, ReadonlyMap<string, string>>();
  const counts = new Map(reuse?.counts ?? []);
  const count = (own: ReadonlyMap<string, string>, by: number) => {
    for (const key of own.keys()) {
      const next = (counts.get(key) ?? 0) + by;
      if (next > 0) counts.set(key, next);
      else counts.delete(key);
    }
  };
  for (const item of items) {
    const known = reuse?.keys.get(item);
    const own = known ?? keysOf(item, notTerms, coinOf);
    keys.set(item, own);
    if (!known) count(own, 1);
  }
  if (reuse) for (const [item, own] of reuse.keys) if (!keys.has(item)) count(own, -1);
  return { size: items.length, counts, keys, names, version };
}

/** Counts, lifts and scores of the window's keys against the corpus (see the top of this file). */
export function keyStats(window: readonly NewsItem[], corpus: NewsCorpus): Map<string, KeyStat> {
  const inWindow = new Map<string, { count: number; surfaces: Map<string, number> }>();
  for (const item of window) {
    for (const [key, surface] of corpus.keys.get(item) ?? []) {
      const entry = inWindow.get(key) ?? { count: 0, surfaces: new Map<string, number>() };
      entry.count += 1;
      entry.surfaces.set(surface, (entry.surfaces.get(surface) ?? 0) + 1);
      inWindow.set(key, entry);
    }
  }
  const comparable = corpus.size > window.length;
  const stats = new Map<string, KeyStat>();
  for (const [key, { count, surfaces }] of inWindow) {
    if (count < MIN_ITEMS) continue;
    // the corpus holds the window, so it has at least the window's count
    const b = Math.max(corpus.counts.get(key) ?? 0, count);
    const score = (count - 1) * (comparable ? Math.log(count / window.length / (b / corpus.size)) : 1);
    if (score <= 0) continue;
    const coin = key.startsWith("c:") ? key.slice(2) : undefined;
    // the most frequent spelling: "ETF" as written, never "Etf"
    const [surface = ""] = [...surfaces].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0] ?? [];
    const text = coin
      ? (corpus.names.get(coin) ?? coin)
      : surface === surface.toLowerCase()
        ? capitalised(surface)
        : surface;
    stats.set(key, { key, text, coin, window: count, background: b, score });
  }
  return stats;
}

const round = (value: number) => Math.round(value * 100) / 100;
const byScore = (a: KeyStat, b: KeyStat) => b.score - a.score || b.window - a.window || a.text.localeCompare(b.text);

/**
 * Hot words of a window: the HOT_WORDS_SIZE keys of highest score as type "news" (tapping one searches it; a coin
 * shows by its name), then the three coins of highest score that the market has as questions ("What moved BTC
 * today?"), asked as written.
 * Weights are the scores, rounded to 2 decimals.
 */
export function hotWords(window: readonly NewsItem[], corpus: NewsCorpus): HotWord[] {
  const ranked = [...keyStats(window, corpus).values()].sort(byScore);
  const words: HotWord[] = ranked
    .slice(0, HOT_WORDS_SIZE)
    .map((stat) => ({ text: stat.text, type: "news", content: stat.text, weight: round(stat.score) }));
  const questions: HotWord[] = ranked
    .filter((stat) => stat.coin && corpus.names.has(stat.coin))
    .slice(0, QUESTIONS)
    .map((stat) => {
      const text = `What moved ${stat.coin} today?`;
      return { text, type: "question", content: text, weight: round(stat.score) };
    });
  return [...words, ...questions];
}

/**
 * The window's items ranked by their score (the sum of their keys' scores): an item about what many items of the
 * window talk about, and the archive usually does not, comes first; ties go to the newer.
 */
export function rankItems(window: readonly NewsItem[], corpus: NewsCorpus): RankedItem[] {
  const stats = keyStats(window, corpus);
  return window
    .map((item) => {
      const parts = [...(corpus.keys.get(item)?.keys() ?? [])].flatMap((key) => {
        const stat = stats.get(key);
        return stat ? [stat] : [];
      });
      parts.sort(byScore);
      return {
        item,
        score: round(parts.reduce((sum, stat) => sum + stat.score, 0)),
        terms: parts.slice(0, TERMS_SHOWN).map((stat) => stat.text),
      };
    })
    .sort(
      (a, b) =>
        b.score - a.score ||
        Date.parse(b.item.publishedAt) - Date.parse(a.item.publishedAt) ||
        (a.item.id < b.item.id ? -1 : 1),
    );
}
