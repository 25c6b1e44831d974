import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyHotDataSchema, hotWordsDataSchema, newsItemSchema, newsListDataSchema } from "../../src/contract/news.ts";
import { type StandIn, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/** Live news: the server polls RSS feeds, here a loopback stand-in serving the adapter's fixtures. */

const fixture = (name: string) =>
  readFileSync(new URL(`../../src/server/providers/news/fixtures/${name}`, import.meta.url), "utf8");
const FEEDS: Record<string, string> = { "/rss": fixture("cointelegraph.rss.xml"), "/zh.xml": fixture("zh.rss.xml") };
const CJK = /[\u4e00-\u9fff]/;

let feeds: StandIn;
let db: TestDatabase;
let srv: TestServer;
beforeAll(async () => {
  feeds = await startStandIn(({ path }) => {
    const body = FEEDS[path];
    return body === undefined ? undefined : { headers: { "content-type": "application/rss+xml" }, body };
  });
  db = await createTestDatabase();
  srv = await startTestServer({
    ...db.env,
    NEWS_PROVIDER: "rss",
    NEWS_FEEDS: `${feeds.url}/rss,zh=${feeds.url}/zh.xml`,
  });
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await feeds?.close();
});

const list = async (path: string) => newsListDataSchema.parse((await call(srv.url, path)).json?.data);

describe("news from live feeds", () => {
  it("lists the feeds' items newest first in each language, and one item by code", async () => {
    const en = await list("/news/real/time?pageSize=50");
    expect(en.mode).toBe("live");
    expect(en.list.map((item) => item.title)).toEqual([
      "Nigerian SEC announces new rules, compliance program for digital assets",
      "New AI portfolio management tool coming to PancakeSwap",
      "Ether and altcoin price outlook positive after SEC drops investigation",
      "Why is Bitcoin price down today?",
      "Customers protest exchange bankruptcy plan: ‘We never gave FTX our coins!’",
      "What is Tether’s gold-backed stablecoin, ‘Alloy’ (aUSD₮)?",
    ]);
    expect(en.list[0]).toMatchObject({
      createTime: "2024-06-21T14:15:30.000Z",
      source: "Cointelegraph.com News",
      url: "https://cointelegraph.com/news/nigerian-sec-announces-new-rules-compliance-program-for-digital-assets",
      article_pic_url: null,
    });

    const cn = await list("/news/real/time?pageSize=50&language=cn");
    expect(cn.list).toHaveLength(4);
    for (const item of cn.list) expect(item.title).toMatch(CJK);
    const times = cn.list.map((item) => Date.parse(item.createTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const [item] = cn.list;
    const detail = await call(srv.url, `/news/detail?code=${item?.code}`);
    expect(newsItemSchema.parse(detail.json?.data)).toEqual(item);
    expect((await call(srv.url, "/news/detail?code=000000000000")).status).toBe(404);
  });

  it("answers the hot lists and hot words from the feeds", async () => {
    const daily = dailyHotDataSchema.parse((await call(srv.url, "/news/daily/hot")).json?.data);
    expect(daily.en_news.length).toBeGreaterThan(0);
    expect(daily.cn_news.length).toBeGreaterThan(0);
    for (const item of daily.cn_news) expect(item.title).toMatch(CJK);
    for (const item of daily.en_news) expect(item.title).not.toMatch(CJK);

    // every hot word is repeated by at least two of the feeds' items (all of them within the day, so by count alone)
    const words = hotWordsDataSchema.parse((await call(srv.url, "/word/hot/get")).json?.data);
    const items = [
      ...(await list("/news/real/time?pageSize=50")).list,
      ...(await list("/news/real/time?pageSize=50&language=cn")).list,
    ];
    expect(words.list.length).toBeGreaterThan(0);
    for (const word of words.list.filter((w) => w.type === "news")) {
      const holding = items.filter((item) =>
        `${item.title} ${item.content ?? ""}`.toLowerCase().includes(word.text.toLowerCase()),
      );
      expect(holding.length, word.text).toBeGreaterThanOrEqual(2);
    }
    expect(words.list.map((word) => word.text)).toContain("Exchange");
    expect((await list("/data/board/news")).list).toHaveLength(3);
  });
});
