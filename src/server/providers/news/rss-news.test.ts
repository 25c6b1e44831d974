import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { manualClock } from "../clock.ts";
import { type StandIn, type StandInReply, startStandIn } from "../upstream/stand-in.ts";
import { headlineId, loadHeadlines } from "./headlines.ts";
import { InvalidNewsCursorError, type NewsItem } from "./news-provider.ts";
import { openRssNews, type RssFeed, type RssNewsOptions } from "./rss-news.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const xml = (body: string): StandInReply => ({ headers: { "content-type": "application/rss+xml" }, body });

/** The stand-in's paths: one per outlet, as an operator would list them in NEWS_FEEDS. */
const PATHS = {
  cointelegraph: "/rss",
  theblock: "/theblock/atom.xml",
  digest: "/digest.rdf",
  zh: "/zh/feed.xml",
} as const;
type Outlet = keyof typeof PATHS;
const FIXTURES: Record<Outlet, string> = {
  cointelegraph: "cointelegraph.rss.xml",
  theblock: "theblock.atom.xml",
  digest: "digest.rdf.xml",
  zh: "zh.rss.xml",
};

let standIn: StandIn;
/** what each path answers now; tests swap replies to make a feed fail or change */
let replies: Map<string, () => StandInReply>;
let logs: Record<string, unknown>[];
const clock = manualClock();

const logger = () =>
  pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString("utf8").split("\n")) {
          if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    }),
  );

const serve = (outlet: Outlet, reply: StandInReply | (() => StandInReply)) =>
  replies.set(PATHS[outlet], typeof reply === "function" ? reply : () => reply);
const serveFixture = (outlet: Outlet) => serve(outlet, xml(fixture(FIXTURES[outlet])));
const feed = (outlet: Outlet): RssFeed => ({
  url: `${standIn.url}${PATHS[outlet]}`,
  language: outlet === "zh" ? "zh" : "en",
});
const asked = (outlet: Outlet) => standIn.requests.filter((path) => path === PATHS[outlet]).length;

const open = (outlets: readonly Outlet[], options: Partial<RssNewsOptions> = {}) =>
  openRssNews({
    feeds: outlets.map(feed),
    clock,
    logger: logger(),
    ...options,
    upstream: { timeoutMs: 1_500, retries: 0, backoffMs: 5, ...options.upstream },
  });

const ALL: readonly Outlet[] = ["cointelegraph", "theblock", "digest", "zh"];
const everything = async (provider: ReturnType<typeof open>) => (await provider.latest({ limit: 100 })).items;
const titles = (items: readonly NewsItem[]) => items.map((item) => item.title);
const warnings = () => logs.filter((line) => line.level === 40);
const recoveries = () => logs.filter((line) => line.msg === "news feed recovered");

beforeEach(async () => {
  clock.set(new Date("2024-06-21T18:00:00Z"));
  logs = [];
  replies = new Map();
  standIn = await startStandIn(({ path }) => replies.get(path)?.());
  for (const outlet of ALL) serveFixture(outlet);
});
afterEach(async () => {
  vi.useRealTimers();
  await standIn.close();
});

