import { describe, expect, it } from "vitest";
import { InvalidNewsCursorError, type NewsItem } from "./news-provider.ts";
import { createReplayNews, openReplayNews } from "./replay-news.ts";

const item = (
  id: string,
  publishedAt: string,
  title = `Story ${id}`,
  content: string | null = null,
  coins: string[] = [],
): NewsItem => ({
  id,
  title,
  content,
  url: null,
  source: "Example",
  publishedAt,
  language: "en",
  coins,
});

// two items share a time: the order between them is by id
const items = [
  item("000000000001", "2025-01-01T00:00:00.000Z", "Bitcoin ETF inflows rise", null, ["BTC"]),
  item("000000000002", "2025-01-03T00:00:00.000Z", "Ethereum upgrade scheduled", "The Pectra upgrade is set.", ["ETH"]),
  item("000000000003", "2025-01-02T00:00:00.000Z", "Solana fees fall", null, ["SOL"]),
  item("000000000005", "2025-01-02T00:00:00.000Z", "Bitcoin miners sell", "Miners sold reserves.", ["BTC", "ETH"]),
  item("000000000004", "2025-01-04T00:00:00.000Z", "Ripple case ends"),
];
const ids = (list: NewsItem[]) => list.map((news) => news.id.slice(-1));

describe("the news archive", () => {
  it("serves the newest first and pages with a cursor, ties included", async () => {
    const news = createReplayNews({ items });
    const first = await news.latest({ limit: 2 });
    expect(ids(first.items)).toEqual(["4", "2"]);
    const second = await news.latest({ limit: 2, before: first.next ?? "" });
    expect(ids(second.items)).toEqual(["3", "5"]);
    const third = await news.latest({ limit: 2, before: second.next ?? "" });
    expect(ids(third.items)).toEqual(["1"]);
    expect(third.next).toBeNull();
  });

  it("keeps the real publication dates", async () => {
    const news = createReplayNews({ items, visibleUntil: () => Date.parse("2026-03-02T00:00:00Z") });
    const { items: page } = await news.latest();
    expect(page.map((news) => news.publishedAt)).toEqual([
      "2025-01-04T00:00:00.000Z",
      "2025-01-03T00:00:00.000Z",
      "2025-01-02T00:00:00.000Z",
      "2025-01-02T00:00:00.000Z",
      "2025-01-01T00:00:00.000Z",
    ]);
  });

  it("shows nothing published after the replay time", async () => {
    let now = Date.parse("2025-01-02T12:00:00Z");
    const news = createReplayNews({ items, visibleUntil: () => now });
    expect(ids((await news.latest()).items)).toEqual(["3", "5", "1"]);
    expect(await news.get("000000000002")).toBeUndefined();
    expect(ids(await news.search("ethereum"))).toEqual([]);
    now = Date.parse("2025-01-03T00:00:00Z");
    expect(ids((await news.latest()).items)).toEqual(["2", "3", "5", "1"]);
    expect((await news.get("000000000002"))?.title).toBe("Ethereum upgrade scheduled");
  });

  it("shows an item from the millisecond of its publication, not before", async () => {
    let now = Date.parse("2025-01-03T00:00:00.000Z") - 1;
    const news = createReplayNews({ items, visibleUntil: () => now });
    expect(ids((await news.latest({ limit: 1 })).items)).toEqual(["3"]);
    now += 1;
    expect(ids((await news.latest({ limit: 1 })).items)).toEqual(["2"]);
  });

  it("lists a coin's items by their tags, in any case, paged and within the replay time", async () => {
    let now = Date.parse("2025-01-02T12:00:00Z");
    const news = createReplayNews({ items, visibleUntil: () => now });
    expect(ids((await news.latest({ coin: "eth" })).items)).toEqual(["5"]);
    now = Date.parse("2025-01-05T00:00:00Z");
    const first = await news.latest({ coin: "ETH", limit: 1 });
    expect(ids(first.items)).toEqual(["2"]);
    const second = await news.latest({ coin: "ETH", limit: 1, before: first.next ?? "" });
    expect(ids(second.items)).toEqual(["5"]);
    expect(second.next).toBeNull();
    // the tag, not the text: "Ripple case ends" is tagged with nothing
    expect(await news.latest({ coin: "XRP" })).toEqual({ items: [], next: null });
  });

  it("searches within a coin and a time window, or lists them with an empty query", async () => {
    const news = createReplayNews({ items });
    expect(ids(await news.search("bitcoin", { coin: "BTC" }))).toEqual(["5", "1"]);
    expect(ids(await news.search("miners", { coin: "SOL" }))).toEqual([]);
    const from = Date.parse("2025-01-02T00:00:00Z");
    const to = Date.parse("2025-01-03T00:00:00Z");
    expect(ids(await news.search("", { from, to }))).toEqual(["2", "3", "5"]);
    expect(ids(await news.search("", { coin: "btc", from }))).toEqual(["5"]);
    expect(ids(await news.search("", { to: from - 1 }))).toEqual(["1"]);
    expect(ids(await news.search("", { from, to, limit: 1 }))).toEqual(["2"]);
    // the replay time still bounds a window reaching past it
    const early = createReplayNews({ items, visibleUntil: () => from });
    expect(ids(await early.search("", { from, to }))).toEqual(["3", "5"]);
  });

  it("has no Chinese headlines to serve", async () => {
    const news = createReplayNews({ items });
    expect(await news.latest({ language: "zh" })).toEqual({ items: [], next: null });
    expect(ids((await news.latest({ language: "en", limit: 1 })).items)).toEqual(["4"]);
  });

  it("searches words at word starts in title, content and source", async () => {
    const news = createReplayNews({ items });
    expect(ids(await news.search("BITCOIN"))).toEqual(["5", "1"]);
    expect(ids(await news.search("bitcoin etf"))).toEqual(["1"]);
    expect(ids(await news.search("pectra"))).toEqual(["2"]);
    expect(ids(await news.search("eth"))).toEqual(["2"]);
    expect(ids(await news.search("thereum"))).toEqual([]);
    expect(ids(await news.search("example", { limit: 2 }))).toEqual(["4", "2"]);
    expect(await news.search("  ")).toEqual([]);
  });

  it("refuses a cursor it did not make", async () => {
    const news = createReplayNews({ items });
    await expect(news.latest({ before: "yesterday" })).rejects.toBeInstanceOf(InvalidNewsCursorError);
  });

  it("loads the shipped archive and shows none of it before its first day", async () => {
    let now = Date.parse("2026-01-01T00:18:58Z");
    const news = await openReplayNews({ visibleUntil: () => now });
    expect(news.kind).toBe("archive");
    const { items: latest } = await news.latest({ limit: 5 });
    // the archive's first two items, NewsBTC at 00:00:34 and Blockworks at 00:18:58 on New Year's Day 2026
    expect(latest.map((news) => [news.publishedAt, news.source])).toEqual([
      ["2026-01-01T00:18:58.000Z", "Blockworks"],
      ["2026-01-01T00:00:34.000Z", "NewsBTC"],
    ]);
    now = Date.parse("2025-12-31T23:59:59Z");
    expect(await news.latest()).toEqual({ items: [], next: null });
  });
});
