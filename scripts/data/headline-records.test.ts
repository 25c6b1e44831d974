import { describe, expect, it } from "vitest";
import { headlineId } from "../../src/server/providers/news/headlines.ts";
import { buildHeadlines, cleanCoins, cleanText } from "./headline-records.ts";
import type { RawHeadline } from "./news-sources.ts";

const raw = (fields: Partial<RawHeadline>): RawHeadline => ({
  title: "Title",
  summary: null,
  url: null,
  source: "Source",
  publishedAt: "2026-01-01T00:00:00.000Z",
  language: "en",
  coins: [],
  ...fields,
});

describe("headline records", () => {
  it("drop invisible characters and collapse whitespace, nothing else", () => {
    expect(cleanText("\u200B\u200BTop UK lawmakers\u00A0push  to ban\n")).toBe("Top UK lawmakers push to ban");
    expect(cleanText("Bitcoin‑Ether ETFs — ‘quoted’")).toBe("Bitcoin‑Ether ETFs — ‘quoted’");
    expect(cleanCoins(["btc", "ETH", "BTC", " sol "])).toEqual(["BTC", "ETH", "SOL"]);
  });

  it("identify an item by its cleaned title, keep the earliest of duplicates and sort newest first", () => {
    const { headlines, duplicates } = buildHeadlines([
      raw({ title: "Same story", publishedAt: "2026-01-02T00:00:00.000Z", coins: ["btc"] }),
      raw({ title: "\u200BSame  Story!", publishedAt: "2026-01-01T00:00:00.000Z", summary: " An  excerpt " }),
      raw({ title: "Other", publishedAt: "2026-02-01T00:00:00.000Z", url: "https://example.com/o" }),
    ]);
    expect(duplicates).toBe(1);
    expect(headlines).toEqual([
      {
        id: headlineId("Other"),
        publishedAt: "2026-02-01T00:00:00.000Z",
        language: "en",
        source: "Source",
        coins: [],
        title: "Other",
        content: null,
        url: "https://example.com/o",
      },
      {
        id: headlineId("Same Story!"),
        publishedAt: "2026-01-01T00:00:00.000Z",
        language: "en",
        source: "Source",
        coins: [],
        title: "Same Story!",
        content: "An excerpt",
        url: null,
      },
    ]);
    expect(headlineId("Same story")).toBe(headlineId("Same Story!"));
  });

  it("refuse a title without letters or digits", () => {
    expect(() => buildHeadlines([raw({ title: "…" })])).toThrow(/without letters or digits/);
  });
});
