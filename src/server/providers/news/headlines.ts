import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { NewsItem } from "./news-provider.ts";

/** Written by scripts/data/build-news-data.ts; one JSON object per line, newest first. */
export const SHIPPED_HEADLINES_FILE = fileURLToPath(new URL("../../../../data/news/headlines.jsonl", import.meta.url));

/** One line of headlines.jsonl; the build script checks its output against this too. */
export const headlineRecordSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{12}$/),
  title: z.string().min(1),
  content: z.string().min(1).nullable(),
  url: z.url().nullable(),
  source: z.string().min(1),
  publishedAt: z.iso.datetime(),
  language: z.enum(["en", "zh"]),
  votes: z.record(z.string(), z.number().int().nonnegative()).nullable(),
  /** the shared file it came from, by short name (see data/PROVENANCE.md) */
  origin: z.string().min(1),
});

export type HeadlineRecord = z.infer<typeof headlineRecordSchema>;

export function parseHeadlines(text: string, name: string): NewsItem[] {
  const items: NewsItem[] = [];
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const parsed = headlineRecordSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${name}:${index + 1}: ${parsed.error.message}`);
    const { origin: _origin, ...item } = parsed.data;
    items.push(item);
  }
  return items;
}

export async function loadHeadlines(file: string = SHIPPED_HEADLINES_FILE): Promise<NewsItem[]> {
  return parseHeadlines(await readFile(file, "utf8"), file);
}
