import { describe, expect, it } from "vitest";
import { readSharedNews } from "./news-sources.ts";

const line = {
  published_at: "2026-01-01T01:49:03Z",
  title: "CFTC director who made Bitcoin futures possible returns as chief of staff",
  source: "Cointelegraph",
  url: null,
  lang: "en",
  summary: "Amir Zaidi’s return signals a strengthening of crypto oversight.",
  coins: ["BTC"],
};

describe("reading the shared news file", () => {
  it("reads each line into a headline with its time to the millisecond", () => {
    expect(readSharedNews(`${JSON.stringify(line)}\n\n`, "news.jsonl")).toEqual([
      {
        title: line.title,
        summary: line.summary,
        url: null,
        source: "Cointelegraph",
        publishedAt: "2026-01-01T01:49:03.000Z",
        language: "en",
        coins: ["BTC"],
      },
    ]);
  });

  it("names the line that does not read", () => {
    const bad = JSON.stringify({ ...line, published_at: "New Year's Day" });
    expect(() => readSharedNews(`${JSON.stringify(line)}\n${bad}\n`, "news.jsonl")).toThrow(/news.jsonl:2/);
    const noCoins = JSON.stringify({ ...line, coins: undefined });
    expect(() => readSharedNews(noCoins, "news.jsonl")).toThrow(/news.jsonl:1/);
  });
});
