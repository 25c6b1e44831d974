import { readFileSync } from "node:fs";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewsItemData } from "../../../contract/news.ts";
import { manualClock } from "../../providers/clock.ts";
import type { NewsItem } from "../../providers/news/news-provider.ts";
import { createReplayNews } from "../../providers/news/replay-news.ts";
import { openRssNews, type RssFeed } from "../../providers/news/rss-news.ts";
import { createMemoryPubSub, type PubSub } from "../../providers/pubsub.ts";
import { type StandIn, type StandInReply, startStandIn } from "../../providers/upstream/stand-in.ts";
import { createNewsService, NEWS_CHANNEL, type NewsListQuery, type NewsService } from "./news.service.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../../providers/news/fixtures/${name}`, import.meta.url), "utf8");
const xml = (body: string): StandInReply => ({ headers: { "content-type": "application/rss+xml" }, body });

const query = (overrides: Partial<NewsListQuery> = {}): NewsListQuery => ({
  language: "en",
  type: "news",
  pageSize: 50,
  ...overrides,
});
const titles = (list: readonly NewsItemData[]) => list.map((item) => item.title);
const CJK = /[\u4e00-\u9fff]/;

let standIn: StandIn;
let replies: Map<string, StandInReply>;
let pubsub: PubSub;
let service: NewsService | undefined;
const clock = manualClock();

const start = (feeds: readonly RssFeed[]) => {
  service = createNewsService({
    provider: openRssNews({ feeds, clock, logger: pino({ level: "silent" }), upstream: { retries: 0 } }),
    logger: pino({ level: "silent" }),
    pubsub,
    coins: () => [{ symbol: "BTC", name: "Bitcoin" }],
    refreshMs: 60_000,
  });
  return service;
};
const en = () => ({ url: `${standIn.url}/rss`, language: "en" as const });
const zh = () => ({ url: `${standIn.url}/zh.xml`, language: "zh" as const });

beforeEach(async () => {
  clock.set(new Date("2024-06-21T18:00:00Z"));
  replies = new Map([
    ["/rss", xml(fixture("cointelegraph.rss.xml"))],
    ["/zh.xml", xml(fixture("zh.rss.xml"))],
  ]);
  standIn = await startStandIn(({ path }) => replies.get(path));
  pubsub = createMemoryPubSub();
});
afterEach(async () => {
  await service?.stop();
  await pubsub.close();
  await standIn.close();
});

describe("the news service over live feeds", () => {
  it("publishes an item that appears in a feed on a later refresh", async () => {
    const news = start([en(), zh()]);
    const pushed: NewsItemData[] = [];
    await pubsub.subscribe(NEWS_CHANNEL, (message) => pushed.push(JSON.parse(message) as NewsItemData));
    await news.refresh();
    expect(pushed).toEqual([]);
    expect((await news.realTime(query())).mode).toBe("live");

    // Cointelegraph's real 15:44:51 UTC story of that day, newer than anything read before
    const fresh = `<item><title><![CDATA[ How to growth hack Web3 marketing like an OG ]]></title>
      <link>https://cointelegraph.com/news/how-to-growth-hack-web3-marketing-like-an-og</link>
      <pubDate>Fri, 21 Jun 2024 16:44:51 +0100</pubDate>
      <description><![CDATA[<p>The world of crypto, blockchain and the wider Web3 space has been expanding and doing so at rapid speed.</p>]]></description></item>`;
    replies.set("/rss", xml(fixture("cointelegraph.rss.xml").replace("<item>", `${fresh}<item>`)));
    await news.refresh();
    expect(pushed).toEqual([
      expect.objectContaining({
        title: "How to growth hack Web3 marketing like an OG",
        createTime: "2024-06-21T15:44:51.000Z",
        source: "Cointelegraph.com News",
        url: "https://cointelegraph.com/news/how-to-growth-hack-web3-marketing-like-an-og",
      }),
    ]);
    expect((await news.realTime(query({ pageSize: 1 }))).list[0]?.title).toBe(
      "How to growth hack Web3 marketing like an OG",
    );

    // nothing new: nothing pushed
    await news.refresh();
    expect(pushed).toHaveLength(1);
  });

  it("answers cn with the Chinese feeds' items and en with the English ones", async () => {
    const news = start([en(), zh()]);
    await news.refresh();
    const cn = await news.realTime(query({ language: "cn" }));
    expect(cn.list).toHaveLength(4);
    for (const title of titles(cn.list)) expect(title).toMatch(CJK);
    const english = await news.realTime(query({ language: "en" }));
    expect(english.list).toHaveLength(6);
    for (const title of titles(english.list)) expect(title).not.toMatch(CJK);

    // paging a language by its cursor
    const first = await news.realTime(query({ language: "cn", pageSize: 3 }));
    const second = await news.realTime(query({ language: "cn", pageSize: 3, cursor: first.next ?? "" }));
    expect([...titles(first.list), ...titles(second.list)]).toEqual(titles(cn.list));
    expect(second.next).toBeNull();

    // search and the hot lists keep to the language too
    expect(titles((await news.realTime(query({ language: "cn", keyword: "USDT" }))).list)).toEqual([
      "紧急提醒：有攻击者在大批量尝试TON链USDT假充值，请交易所注意防范",
    ]);
    for (const title of titles((await news.hotList(query({ language: "cn", type: "hot" }))).list)) {
      expect(title).toMatch(CJK);
    }
    const daily = await news.dailyHot();
    expect(daily.cn_news).toHaveLength(4);
    expect(daily.en_news).toHaveLength(6);
    for (const item of daily.cn_news) expect(item).toMatchObject({ title: expect.stringMatching(CJK), language: "cn" });
    for (const item of daily.en_news)
      expect(item).toMatchObject({ title: expect.not.stringMatching(CJK), language: "en" });
  });

  it("answers a language the feeds do not carry with every item", async () => {
    const news = start([en()]);
    await news.refresh();
    const english = await news.realTime(query({ language: "en" }));
    expect(english.list).toHaveLength(6);
    expect(await news.realTime(query({ language: "cn" }))).toEqual(english);
    // each item says it is English
    for (const item of english.list) expect(item.language).toBe("en");
    const daily = await news.dailyHot();
    expect(daily.cn_news).toEqual(daily.en_news);
  });

  it("starts with every feed down, then serves them once they answer", async () => {
    replies.clear();
    const news = start([en(), zh()]);
    await news.start();
    await expect(news.realTime(query())).resolves.toMatchObject({ list: [], mode: "live" });
    await expect(news.dailyHot()).rejects.toThrow(/news not available yet/);
    await expect(news.hotWords()).rejects.toThrow(/news not available yet/);
    replies.set("/rss", xml(fixture("cointelegraph.rss.xml")));
    await news.refresh();
    expect((await news.realTime(query())).list).toHaveLength(6);
  });
});

