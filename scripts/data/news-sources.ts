import { z } from "zod";

/**
 * The shared news file: news/2026q1/news.jsonl, one JSON object per line (its PROVENANCE.md says where each line
 * comes from). Every line is checked; a line that does not read stops the build with its number.
 */
const sharedNewsLineSchema = z.object({
  /** ISO 8601 UTC */
  published_at: z.iso.datetime(),
  title: z.string().min(1),
  source: z.string().min(1),
  url: z.url().nullable(),
  lang: z.enum(["en", "zh"]),
  /** the publisher's excerpt, at most 200 characters */
  summary: z.string().nullable(),
  /** the aggregator's coin tags */
  coins: z.array(z.string()),
});

/** A headline as read from the shared file, before cleaning and de-duplication. */
export interface RawHeadline {
  title: string;
  summary: string | null;
  url: string | null;
  source: string;
  /** ISO 8601 UTC, to the millisecond */
  publishedAt: string;
  language: "en" | "zh";
  coins: string[];
}

export function readSharedNews(text: string, name: string): RawHeadline[] {
  const items: RawHeadline[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    const parsed = sharedNewsLineSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${name}:${index + 1}: ${parsed.error.message}`);
    const { published_at, title, source, url, lang, summary, coins } = parsed.data;
    items.push({
      title,
      summary,
      url,
      source,
      publishedAt: new Date(published_at).toISOString(),
      language: lang,
      coins,
    });
  }
  return items;
}
