import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyHotDataSchema, hotWordsDataSchema, newsItemSchema, newsListDataSchema } from "../../src/contract/news.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

let db: TestDatabase;
let srv: TestServer;
beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer(db.env);
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

const list = async (path: string) => newsListDataSchema.parse((await call(srv.url, path)).json?.data);

describe("news from the archive", () => {
  it("pages the latest news newest first by cursor, without overlap", async () => {
    const first = await list("/news/real/time?pageSize=5");
    expect(first.mode).toBe("archive");
    expect(first.list).toHaveLength(5);
    expect(first.next).toEqual(expect.any(String));
    const second = await list(`/news/real/time?pageSize=5&cursor=${encodeURIComponent(first.next ?? "")}`);
    const times = [...first.list, ...second.list].map((item) => Date.parse(item.createTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const codes = new Set([...first.list, ...second.list].map((item) => item.code));
    expect(codes.size).toBe(10);
    for (const item of first.list) expect(item.article_pic_url).toBeNull();
    // the archive is English: "cn" is answered with the same items
    expect(await list("/news/real/time?pageSize=5&language=cn")).toEqual(first);
    const bad = await call(srv.url, "/news/real/time?cursor=nonsense");
    expect(bad.json).toMatchObject({ code: 1001, data: { field: "cursor", key: "invalidValue" } });
  });

  it("searches by keyword and pages the results", async () => {
    const page = await list("/news/real/time?keyword=bitcoin&pageSize=3");
    expect(page.list).toHaveLength(3);
    for (const item of page.list) expect(`${item.title} ${item.content ?? ""}`.toLowerCase()).toContain("bitcoin");
    const next = await list(`/news/real/time?keyword=bitcoin&pageSize=3&cursor=${page.next}`);
    expect(next.list[0]?.code).not.toBe(page.list[0]?.code);
  });

  it("answers one item by code, and 404 for an unknown code", async () => {
    const [item] = (await list("/news/real/time?pageSize=1")).list;
    const detail = await call(srv.url, `/news/detail?code=${item?.code}`);
    expect(newsItemSchema.parse(detail.json?.data)).toEqual(item);
    const missing = await call(srv.url, "/news/detail?code=000000000000");
    expect(missing.status).toBe(404);
    expect(missing.json?.code).toBe(1001);
  });

  it("ranks hot news, the day's hot news and the board's top three", async () => {
    const hot = await list("/news/hot/list?pageSize=3");
    expect(hot.list).toHaveLength(3);
    const more = await list(`/news/hot/list?pageSize=3&cursor=${hot.next}`);
    expect(more.list.map((i) => i.code)).not.toContain(hot.list[0]?.code);
    const daily = dailyHotDataSchema.parse((await call(srv.url, "/news/daily/hot")).json?.data);
    expect(daily.en_news.length).toBeGreaterThan(0);
    expect(daily.cn_news).toEqual(daily.en_news);
    const day = daily.en_news[0]?.createTime.slice(0, 10);
    for (const item of daily.en_news) expect(item.createTime.slice(0, 10)).toBe(day);
    const board = await list("/data/board/news");
    expect(board.list).toHaveLength(3);
    expect(board.list).toEqual((await list("/news/real/time?pageSize=3")).list);
  });

  it("gives hot words from recent headlines and questions about the coins in them", async () => {
    const { list: words } = hotWordsDataSchema.parse((await call(srv.url, "/word/hot/get")).json?.data);
    const news = words.filter((w) => w.type === "news");
    const questions = words.filter((w) => w.type === "question");
    expect(news.length).toBeGreaterThan(5);
    expect(news.map((w) => w.weight)).toEqual([...news.map((w) => w.weight)].sort((a, b) => b - a));
    expect(news.map((w) => w.text)).toContain("Bitcoin");
    for (const w of news) expect(w.content).toBe(w.text);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) expect(q.content).toMatch(/^What moved [A-Z0-9]+ today\?$/);
    // stop words never make it
    for (const stop of ["The", "Crypto", "Price"]) expect(news.map((w) => w.text)).not.toContain(stop);
  });
});