describe("the live news provider", () => {
  it("opens without touching the network and is empty until the first refresh", async () => {
    const provider = open(ALL);
    expect(provider.kind).toBe("live");
    expect(await provider.latest()).toEqual({ items: [], next: null });
    expect(standIn.requests).toEqual([]);
  });

  it("merges every feed newest first, one item per story, with the archive's ids", async () => {
    const provider = open(ALL);
    await provider.refresh?.();
    const items = await everything(provider);
    // 6 + 6 + 6 + 4, less the digest's two stories also in Cointelegraph's and The Block's feeds
    expect(items).toHaveLength(20);
    const times = items.map((item) => Date.parse(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items[0]).toMatchObject({ title: "Meme Coins Dominate Solana (SOL) DEX Volume, Here's What It Means" });
    for (const item of items) expect(item.id).toBe(headlineId(item.title));
    expect(new Set(items.map((item) => item.id)).size).toBe(20);

    // the id is the normalised title's hash, as the archive's ids are; the copy of the first feed configured; no coin
    // list given, so no tags
    const ftx = items.find((item) => item.title.startsWith("Customers protest"));
    expect(ftx).toEqual({
      id: "777a6db31373",
      title: "Customers protest exchange bankruptcy plan: ‘We never gave FTX our coins!’",
      content:
        "Some FTX customers are objecting to the troubled exchange’s Dec. 16 proposed bankruptcy plan, stating that it violates their property rights.",
      url: "https://cointelegraph.com/news/customers-protest-exchange-bankruptcy-plan-we-never-gave-ftx-our-coins",
      source: "Cointelegraph.com News",
      publishedAt: "2024-06-21T11:59:00.000Z",
      language: "en",
      coins: [],
    });
    expect(items.find((item) => item.id === "299d8ad9163b")).toMatchObject({
      source: "The Block",
      content: expect.stringMatching(/^Bitcoin long liquidations/),
    });
    expect(items.filter((item) => item.language === "zh")).toHaveLength(4);
  });

  it("tags items with the coins their title or summary names, in English and Chinese feeds alike", async () => {
    const coins = [
      { symbol: "BTC", name: "Bitcoin" },
      { symbol: "ETH", name: "Ethereum" },
      { symbol: "USDT", name: "Tether" },
      { symbol: "TON", name: "Toncoin" },
      { symbol: "LINK", name: "Chainlink" },
    ];
    const provider = open(ALL, { coins: () => coins });
    await provider.refresh?.();
    const items = await everything(provider);
    const byTitle = (start: string) => items.find((item) => item.title.startsWith(start));
    expect(byTitle("Bitcoin liquidations spike")?.coins).toEqual(["BTC"]);
    // "ether" is not the coin's name as the market knows it ("Ethereum"): only the names and tickers given count
    expect(byTitle("Standard Chartered to launch spot trading desk")?.coins).toEqual(["BTC"]);
    // a Chinese feed's item: the tickers written in it count, Chinese names are not read
    expect(byTitle("紧急提醒")).toMatchObject({ language: "zh", coins: ["USDT", "TON"] });
    // the coin filters see the tags
    const usdt = await provider.search("", { coin: "usdt" });
    expect(usdt.length).toBeGreaterThan(0);
    for (const item of usdt) expect(item.coins).toContain("USDT");
    expect((await provider.latest({ coin: "TON", language: "zh" })).items.map((item) => item.title)).toEqual([
      "紧急提醒：有攻击者在大批量尝试TON链USDT假充值，请交易所注意防范",
    ]);
  });

  it("tags the items read before the coins were known once they are", async () => {
    let coins: { symbol: string; name: string }[] = [];
    const provider = open(["cointelegraph"], { coins: () => coins });
    await provider.refresh?.();
    expect(await provider.search("", { coin: "BTC" })).toEqual([]);
    coins = [{ symbol: "BTC", name: "Bitcoin" }];
    const tagged = await provider.search("", { coin: "BTC" });
    expect(tagged.length).toBeGreaterThan(0);
    for (const item of tagged) expect(`${item.title} ${item.content}`).toMatch(/bitcoin|BTC/i);
  });

  it("derives ids exactly as the shipped archive did", async () => {
    for (const item of await loadHeadlines()) expect(headlineId(item.title)).toBe(item.id);
    // a Chinese title keeps its own key instead of collapsing to its Latin letters
    expect(headlineId("比特币跌破 6.4 万美元")).not.toBe(headlineId("以太坊跌破 6.4 万美元"));
    expect(headlineId("…")).toBeUndefined();
  });

  it("pages by the archive's cursors, filters by language and refuses a foreign cursor", async () => {
    const provider = open(ALL);
    await provider.refresh?.();
    const all = await everything(provider);
    const seen: NewsItem[] = [];
    let before: string | undefined;
    do {
      const page = await provider.latest({ limit: 7, before });
      seen.push(...page.items);
      before = page.next ?? undefined;
    } while (before);
    expect(seen).toEqual(all);

    const first = await provider.latest({ limit: 3, language: "zh" });
    expect(titles(first.items)).toEqual([
      "紧急提醒：有攻击者在大批量尝试TON链USDT假充值，请交易所注意防范",
      "比特币跌破 6.4 万美元，市场情绪创历史性“负面”",
      "渣打银行正在组建比特币和以太坊现货交易柜台",
    ]);
    const rest = await provider.latest({ limit: 3, language: "zh", before: first.next ?? "" });
    expect(rest).toEqual({
      items: [expect.objectContaining({ title: "美国现货比特币 ETF 本周净流出 9 亿美元" })],
      next: null,
    });
    expect((await provider.latest({ language: "en", limit: 100 })).items).toHaveLength(16);
    await expect(provider.latest({ before: "page-2" })).rejects.toBeInstanceOf(InvalidNewsCursorError);
  });

  it("searches title, content and source for every word, and gets an item by id", async () => {
    const provider = open(ALL);
    await provider.refresh?.();
    const found = await provider.search("bitcoin price");
    expect(titles(found)).toEqual([
      "Bitcoin liquidations spike as price drops below the $64,000",
      "Why is Bitcoin price down today?",
    ]);
    expect(titles(await provider.search("the block standard chartered"))).toEqual([
      "Standard Chartered to launch spot trading desk for bitcoin and ether: Bloomberg",
    ]);
    expect(titles(await provider.search("USDT", { language: "zh" }))).toEqual([
      "紧急提醒：有攻击者在大批量尝试TON链USDT假充值，请交易所注意防范",
    ]);
    expect(await provider.search("USDT", { language: "en", limit: 1 })).toHaveLength(1);
    // Chinese has no spaces between words: a Chinese word matches inside a sentence
    expect(titles(await provider.search("比特币 现货", { language: "zh" }))).toEqual([
      "渣打银行正在组建比特币和以太坊现货交易柜台",
      "美国现货比特币 ETF 本周净流出 9 亿美元",
    ]);
    const [item] = found;
    expect(await provider.get(item?.id ?? "")).toEqual(item);
    expect(await provider.get("000000000000")).toBeUndefined();
  });

  it("clamps future dates to now, dates undated items when first seen, and keeps the first copy", async () => {
    serve(
      "cointelegraph",
      xml(`<rss version="2.0"><channel><title>Wire</title>
        <item><title>Dated tomorrow</title><pubDate>Sat, 22 Jun 2024 10:00:00 GMT</pubDate></item>
        <item><title>Never dated</title><description>first copy</description></item>
      </channel></rss>`),
    );
    const provider = open(["cointelegraph"]);
    await provider.refresh?.();
    const firstSeen = "2024-06-21T18:00:00.000Z";
    const byTitle = async (title: string) => (await everything(provider)).find((item) => item.title === title);
    expect(await byTitle("Dated tomorrow")).toMatchObject({ publishedAt: firstSeen, content: null });
    expect(await byTitle("Never dated")).toMatchObject({ publishedAt: firstSeen, content: "first copy" });
    clock.advance(3_600_000);
    serve(
      "cointelegraph",
      xml(`<rss version="2.0"><channel><title>Wire (renamed)</title>
        <item><title>Never  dated</title><description>second copy</description></item>
      </channel></rss>`),
    );
    await provider.refresh?.();
    expect(await everything(provider)).toHaveLength(2);
    expect(await byTitle("Dated tomorrow")).toMatchObject({ publishedAt: firstSeen });
    expect(await byTitle("Never dated")).toMatchObject({
      publishedAt: firstSeen,
      content: "first copy",
      source: "Wire",
    });
  });

  it("keeps the newest maxItems and does not take forgotten stories back", async () => {
    const provider = open(["cointelegraph"], { maxItems: 4 });
    await provider.refresh?.();
    const kept = titles(await everything(provider));
    expect(kept).toEqual([
      "Nigerian SEC announces new rules, compliance program for digital assets",
      "New AI portfolio management tool coming to PancakeSwap",
      "Ether and altcoin price outlook positive after SEC drops investigation",
      "Why is Bitcoin price down today?",
    ]);
    await provider.refresh?.();
    expect(titles(await everything(provider))).toEqual(kept);
  });

  it("lands the other feeds' items while one answers 429, one times out and one serves broken XML", async () => {
    serve("cointelegraph", { status: 429, headers: { "retry-after": "0" }, body: "Too Many Requests" });
    serve("theblock", { hang: true });
    serve("digest", xml(fixture("malformed.xml")));
    const provider = open(ALL, { upstream: { timeoutMs: 1_500 } });
    await provider.refresh?.();
    expect((await everything(provider)).map((item) => item.language)).toEqual(["zh", "zh", "zh", "zh"]);
    const byFeed = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      String(a.feed).localeCompare(String(b.feed));
    expect(warnings().sort(byFeed)).toEqual([
      expect.objectContaining({ feed: feed("digest").url, kind: "not-a-feed", reason: expect.stringMatching(/XML/) }),
      expect.objectContaining({ feed: feed("cointelegraph").url, kind: "rate-limited" }),
      expect.objectContaining({ feed: feed("theblock").url, kind: "timeout" }),
    ]);

    // still failing: not logged again
    await provider.refresh?.();
    expect(warnings()).toHaveLength(3);

    for (const outlet of ALL) serveFixture(outlet);
    await provider.refresh?.();
    expect(await everything(provider)).toHaveLength(20);
    expect(recoveries().map((line) => line.feed)).toEqual(
      expect.arrayContaining([feed("cointelegraph").url, feed("theblock").url, feed("digest").url]),
    );
    await provider.refresh?.();
    expect(recoveries()).toHaveLength(3);
    expect(warnings()).toHaveLength(3);
  });

  it("rejects a refresh only when every feed failed, and keeps serving what it read before", async () => {
    const provider = open(["cointelegraph", "zh"]);
    await provider.refresh?.();
    const before = await provider.latest({ limit: 100 });
    expect(before.items).toHaveLength(10);
    serve("cointelegraph", { status: 503, body: "down" });
    serve("zh", { status: 200, body: "<html><body>Service unavailable</body></html>" });
    await expect(provider.refresh?.()).rejects.toThrow(/every news feed failed/);
    expect(await provider.latest({ limit: 100 })).toEqual(before);

    serveFixture("zh");
    await expect(provider.refresh?.()).resolves.toBeUndefined();
  });

  it("rejects the first refresh when no feed can be read", async () => {
    serve("cointelegraph", { status: 404, body: "not found" });
    const provider = open(["cointelegraph"]);
    await expect(provider.refresh?.()).rejects.toThrow(/every news feed failed/);
    expect(await provider.latest()).toEqual({ items: [], next: null });
  });

  it("opens a feed's circuit after repeated failures: no request reaches it until half-open", async () => {
    // the circuit breaker reads Date.now(): only the date is faked, the stand-in and the client run as usual
    vi.useFakeTimers({ toFake: ["Date"] });
    serve("theblock", { status: 500, body: "error" });
    const provider = open(["cointelegraph", "theblock"], { upstream: { breakerFailures: 2, halfOpenAfterMs: 250 } });
    await provider.refresh?.();
    await provider.refresh?.();
    expect(asked("theblock")).toBe(2);
    // open: the feed is not asked, the other one is
    await provider.refresh?.();
    await provider.refresh?.();
    expect(asked("theblock")).toBe(2);
    expect(asked("cointelegraph")).toBe(4);
    expect(warnings()).toEqual([expect.objectContaining({ feed: feed("theblock").url, kind: "http" })]);

    // still open until its 250 ms are over
    serveFixture("theblock");
    vi.advanceTimersByTime(249);
    await provider.refresh?.();
    expect(asked("theblock")).toBe(2);

    // half-open: one trial, which succeeds and closes the circuit
    vi.advanceTimersByTime(1);
    await provider.refresh?.();
    expect(asked("theblock")).toBe(3);
    expect(recoveries()).toEqual([expect.objectContaining({ feed: feed("theblock").url })]);
    expect(await everything(provider)).toHaveLength(12);
  });

  it("asks each feed at exactly its URL, query and trailing slash included, one refresh at a time", async () => {
    replies.set("/feed", () => xml(fixture("zh.rss.xml")));
    replies.set("/arc/outboundfeeds/rss/", () => xml(fixture("cointelegraph.rss.xml")));
    const provider = openRssNews({
      feeds: [
        { url: `${standIn.url}/feed?lang=zh&count=4`, language: "zh" },
        { url: `${standIn.url}/arc/outboundfeeds/rss/`, language: "en" },
      ],
      clock,
      logger: logger(),
    });
    await Promise.all([provider.refresh?.(), provider.refresh?.()]);
    expect([...standIn.requests].sort()).toEqual(["/arc/outboundfeeds/rss/", "/feed?lang=zh&count=4"]);
    expect(await everything(provider)).toHaveLength(10);
  });

  it("refuses to open without feeds", () => {
    expect(() => openRssNews({ feeds: [], clock, logger: logger() })).toThrow(/no feeds/);
  });
});
