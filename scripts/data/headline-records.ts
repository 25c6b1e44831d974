import { type HeadlineRecord, headlineId } from "../../src/server/providers/news/headlines.ts";
import type { RawHeadline } from "./news-sources.ts";

/** Zero-width spaces, joiners and the byte-order mark: invisible, but they split words and change ids. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/** Invisible characters removed, runs of whitespace (no-break spaces included) made one space. */
export const cleanText = (text: string) => text.replace(INVISIBLE, "").replace(/\s+/g, " ").trim();

/** Upper case, each once, in the source's order. */
export const cleanCoins = (coins: readonly string[]) => [
  ...new Set(coins.map((coin) => coin.trim().toUpperCase()).filter(Boolean)),
];

/**
 * Cleaned, identified by the normalised title (headlineId), de-duplicated by that id keeping the earliest copy,
 * newest first (equal times by id). Titles and summaries are the publishers' words: nothing else is changed.
 */
export function buildHeadlines(raw: readonly RawHeadline[]): { headlines: HeadlineRecord[]; duplicates: number } {
  const byId = new Map<string, HeadlineRecord>();
  for (const item of raw) {
    const title = cleanText(item.title);
    const id = headlineId(title);
    if (!id) throw new Error(`a title without letters or digits: ${JSON.stringify(item.title)}`);
    const summary = item.summary === null ? "" : cleanText(item.summary);
    const record: HeadlineRecord = {
      id,
      publishedAt: item.publishedAt,
      language: item.language,
      source: cleanText(item.source),
      coins: cleanCoins(item.coins),
      title,
      content: summary || null,
      url: item.url,
    };
    const kept = byId.get(id);
    if (!kept || record.publishedAt < kept.publishedAt) byId.set(id, record);
  }
  const headlines = [...byId.values()].sort(
    (a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id),
  );
  return { headlines, duplicates: raw.length - headlines.length };
}
