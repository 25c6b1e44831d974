import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { NewsItem } from "./news-provider.ts";

/** Written by scripts/data/build-news-data.ts; newest first (see the layout below). */
export const SHIPPED_HEADLINES_FILE = fileURLToPath(new URL("../../../../data/news/headlines.jsonl", import.meta.url));

/**
 * The file's layout: the first line is this list of column names, every further line one headline as a JSON array
 * of its values in that order. One headline per line keeps diffs readable; naming the fields once instead of on
 * every line keeps the file small.
 */
export const HEADLINE_COLUMNS = [
  "id",
  "publishedAt",
  "language",
  "source",
  "coins",
  "title",
  "content",
  "url",
] as const;

/** A coin tag: an upper-case ticker as the aggregator writes it ("BTC", "XAUT", "1INCH"). */
export const coinTagSchema = z.string().regex(/^[A-Z0-9]{1,15}$/);

/** One headline of the archive; the build script checks its output against this too. */
export const headlineRecordSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{12}$/),
  /** ISO 8601 UTC, the real publication time */
  publishedAt: z.iso.datetime(),
  language: z.enum(["en", "zh"]),
  source: z.string().min(1),
  /** the coins the aggregator tagged the item with; empty when it tagged none */
  coins: z.array(coinTagSchema),
  title: z.string().min(1),
  /** the publisher's summary; null when the source gave none */
  content: z.string().min(1).nullable(),
  url: z.url().nullable(),
});

export type HeadlineRecord = z.infer<typeof headlineRecordSchema>;

/** A record as one line of the file. */
export const headlineLine = (record: HeadlineRecord): string =>
  JSON.stringify(HEADLINE_COLUMNS.map((column) => record[column]));

/** The whole file: the column line, then one line per record. */
export const headlinesFile = (records: readonly HeadlineRecord[]): string =>
  [JSON.stringify(HEADLINE_COLUMNS), ...records.map(headlineLine)].map((line) => `${line}\n`).join("");

/** Ideographs, kana and hangul: scripts in which a few characters make a headline. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A headline's id: the first 12 hex digits of SHA-256 over its title key, so the same story has the same id
 * wherever it is read (the archive, a live feed, a rebuild of the data). For titles in Latin script the key is the
 * title with accents and case folded, then a-z and 0-9 only, words separated by one space. That key would erase a
 * title in another script ("比特币突破10万美元" -> "10"), so a title with CJK characters, or with more other letters
 * than Latin ones, is keyed on all its letters and digits. Undefined when it has none.
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
  const lines = text.split("\n");
  const [header = "", ...rows] = lines;
  if (header.trim() !== JSON.stringify(HEADLINE_COLUMNS)) {
    throw new Error(`${name}:1: expected the column line ${JSON.stringify(HEADLINE_COLUMNS)}`);
  }
  const items: NewsItem[] = [];
  for (const [index, line] of rows.entries()) {
    if (!line.trim()) continue;
    const where = `${name}:${index + 2}`;
    const values: unknown = JSON.parse(line);
    if (!Array.isArray(values) || values.length !== HEADLINE_COLUMNS.length) {
      throw new Error(`${where}: expected an array of ${HEADLINE_COLUMNS.length} values`);
    }
    const parsed = headlineRecordSchema.safeParse(
      Object.fromEntries(HEADLINE_COLUMNS.map((column, at) => [column, values[at]])),
    );
    if (!parsed.success) throw new Error(`${where}: ${parsed.error.message}`);
    items.push(parsed.data);
  }
  return items;
}

export async function loadHeadlines(file: string = SHIPPED_HEADLINES_FILE): Promise<NewsItem[]> {
  return parseHeadlines(await readFile(file, "utf8"), file);
}
