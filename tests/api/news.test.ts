import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dailyHotDataSchema,
  hotWordsDataSchema,
  newsItemSchema,
  newsListDataSchema,
  weeklyHotDataSchema,
} from "../../src/contract/news.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Row {
  id: string;
  time: number;
  coins: string[];
  title: string;
  url: string | null;
}

/** The shipped archive, newest first: what every answer must agree with. */
const ROWS: Row[] = readFileSync(new URL("../../data/news/headlines.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const [id, publishedAt, , , coins, title, , url] = JSON.parse(line) as [
      string,
      string,
      string,
      string,
      string[],
      string,
      string | null,
      string | null,
    ];
    return { id, time: Date.parse(publishedAt), coins, title, url };
  });

/** The replay starts 1 ms before this item is published: the first published after noon of 2026-03-10. */
const TARGET = ROWS.filter((row) => row.time > Date.parse("2026-03-10T12:00:00Z")).at(-1) as Row;
const START = TARGET.time - 1;
const visibleAt = (time: number) => ROWS.filter((row) => row.time <= time);

let db: TestDatabase;
let srv: TestServer;
const wall = manualClock(new Date("2030-01-01T00:00:00Z"));
beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer({ ...db.env, MARKET_REPLAY_START: new Date(START).toISOString() }, { clock: wall });
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

const get = async (path: string) => (await call(srv.url, path)).json?.data;
const list = async (path: string) => newsListDataSchema.parse(await get(path));

