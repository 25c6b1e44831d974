import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { HEADLINE_COLUMNS, headlineId, headlinesFile, loadHeadlines, parseHeadlines } from "./headlines.ts";
import type { NewsItem } from "./news-provider.ts";

let items: NewsItem[];
beforeAll(async () => {
  items = await loadHeadlines();
});

const find = (title: string) => items.find((item) => item.title === title);

/** The shared file the archive is built from (news/2026q1/news.jsonl); the cross-checks run where it is present. */
const SHARED_NEWS = fileURLToPath(new URL("../../../../../shared/data/news/2026q1/news.jsonl", import.meta.url));
const sharedLines = () =>
  readFileSync(SHARED_NEWS, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { published_at: string; title: string; coins: string[]; url: string | null });

describe("the shipped headlines", () => {
  it("are the 2026 Q1 archive: unique, English, newest first, with their real dates", () => {
    expect(items).toHaveLength(4824);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(new Set(items.map((item) => item.language))).toEqual(new Set(["en"]));
    const times = items.map((item) => Date.parse(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.at(-1)?.publishedAt).toBe("2026-01-01T00:00:34.000Z");
    expect(items[0]?.publishedAt).toBe("2026-03-31T23:21:27.000Z");
  });

  it("keep each item's source, coin tags, summary and link as the shared file has them", () => {
    expect(find("CFTC director who made Bitcoin futures possible returns as chief of staff")).toEqual({
      id: headlineId("CFTC director who made Bitcoin futures possible returns as chief of staff"),
      publishedAt: "2026-01-01T01:49:03.000Z",
      language: "en",
      source: "Cointelegraph",
      coins: ["BTC"],
      title: "CFTC director who made Bitcoin futures possible returns as chief of staff",
      content:
        "Amir Zaidi’s return signals a strengthening of crypto oversight as the agency prepares for new digital asset laws.",
      url: null,
    });
    expect(find("Failure is an option in crypto finance")).toMatchObject({
      source: "Blockworks",
      url: "https://blockworks.com/news/failure-is-an-option",
      coins: [],
    });
  });

  it.skipIf(!existsSync(SHARED_NEWS))("hold every item of the shared file at its time, with its tags and link", () => {
    const shared = sharedLines();
    const byTime = new Map(items.map((item) => [`${item.publishedAt}|${item.id}`, item]));
    expect(shared).toHaveLength(items.length);
    for (const line of shared) {
      const item = byTime.get(`${new Date(line.published_at).toISOString()}|${headlineId(line.title)}`);
      expect(item?.coins).toEqual(line.coins);
      expect(item?.url).toBe(line.url);
    }
  });

  it.skipIf(!existsSync(SHARED_NEWS))("clean invisible characters out of titles, so ids do not depend on them", () => {
    const raw = sharedLines().find((line) => line.title.startsWith("\u200B"));
    expect(raw).toBeDefined();
    const title = raw?.title.replace(/\u200B/g, "") ?? "";
    expect(find(title)?.id).toBe(headlineId(title));
  });
});

describe("the headline file's layout", () => {
  const record: NewsItem = {
    id: "0123456789ab",
    publishedAt: "2026-01-01T00:00:00.000Z",
    language: "en",
    source: "S",
    coins: ["BTC"],
    title: "A",
    content: null,
    url: null,
  };

  it("names its columns once, then holds one array per headline, and reads back as written", () => {
    const text = headlinesFile([record]);
    expect(text).toBe(
      `${JSON.stringify(HEADLINE_COLUMNS)}\n["0123456789ab","2026-01-01T00:00:00.000Z","en","S",["BTC"],"A",null,null]\n`,
    );
    expect(parseHeadlines(`${text}\n`, "x")).toEqual([record]);
  });

  it("refuses another column line, and names the line of an invalid record", () => {
    expect(() => parseHeadlines('["id","title"]\n', "h.jsonl")).toThrow(/h.jsonl:1/);
    const bad = headlinesFile([record, { ...record, publishedAt: "yesterday" }]);
    expect(() => parseHeadlines(bad, "h.jsonl")).toThrow(/h.jsonl:3/);
    const short = `${JSON.stringify(HEADLINE_COLUMNS)}\n["0123456789ab"]\n`;
    expect(() => parseHeadlines(short, "h.jsonl")).toThrow(/h.jsonl:2: expected an array of 8 values/);
  });
});
