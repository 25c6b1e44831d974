import { createHash } from "node:crypto";
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

/** Ideographs, kana and hangul: scripts in which a few characters make a headline. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A headline's id: the first 12 hex digits of SHA-256 over its title key, so the same story has the same id
 * wherever it is read. For titles in Latin script the key is the archive's (scripts/data/headline-records.ts
 * `titleKey`: accents and case folded, then a-z and 0-9 only; the shipped ids are checked against this). That key
 * would erase a title in another script ("比特币突破10万美元" -> "10"), so a title with CJK characters, or with more
 * other letters than Latin ones, is keyed on all its letters and digits. Undefined when it has none.
 */
export function headlineId(title: string): string | undefined {
  const folded = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const latin = folded.replace(/[^a-z0-9]+/g, " ").trim();
  const every = folded.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const others = every.replace(/[a-z0-9 ]/g, "").length;
  const key = CJK.test(folded) || others > latin.replaceAll(" ", "").length ? every : latin;
  return key ? createHash("sha256").update(key).digest("hex").slice(0, 12) : undefined;
}

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
