import { beforeAll, describe, expect, it } from "vitest";
import { loadHeadlines, parseHeadlines } from "./headlines.ts";
import type { NewsItem } from "./news-provider.ts";

let items: NewsItem[];
beforeAll(async () => {
  items = await loadHeadlines();
});

const find = (title: string) => items.find((item) => item.title === title);

describe("the shipped headlines", () => {
  it("are unique, English and newest first, with their real dates", () => {
    expect(items.length).toBeGreaterThan(3000);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(new Set(items.map((item) => item.title.toLowerCase())).size).toBe(items.length);
    expect(new Set(items.map((item) => item.language))).toEqual(new Set(["en"]));
    const times = items.map((item) => Date.parse(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.at(-1)?.publishedAt).toBe("2021-01-29T08:01:27.633Z");
    expect(items[0]?.publishedAt).toBe("2025-02-07T14:30:00.000Z");
  });

  it("read the cryptopanic French-locale dates by their offset, in winter and in summer", () => {
    // "Fri Feb 07 2025 08:29:27 GMT+0100 (heure normale d’Europe centrale)"
    expect(find("Binance Report: Crypto ETFs Surge as Meme Coins Hit Record Numbers")).toMatchObject({
      publishedAt: "2025-02-07T07:29:27.000Z",
      source: "coinpaprika.com",
      votes: { positive: 10, important: 8, like: 9, saves: 6 },
    });
    // "Sat Sep 21 2024 21:50:12 GMT+0200 (heure d’été d’Europe centrale)"; also in the sznmelvin file with a link
    expect(
      find("Pundit Predicts An ‘I Told You So Moment’ For Cardano As Price Signals $31 ADA Price Rocket"),
    ).toMatchObject({
      publishedAt: "2024-09-21T19:50:12.000Z",
      url: "https://zycrypto.com/pundit-predicts-an-i-told-you-so-moment-for-cardano-as-price-signals-surge-to-31-ada-price/",
    });
  });

  it("keep the other sources' dates and fields", () => {
    expect(find("Cryptoverse: Big investors edge back to bitcoin")).toMatchObject({
      source: "Reuters",
      publishedAt: "2023-01-31T06:19:30.343Z",
      content: "Big investors are dipping their toes into crypto waters again after a bumper month for bitcoin.",
      url: null,
    });
    const microStrategy = find(
      "MicroStrategy Buys Additional 11,930 BTC, Fibonacci Analysis Hints At $160K Bitcoin Price Peak",
    );
    expect(microStrategy).toMatchObject({ source: "NewsBTC", publishedAt: "2024-06-20T19:00:58.000Z" });
    expect(microStrategy?.content?.length).toBeLessThanOrEqual(600);
  });
});

describe("parsing headline lines", () => {
  const line = {
    id: "0123456789ab",
    title: "A",
    content: null,
    url: null,
    source: "S",
    publishedAt: "2025-01-01T00:00:00.000Z",
    language: "en",
    votes: null,
    origin: "test",
  };

  it("drops the origin, which only the provenance needs", () => {
    expect(parseHeadlines(`${JSON.stringify(line)}\n\n`, "x")).toEqual([
      {
        id: "0123456789ab",
        title: "A",
        content: null,
        url: null,
        source: "S",
        publishedAt: line.publishedAt,
        language: "en",
        votes: null,
      },
    ]);
  });

  it("names the line of an invalid record", () => {
    const bad = JSON.stringify({ ...line, publishedAt: "yesterday" });
    expect(() => parseHeadlines(`${JSON.stringify(line)}\n${bad}\n`, "h.jsonl")).toThrow(/h.jsonl:2/);
  });
});
