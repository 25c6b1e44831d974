import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newsItemSchema, newsListDataSchema } from "../../src/contract/news.ts";
import { manualTimers } from "../../src/server/providers/timers.ts";
import { type StandIn, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/**
 * NEWS_PROVIDER=auto against a loopback stand-in for an RSS feed that answers, stops answering (503), and answers
 * again: the lists follow (feeds -> archive -> feeds) and no answer is an error. The background probe is fired
 * through the server's timers; nothing waits on the wall clock.
 */

const FEED = readFileSync(
  new URL("../../src/server/providers/news/fixtures/cointelegraph.rss.xml", import.meta.url),
  "utf8",
);
/** the newest item of the fixture feed */
const NEWEST_IN_FEED = "Nigerian SEC announces new rules, compliance program for digital assets";

const feed = { up: true };
const timers = manualTimers();

let feeds: StandIn;
let db: TestDatabase;
let srv: TestServer;
beforeAll(async () => {
  feeds = await startStandIn(({ path }) => {
    if (!feed.up) return { status: 503, body: "unavailable" };
    return path === "/rss" ? { headers: { "content-type": "application/rss+xml" }, body: FEED } : undefined;
  });
  db = await createTestDatabase();
  srv = await startTestServer(
    {
      ...db.env,
      NEWS_PROVIDER: "auto",
      NEWS_FEEDS: `${feeds.url}/rss`,
      // refreshes come from the switches and the test, not from a timer running meanwhile
      NEWS_REFRESH_SECONDS: "3600",
      NEWS_PROBE_SECONDS: "60",
    },
    { timers },
  );
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await feeds?.close();
});

/** every answer of the test must be a success: a switch never shows as an error */
async function ok(path: string) {
  const res = await call(srv.url, path);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  expect(res.json?.code).toBe(200);
  return res.json?.data;
}
const latest = async () => newsListDataSchema.parse(await ok("/news/real/time?pageSize=50"));

async function expectFeeds() {
  const list = await latest();
  expect(list.mode).toBe("live");
  expect(list.list[0]?.title).toBe(NEWEST_IN_FEED);
  expect(newsListDataSchema.parse(await ok("/data/board/news")).mode).toBe("live");
  expect(srv.server.sources.news()).toBe("live");
  return list;
}

async function expectArchive() {
  const list = await latest();
  expect(list.mode).toBe("archive");
  expect(list.list.length).toBeGreaterThan(0);
  expect(list.list.map((item) => item.title)).not.toContain(NEWEST_IN_FEED);
  expect(newsListDataSchema.parse(await ok("/data/board/news")).mode).toBe("archive");
  expect(srv.server.sources.news()).toBe("archive");
}

const switchLines = () =>
  srv.logs.filter((line) => line.source === "news").map((line) => ({ level: line.level, msg: line.msg }));

describe("auto news (the RSS feeds while they answer, else the shipped archive)", () => {
  let opened: string | undefined;

  it("starts on the feeds when they answer", async () => {
    const list = await expectFeeds();
    opened = list.list[0]?.code;
    expect(srv.logs.filter((line) => line.msg === "live sources answer; serving them")).toHaveLength(1);
  });

  it("serves the archive when the feed stops answering, and still opens an item read from the feed", async () => {
    feed.up = false;
    await srv.server.sources.check();
    await expectArchive();
    const detail = newsItemSchema.parse(await ok(`/news/detail?code=${opened}`));
    expect(detail.title).toBe(NEWEST_IN_FEED);
    expect(switchLines()).toEqual([{ level: 40, msg: "news: the news feeds failing; serving the archive" }]);
    const line = srv.logs.find((entry) => entry.source === "news");
    expect(line?.reason).toMatch(/^every news feed failed \(1\); first: rss 127\.0\.0\.1:\d+: answered 503/);
    expect(line).not.toHaveProperty("err");
  });

  it("goes back to the feeds when the background probe finds them again", async () => {
    feed.up = true;
    timers.advance(59_000);
    await expectArchive();
    timers.advance(1_000);
    // the probe reads every feed: its limit is for a loaded machine
    await vi.waitFor(async () => expect(srv.server.sources.news()).toBe("live"), { timeout: 30_000, interval: 20 });
    await srv.server.sources.check();
    await expectFeeds();
    expect(switchLines().map((line) => line.level)).toEqual([40, 30]);
    expect(srv.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