describe("the news service over the archive", () => {
  const HOUR = 3_600_000;
  const T0 = Date.parse("2026-03-01T00:00:00Z");
  const at = (hours: number) => new Date(T0 + hours * HOUR).toISOString();
  const archived = (id: number, hours: number, title: string, coins: string[] = []): NewsItem => ({
    id: id.toString(16).padStart(12, "0"),
    title,
    content: null,
    url: null,
    source: "Example",
    publishedAt: at(hours),
    language: "en",
    coins,
  });
  // a quiet week, then a day about one story
  const items = [
    archived(1, 0, "Miners expand hashrate", ["BTC"]),
    archived(2, 24, "Stablecoin supply grows"),
    archived(3, 48, "Exchange lists a stablecoin"),
    archived(4, 72, "Bitcoin miners report output", ["BTC"]),
    archived(5, 200, "Quantum computers threaten old wallets", ["BTC"]),
    archived(6, 201, "Google paper on quantum attacks"),
    archived(7, 202, "Developers answer the quantum threat", ["BTC", "ETH"]),
    archived(8, 203, "Ether gas fees fall", ["ETH"]),
  ];
  let now = T0;
  const open = () => {
    service = createNewsService({
      provider: createReplayNews({ items, visibleUntil: () => now }),
      logger: pino({ level: "silent" }),
      pubsub,
      coins: () => [
        { symbol: "BTC", name: "Bitcoin" },
        { symbol: "ETH", name: "Ethereum" },
      ],
      refreshMs: 60_000,
    });
    return service;
  };

  it("makes hot words from the last day's visible items, following the replay clock without a refresh", async () => {
    now = T0 + 199 * HOUR;
    const news = open();
    await news.refresh();
    expect((await news.hotWords()).list.map((word) => word.text)).not.toContain("Quantum");
    now = T0 + 203 * HOUR;
    const words = await news.hotWords();
    expect(words.from).toBe(at(203 - 24));
    expect(words.to).toBe(at(203));
    expect(words.list[0]).toMatchObject({ text: "Quantum", type: "news" });
    // the old week's words are outside the day
    expect(words.list.map((word) => word.text)).not.toContain("Stablecoin");
  });

  it("ranks the week by score and says why, and pages the hot list in that order", async () => {
    now = T0 + 203 * HOUR;
    const news = open();
    await news.refresh();
    const weekly = await news.weeklyHot();
    expect(weekly.from).toBe(at(203 - 7 * 24));
    // quantum (3 of the week's 6 items, 3 of all 8) and ETH (2 of 6, 2 of 8) score; BTC (3 of 6, 4 of 8) is usual;
    // equal scores go to the newer item
    expect(weekly.list.map((item) => item.code.slice(-1))).toEqual(["7", "6", "5", "8", "4", "3"]);
    expect(weekly.list.map((item) => item.score)).toEqual(
      [3 * Math.log(4 / 3), 2 * Math.log(4 / 3), 2 * Math.log(4 / 3), Math.log(4 / 3), 0, 0].map(
        (score) => Math.round(score * 100) / 100,
      ),
    );
    expect(weekly.list[0]?.terms).toContain("Quantum");
    const scores = weekly.list.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const hot = await news.hotList(query({ type: "hot", pageSize: 2 }));
    expect(hot.list.map((item) => item.code)).toEqual(weekly.list.slice(0, 2).map((item) => item.code));
    const daily = await news.dailyHot();
    expect(daily.en_news.map((item) => item.code.slice(-1))).toEqual(["7", "6", "5", "8"]);
    // no Chinese item in the archive: cn_news is the English ones, each marked English
    expect(daily.cn_news).toEqual(daily.en_news);
    for (const item of daily.cn_news) expect(item.language).toBe("en");
  });

  it("lists a coin's news newest first within the replay time", async () => {
    now = T0 + 202 * HOUR;
    const news = open();
    await news.refresh();
    const eth = await news.realTime(query({ coinAbbr: "ETH" }));
    expect(eth.list.map((item) => [item.code.slice(-1), item.coins])).toEqual([["7", ["BTC", "ETH"]]]);
    expect((await news.realTime(query({ coinAbbr: "BTC", keyword: "miners" }))).list.map((i) => i.title)).toEqual([
      "Bitcoin miners report output",
      "Miners expand hashrate",
    ]);
    expect((await news.realTime(query({ coinAbbr: "XRP" }))).list).toEqual([]);
  });
});
