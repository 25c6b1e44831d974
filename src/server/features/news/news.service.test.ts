import { readFileSync } from "node:fs";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewsItemData } from "../../../contract/news.ts";
import { manualClock } from "../../providers/clock.ts";
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
    for (const title of titles(news.hotList(query({ language: "cn", type: "hot" })).list)) expect(title).toMatch(CJK);
    const daily = news.dailyHot();
    expect(daily.cn_news).toHaveLength(4);
    expect(daily.en_news).toHaveLength(6);
    for (const title of titles(daily.cn_news)) expect(title).toMatch(CJK);
    for (const title of titles(daily.en_news)) expect(title).not.toMatch(CJK);
  });

  it("answers a language the feeds do not carry with every item", async () => {
    const news = start([en()]);
    await news.refresh();
    const english = await news.realTime(query({ language: "en" }));
    expect(english.list).toHaveLength(6);
    expect(await news.realTime(query({ language: "cn" }))).toEqual(english);
    expect(news.dailyHot().cn_news).toEqual(news.dailyHot().en_news);
  });

  it("starts with every feed down, then serves them once they answer", async () => {
    replies.clear();
    const news = start([en(), zh()]);
    await news.start();
    await expect(news.realTime(query())).resolves.toMatchObject({ list: [], mode: "live" });
    expect(() => news.dailyHot()).toThrow(/news not available yet/);
    replies.set("/rss", xml(fixture("cointelegraph.rss.xml")));
    await news.refresh();
    expect((await news.realTime(query())).list).toHaveLength(6);
  });
});
