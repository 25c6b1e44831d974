import { describe, expect, it } from "vitest";
import type { NewsItem } from "../../providers/news/news-provider.ts";
import { hotWords, keyStats, newsCorpus, rankItems } from "./hot-words.ts";

let counter = 0;
const item = (title: string, coins: string[] = [], content: string | null = null): NewsItem => {
  counter += 1;
  return {
    id: counter.toString(16).padStart(12, "0"),
    title,
    content,
    url: null,
    source: "Example",
    publishedAt: new Date(Date.UTC(2026, 2, 1) + counter * 60_000).toISOString(),
    language: "en",
    coins,
  };
};

const coins = [
  { symbol: "BTC", name: "Bitcoin" },
  { symbol: "HYPE", name: "Hyperliquid" },
];

// the archive before the window: what is usual
const older = [
  item("Senate debates the stablecoin bill", ["BTC"]),
  item("Miners expand hashrate", ["BTC"]),
  item("Exchange lists a stablecoin"),
  item("Bitcoin miners report output", ["BTC"]),
  item("Stablecoin supply grows"),
];
// the window: a story many items tell
const window = [
  item("Whale opens a huge short on Hyperliquid", ["HYPE", "BTC"], "The whale's short worries traders."),
  item("Hyperliquid whale doubles the short", ["HYPE", "BTC"]),
  item("Traders watch the whale", ["BTC"]),
  item("Stablecoin bill stalls"),
];
const all = [...window, ...older].reverse();
const corpus = newsCorpus(all, coins);
const W = window.length;
const B = all.length;
/** the stated score: (w - 1) x ln((w / W) / (b / B)) */
const score = (w: number, b: number) => (w - 1) * Math.log(w / W / (b / B));

describe("hot keys of a window against the archive", () => {
  it("count each term and coin tag once per item and score it by how unusual the window makes it", () => {
    const stats = keyStats(window, corpus);
    expect(stats.get("t:whale")).toMatchObject({ text: "Whale", window: 3, background: 3 });
    expect(stats.get("t:whale")?.score).toBeCloseTo(score(3, 3), 10);
    expect(stats.get("t:short")).toMatchObject({ window: 2, background: 2 });
    expect(stats.get("t:short")?.score).toBeCloseTo(score(2, 2), 10);
    expect(stats.get("c:HYPE")).toMatchObject({ text: "Hyperliquid", coin: "HYPE", window: 2, background: 2 });
    expect(stats.get("c:BTC")?.score).toBeCloseTo(score(3, 6), 10);
    // "stablecoin" is in one item of the window: no repeat, no score; "bill" as usual as anywhere
    expect(stats.has("t:stablecoin")).toBe(false);
    // a coin's name is counted by its tag, not as a word; function words never count
    expect(stats.has("t:hyperliquid")).toBe(false);
    expect(stats.has("t:the")).toBe(false);
  });

  it("make hot words of the highest scores, and questions of the hottest coins", () => {
    const words = hotWords(window, corpus);
    const news = words.filter((word) => word.type === "news");
    expect(news.map((word) => word.text)).toEqual(["Whale", "Hyperliquid", "Short", "Traders", "Bitcoin"]);
    expect(news[0]?.weight).toBe(Math.round(score(3, 3) * 100) / 100);
    expect(words.filter((word) => word.type === "question").map((word) => word.content)).toEqual([
      "What moved HYPE today?",
      "What moved BTC today?",
    ]);
    // a coin the market does not have gets no question
    const market = newsCorpus(all, [{ symbol: "BTC", name: "Bitcoin" }]);
    expect(
      hotWords(window, market)
        .filter((word) => word.type === "question")
        .map((word) => word.content),
    ).toEqual(["What moved BTC today?"]);
  });

  it("rank items by the sum of their keys' scores, naming the heaviest", () => {
    const ranked = rankItems(window, corpus);
    expect(ranked.map((entry) => entry.item.title)).toEqual([
      "Whale opens a huge short on Hyperliquid",
      "Hyperliquid whale doubles the short",
      "Traders watch the whale",
      "Stablecoin bill stalls",
    ]);
    const [first] = ranked;
    const expected = score(3, 3) + score(2, 2) * 3 + score(3, 6); // whale; short, HYPE, traders; BTC
    expect(first?.score).toBe(Math.round(expected * 100) / 100);
    expect(first?.terms).toEqual(["Whale", "Hyperliquid", "Short"]);
    expect(ranked.at(-1)).toMatchObject({ score: 0, terms: [] });
  });

  it("count by frequency alone while the archive holds nothing beyond the window", () => {
    const alone = newsCorpus(window, coins);
    expect(keyStats(window, alone).get("c:BTC")?.score).toBe(2);
    expect(keyStats(window, alone).get("t:whale")?.score).toBe(2);
  });

  it("update the archive's counts by the items added and removed, as counting afresh would", () => {
    const partial = newsCorpus(all.slice(0, 6), coins);
    const grown = newsCorpus(all, coins, partial);
    expect([...grown.counts].sort()).toEqual([...corpus.counts].sort());
    const shrunk = newsCorpus(all.slice(2), coins, grown);
    expect([...shrunk.counts].sort()).toEqual([...newsCorpus(all.slice(2), coins).counts].sort());
  });
});
