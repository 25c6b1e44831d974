import { createHash } from "node:crypto";
import type { HeadlineRecord } from "../../src/server/providers/news/headlines.ts";
import type { RawHeadline } from "./news-sources.ts";

/**
 * Content is cut to an excerpt: some sources carry whole articles (up to 12,000 characters), which are the
 * publishers' text; a feed needs a summary, and the link or the title leads to the rest.
 */
export const CONTENT_MAX = 600;

export const collapseSpaces = (text: string) => text.replace(/\s+/g, " ").trim();

export function excerpt(text: string, max = CONTENT_MAX): string {
  const clean = collapseSpaces(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** The identity of a headline across sources: letters and digits only, case and typography folded. */
export function titleKey(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * A title that runs over several paragraphs (posts on X in the cryptopanic file) keeps its first paragraph
 * as the title; the rest becomes the content.
 */
function splitTitle(raw: RawHeadline): { title: string; rest: string | null } {
  const [first = "", ...more] = raw.title.split(/\n\s*\n/);
  return { title: collapseSpaces(first), rest: more.length > 0 ? more.join(" ") : null };
}

const richness = (record: HeadlineRecord) => (record.url ? 2 : 0) + (record.content ? 1 : 0);

/**
 * Normalised, de-duplicated by title key, newest first. Of duplicates the one with a link and content wins
 * (then the earliest); it borrows what it lacks (link, content, votes) from the others, which describe the
 * same story.
 */
export function buildHeadlines(raw: readonly RawHeadline[]): { headlines: HeadlineRecord[]; duplicates: number } {
  const groups = new Map<string, HeadlineRecord[]>();
  for (const item of raw) {
    const { title, rest } = splitTitle(item);
    const key = titleKey(title);
    if (!key) continue;
    const body = item.content ?? rest;
    const record: HeadlineRecord = {
      id: createHash("sha256").update(key).digest("hex").slice(0, 12),
      title,
      content: body ? excerpt(body) : null,
      url: item.url,
      source: collapseSpaces(item.source),
      publishedAt: item.publishedAt,
      language: "en",
      votes: item.votes,
      origin: item.origin,
    };
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  const headlines = [...groups.values()].map((group) => {
    const [best, ...others] = [...group].sort(
      (a, b) => richness(b) - richness(a) || a.publishedAt.localeCompare(b.publishedAt),
    );
    if (!best) throw new Error("empty duplicate group");
    return {
      ...best,
      url: best.url ?? others.find((other) => other.url)?.url ?? null,
      content: best.content ?? others.find((other) => other.content)?.content ?? null,
      votes: best.votes ?? others.find((other) => other.votes)?.votes ?? null,
    };
  });
  headlines.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
  if (new Set(headlines.map((headline) => headline.id)).size !== headlines.length) throw new Error("id collision");
  return { headlines, duplicates: raw.length - headlines.length };
}
