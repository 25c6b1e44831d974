import { beforeEach, describe, expect, it } from "vitest";
import { capturingLogger } from "../log-capture.ts";
import { manualTimers } from "../timers.ts";
import { type AutoNews, openAutoNews } from "./auto-news.ts";
import type { NewsItem, NewsProvider } from "./news-provider.ts";

const item = (id: string, title: string, publishedAt: string): NewsItem => ({
  id,
  title,
  content: null,
  url: null,
  source: "test",
  publishedAt,
  language: "en",
  coins: [],
});
const archived = item("a1", "Archived headline", "2025-11-17T08:00:00.000Z");
const fresh = item("f1", "Fresh headline", "2026-03-31T00:10:00.000Z");

/** A fixed list of items behind the port. */
function listOf(kind: NewsProvider["kind"], items: () => NewsItem[]): NewsProvider {
  return {
    kind,
    latest: async (query) => ({ items: items().slice(0, query?.limit ?? 20), next: null }),
    search: async (query) => items().filter((i) => i.title.toLowerCase().includes(query.toLowerCase())),
    get: async (id) => items().find((i) => i.id === id),
  };
}

/** Feeds that answer while `up`; what they gave stays readable after they fail, as the RSS adapter keeps it. */
function fakeFeeds() {
  const state = { up: true, empty: false, refreshes: 0 };
  let kept: NewsItem[] = [];
  const provider: NewsProvider = {
    ...listOf("live", () => kept),
    async refresh() {
      state.refreshes += 1;
      if (!state.up)
        throw new AggregateError([new Error("rss feeds.test: fetch failed")], "every news feed failed (1)");
      kept = state.empty ? [] : [fresh];
    },
  };
  return { provider, state };
}

let feeds: ReturnType<typeof fakeFeeds>;
let timers: ReturnType<typeof manualTimers>;
let logs: Record<string, unknown>[];
let switches: string[];
let news: AutoNews;

beforeEach(() => {
  feeds = fakeFeeds();
  timers = manualTimers();
  logs = [];
  switches = [];
  news = openAutoNews({
    archive: listOf("archive", () => [archived]),
    live: feeds.provider,
    timers,
    logger: capturingLogger(logs),
    probeEveryMs: 60_000,
    onSwitch: (kind) => switches.push(kind),
  });
});

describe("auto news (the feeds when they answer, else the archive)", () => {
  it("serves the feeds when the probe finds them", async () => {
    expect(await news.probe()).toEqual({ live: true });
    expect(news.kind).toBe("live");
    expect((await news.latest()).items).toEqual([fresh]);
  });

  it("serves the archive when no feed answers, or the feeds hold nothing", async () => {
    feeds.state.up = false;
    expect(await news.probe()).toEqual({
      live: false,
      reason: "every news feed failed (1); first: rss feeds.test: fetch failed",
    });
    expect(news.kind).toBe("archive");
    expect((await news.latest()).items).toEqual([archived]);

    feeds.state.up = true;
    feeds.state.empty = true;
    expect(await news.probe()).toEqual({ live: false, reason: "the news feeds hold no item" });
    expect(news.kind).toBe("archive");
  });

  it("falls back to the archive within the refresh in which every feed fails, without rejecting", async () => {
    await news.probe();
    feeds.state.up = false;
    await expect(news.refresh?.()).resolves.toBeUndefined();
    expect(news.kind).toBe("archive");
    expect((await news.latest()).items).toEqual([archived]);
    expect(switches).toEqual(["archive"]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      level: 40,
      source: "news",
      msg: "news: the news feeds failing; serving the archive",
    });
    // an item a reader opened from the feeds' list is still found
    expect(await news.get(fresh.id)).toEqual(fresh);
  });

  it("asks the feeds again in the background while the archive serves, and switches back", async () => {
    feeds.state.up = false;
    await news.probe();
    news.start();
    feeds.state.up = true;
    timers.advance(59_999);
    expect(news.kind).toBe("archive");
    timers.advance(1);
    await news.probe(); // the background probe in flight
    expect(news.kind).toBe("live");
    expect(switches).toEqual(["live"]);
    expect((await news.latest()).items).toEqual([fresh]);
    expect(await news.get(archived.id)).toEqual(archived);

    const refreshes = feeds.state.refreshes;
    timers.advance(10 * 60_000);
    expect(feeds.state.refreshes).toBe(refreshes);
    news.stop();
    expect(timers.pending).toBe(0);
  });
});
