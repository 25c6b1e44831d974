import type { NewsItem } from "../../providers/news/news-provider.ts";

export interface HotWord {
  text: string;
  type: "news" | "question";
  content: string;
  weight: number;
}

const DAY = 86_400_000;
/** an occurrence loses half its weight every this many days before the newest headline */
const HALF_LIFE_DAYS = 2;
const COIN_BOOST = 2;
const NEWS_WORDS = 12;
const QUESTIONS = 3;

// Headline filler and generic market words: frequent everywhere, so they say nothing about the day.
const STOP_WORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between " +
    "both but by can could did do does doing down during each few for from further had has have having he her here " +
    "hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other " +
    "our out over own same she should so some such than that the their them then there these they this those through " +
    "to too under until up very was we were what when where which while who whom why will with would you your yours " +
    "new says said say amid report reports according could might may week weeks today year years day days month " +
    "months first next last still back top big high low hits hit gets get set sees see make makes made news price " +
    "prices market markets crypto cryptocurrency cryptocurrencies coin coins token tokens analysis update updates " +
    "here's what's it's why's how's vs via per amid since ahead near above below major million billion trillion"
  ).split(/\s+/),
);

// Coin symbols and names that are also everyday words ("link", "near", "pump", "soon"): not counted as coins.
const AMBIGUOUS = new Set(
  "m pi cc ip ab op gt sky soon pump hype dash link near tel render story quant flare jupiter stacks sei canton aster pepe".split(
    " ",
  ),
);

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Hot words from the headlines of the last `days` before the newest one: titles are split into words, stop words
 * and short words dropped; each remaining word counts once per headline, weighted by recency (half-life two days);
 * a coin's symbol or name counts for that coin (shown by its name) with double weight; plain terms must appear in
 * at least two headlines. The top words come as type "news" (tapping searches the word); the three most mentioned
 * coins add a question each ("What moved BTC today?"), asked as written.
 */
export function hotWords(
  items: readonly NewsItem[],
  coins: readonly { symbol: string; name: string }[],
  days = 7,
): HotWord[] {
  const newest = Math.max(...items.map((item) => Date.parse(item.publishedAt)));
  if (!Number.isFinite(newest)) return [];
  const coinByWord = new Map<string, { symbol: string; name: string }>();
  for (const coin of coins) {
    for (const word of [coin.symbol.toLowerCase(), coin.name.toLowerCase()]) {
      if (word.length >= 3 && !AMBIGUOUS.has(word) && !/\s/.test(word)) coinByWord.set(word, coin);
    }
  }
  const scores = new Map<string, { text: string; weight: number; titles: number; coin?: string }>();
  for (const item of items) {
    const age = newest - Date.parse(item.publishedAt);
    if (age > days * DAY) continue;
    const weight = 0.5 ** (age / DAY / HALF_LIFE_DAYS);
    const seen = new Set<string>();
    for (const raw of item.title.toLowerCase().split(/[^\p{L}\p{N}$']+/u)) {
      const word = raw.replace(/^[$']+|'s?$/g, "");
      const coin = coinByWord.get(word);
      if (!coin && (word.length < 4 || STOP_WORDS.has(word) || /^\d/.test(word))) continue;
      const key = coin ? `coin:${coin.symbol}` : word;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = scores.get(key) ?? {
        text: coin ? coin.name : capitalised(word),
        weight: 0,
        titles: 0,
        coin: coin?.symbol,
      };
      entry.weight += coin ? COIN_BOOST * weight : weight;
      entry.titles += 1;
      scores.set(key, entry);
    }
  }
  const ranked = [...scores.values()]
    .filter((entry) => entry.coin || entry.titles >= 2)
    .sort((a, b) => b.weight - a.weight || a.text.localeCompare(b.text));
  const round = (weight: number) => Math.round(weight * 100) / 100;
  const words: HotWord[] = ranked
    .slice(0, NEWS_WORDS)
    .map((entry) => ({ text: entry.text, type: "news", content: entry.text, weight: round(entry.weight) }));
  const questions: HotWord[] = ranked
    .filter((entry) => entry.coin)
    .slice(0, QUESTIONS)
    .map((entry) => {
      const text = `What moved ${entry.coin} today?`;
      return { text, type: "question", content: text, weight: round(entry.weight) };
    });
  return [...words, ...questions];
}
