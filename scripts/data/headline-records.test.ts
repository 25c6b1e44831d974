import { describe, expect, it } from "vitest";
import { buildHeadlines, excerpt, titleKey } from "./headline-records.ts";
import type { RawHeadline } from "./news-sources.ts";

const raw = (fields: Partial<RawHeadline>): RawHeadline => ({
  title: "Title",
  content: null,
  url: null,
  source: "src",
  publishedAt: "2025-01-01T00:00:00.000Z",
  votes: null,
  origin: "test",
  ...fields,
});

describe("headline records", () => {
  it("fold titles to letters and digits", () => {
    expect(titleKey("Ethereum’s  Pectra—Upgrade!")).toBe(titleKey("ethereum s pectra upgrade"));
    expect(titleKey("Café")).toBe("cafe");
  });

  it("cut long content at a word, with an ellipsis", () => {
    expect(excerpt("short  text\n")).toBe("short text");
    const cut = excerpt("word ".repeat(200), 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
  });

  it("keep the richest of duplicates and borrow what it lacks", () => {
    const { headlines, duplicates } = buildHeadlines([
      raw({ title: "Same story", votes: { like: 3 }, publishedAt: "2024-09-21T19:50:12.000Z", origin: "a" }),
      raw({ title: "Same  Story!", url: "https://example.com/s", content: "Body", origin: "b" }),
      raw({ title: "Other", publishedAt: "2025-02-01T00:00:00.000Z" }),
    ]);
    expect(duplicates).toBe(1);
    expect(headlines.map((h) => h.title)).toEqual(["Other", "Same  Story!".replace("  ", " ")]);
    expect(headlines[1]).toMatchObject({
      url: "https://example.com/s",
      content: "Body",
      votes: { like: 3 },
      origin: "b",
      language: "en",
    });
    expect(headlines[1]?.id).toMatch(/^[0-9a-f]{12}$/);
  });

  it("split a title of several paragraphs into title and content", () => {
    const [headline] = buildHeadlines([raw({ title: "BREAKING: first\n\nsecond part\n\nthird" })]).headlines;
    expect(headline).toMatchObject({ title: "BREAKING: first", content: "second part third" });
  });
});