describe("news from the archive, against the replay clock", () => {
  it("shows an item only once market time reaches its publication", async () => {
    expect(TARGET.url).toBeNull();
    const before = await list("/news/real/time?pageSize=5");
    expect(before.mode).toBe("archive");
    expect(before.list.map((item) => item.code)).toEqual(
      visibleAt(START)
        .slice(0, 5)
        .map((row) => row.id),
    );
    expect(before.list.map((item) => item.code)).not.toContain(TARGET.id);
    const hidden = await call(srv.url, `/news/detail?code=${TARGET.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.json?.code).toBe(1001);

    wall.advance(1);
    const after = await list("/news/real/time?pageSize=5");
    expect(after.list[0]?.code).toBe(TARGET.id);
    // an item without a link: its detail says so with url null, and carries its summary and coin tags
    const detail = newsItemSchema.parse(await get(`/news/detail?code=${TARGET.id}`));
    expect(detail).toEqual(after.list[0]);
    expect(detail).toMatchObject({
      title: TARGET.title,
      url: null,
      createTime: new Date(TARGET.time).toISOString(),
      language: "en",
      coins: TARGET.coins,
    });
    expect(detail.content).toEqual(expect.any(String));
  });

  it("pages newest first by cursor, without overlap, and refuses a foreign cursor", async () => {
    const first = await list("/news/real/time?pageSize=5");
    const second = await list(`/news/real/time?pageSize=5&cursor=${encodeURIComponent(first.next ?? "")}`);
    expect([...first.list, ...second.list].map((item) => item.code)).toEqual(
      visibleAt(TARGET.time)
        .slice(0, 10)
        .map((row) => row.id),
    );
    for (const item of first.list) expect(item.article_pic_url).toBeNull();
    const bad = await call(srv.url, "/news/real/time?cursor=nonsense");
    expect(bad.json).toMatchObject({ code: 1001, data: { field: "cursor", key: "invalidValue" } });
  });

  it("answers Chinese readers with the English items, each marked English", async () => {
    const english = await list("/news/real/time?pageSize=5");
    const chinese = await list("/news/real/time?pageSize=5&language=cn");
    expect(chinese).toEqual(english);
    for (const item of chinese.list) expect(item.language).toBe("en");
  });

  it("lists a coin's news: only items tagged with it, newest first, visible at market time", async () => {
    const eth = await list("/news/real/time?coinAbbr=eth&pageSize=20");
    const expected = visibleAt(TARGET.time)
      .filter((row) => row.coins.includes("ETH"))
      .slice(0, 20);
    expect(eth.list.map((item) => item.code)).toEqual(expected.map((row) => row.id));
    for (const item of eth.list) expect(item.coins).toContain("ETH");
    const next = await list(`/news/real/time?coinAbbr=ETH&pageSize=20&cursor=${encodeURIComponent(eth.next ?? "")}`);
    for (const item of next.list) expect(item.coins).toContain("ETH");
    // searching within the coin
    const searched = await list("/news/real/time?coinAbbr=BTC&keyword=etf&pageSize=5");
    for (const item of searched.list) {
      expect(item.coins).toContain("BTC");
      expect(`${item.title} ${item.content ?? ""}`.toLowerCase()).toMatch(/\betf/);
    }
    // a coin nothing is tagged with: an empty list, not an error
    expect((await list("/news/real/time?coinAbbr=ZZZZ")).list).toEqual([]);
    const bad = await call(srv.url, "/news/real/time?coinAbbr=B%24C");
    expect(bad.json).toMatchObject({ code: 1001, data: { field: "coinAbbr", key: "invalidValue" } });
  });

  it("gives hot words from the last day's items: a term that day repeats, unusual in the archive, is among them", async () => {
    const { list: words, from, to } = hotWordsDataSchema.parse(await get("/word/hot/get"));
    expect(to).toBe(new Date(TARGET.time).toISOString());
    expect(from).toBe(new Date(TARGET.time - DAY).toISOString());
    // from the data file: the title word in most of the day's items among those at least 5 times as frequent
    // there as in the whole archive visible now
    const all = visibleAt(TARGET.time);
    const day = all.filter((row) => row.time > TARGET.time - DAY);
    const titleWords = (row: Row) => new Set(row.title.toLowerCase().match(/[a-z]{4,}/g) ?? []);
    const count = (rows: Row[]) => {
      const counts = new Map<string, number>();
      for (const row of rows) for (const word of titleWords(row)) counts.set(word, (counts.get(word) ?? 0) + 1);
      return counts;
    };
    const inDay = count(day);
    const inAll = count(all);
    const [frequent] = [...inDay]
      .filter(([word, n]) => n >= 3 && n / day.length >= (5 * (inAll.get(word) ?? 0)) / all.length)
      .sort((a, b) => b[1] - a[1]);
    expect(frequent).toBeDefined();
    const news = words.filter((word) => word.type === "news");
    expect(news.map((word) => word.text.toLowerCase())).toContain(frequent?.[0]);
    expect(news.map((word) => word.weight)).toEqual([...news.map((word) => word.weight)].sort((a, b) => b - a));
    for (const word of news) expect(word.content).toBe(word.text);
    for (const question of words.filter((word) => word.type === "question")) {
      expect(question.content).toMatch(/^What moved [A-Z0-9]+ today\?$/);
    }
  });

  it("ranks the week's hot news by score, from the week's items only; the day's and the hot list likewise", async () => {
    const weekly = weeklyHotDataSchema.parse(await get("/news/weekly/hot"));
    expect(weekly).toMatchObject({
      mode: "archive",
      from: new Date(TARGET.time - 7 * DAY).toISOString(),
      to: new Date(TARGET.time).toISOString(),
    });
    expect(weekly.list).toHaveLength(20);
    const scores = weekly.list.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(weekly.list[0]?.score).toBeGreaterThan(0);
    expect(weekly.list[0]?.terms.length).toBeGreaterThan(0);
    for (const item of weekly.list) {
      const time = Date.parse(item.createTime);
      expect(time).toBeGreaterThan(TARGET.time - 7 * DAY);
      expect(time).toBeLessThanOrEqual(TARGET.time);
    }
    const hot = await list("/news/hot/list?pageSize=3");
    expect(hot.list.map((item) => item.code)).toEqual(weekly.list.slice(0, 3).map((item) => item.code));
    const more = await list(`/news/hot/list?pageSize=3&cursor=${hot.next}`);
    expect(more.list.map((item) => item.code)).toEqual(weekly.list.slice(3, 6).map((item) => item.code));

    const daily = dailyHotDataSchema.parse(await get("/news/daily/hot"));
    expect(daily.en_news).toHaveLength(10);
    for (const item of daily.en_news) expect(Date.parse(item.createTime)).toBeGreaterThan(TARGET.time - DAY);
    // no Chinese items in the archive: cn_news holds the English ones, marked English
    expect(daily.cn_news).toEqual(daily.en_news);
    for (const item of daily.cn_news) expect(item.language).toBe("en");

    const board = await list("/data/board/news");
    expect(board.list).toEqual((await list("/news/real/time?pageSize=3")).list);
  });
});
