import { parseRecords } from "./delimited.ts";

/** A headline as read from one source file, before normalisation and de-duplication. */
export interface RawHeadline {
  title: string;
  content: string | null;
  url: string | null;
  source: string;
  /** ISO 8601, UTC */
  publishedAt: string;
  votes: Record<string, number> | null;
  /** which shared file it came from, by a short name (data/PROVENANCE.md maps names to files) */
  origin: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const monthNumber = (name: string | undefined): string => {
  const index = MONTHS.indexOf(name ?? "");
  if (index < 0) throw new Error(`unknown month ${name}`);
  return String(index + 1).padStart(2, "0");
};

const toIso = (text: string, original: string): string => {
  const time = Date.parse(text);
  if (!Number.isFinite(time)) throw new Error(`unreadable date ${original}`);
  return new Date(time).toISOString();
};

/**
 * cryptopanic times are JavaScript Date strings printed in a French locale: English day and month names, a
 * numeric offset, then the zone's French name, e.g. "Fri Feb 07 2025 08:29:27 GMT+0100 (heure normale
 * d’Europe centrale)". The numeric offset is the truth; the name in brackets is ignored.
 */
export function parseJsDateString(text: string): string {
  const match = /^(\w{3}) (\w{3}) (\d{2}) (\d{4}) (\d{2}:\d{2}:\d{2}) GMT([+-]\d{2})(\d{2})(?: \(.*\))?$/.exec(
    text.trim(),
  );
  if (!match) throw new Error(`not a JavaScript date string: ${text}`);
  const [, weekday, month, date, year, clock, offsetHours, offsetMinutes] = match;
  const iso = toIso(`${year}-${monthNumber(month)}-${date}T${clock}${offsetHours}:${offsetMinutes}`, text);
  // the weekday is redundant with the local date, so it checks the reading
  const localDay = new Date(Date.UTC(Number(year), Number(monthNumber(month)) - 1, Number(date))).getUTCDay();
  if (DAYS[localDay] !== weekday) throw new Error(`weekday does not match the date: ${text}`);
  return iso;
}

/** RFC 2822 as in RSS: "Thu, 20 Jun 2024 19:00:58 GMT". */
export function parseRfc2822(text: string): string {
  const match = /^\w{3}, (\d{1,2}) (\w{3}) (\d{4}) (\d{2}:\d{2}:\d{2}) (GMT|UTC|[+-]\d{4})$/.exec(text.trim());
  if (!match) throw new Error(`not an RFC 2822 date: ${text}`);
  const [, date, month, year, clock, zone] = match;
  const offset = zone === "GMT" || zone === "UTC" || zone === undefined ? "Z" : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return toIso(`${year}-${monthNumber(month)}-${date?.padStart(2, "0")}T${clock}${offset}`, text);
}

/** "2023-01-31 06:19:30.343000+00:00" (pandas, UTC), kept to the millisecond. */
export function parseUtcTimestamp(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?\+00:00$/.exec(text.trim());
  if (!match) throw new Error(`not a UTC timestamp: ${text}`);
  return toIso(`${match[1]}T${match[2]}${(match[3] ?? "").slice(0, 4)}Z`, text);
}

/**
 * "2024-09-21 18:16:26" without a zone: the exporter wrote `datetime.fromtimestamp(...)`, its own machine's
 * local time. One headline is in both this file and the cryptopanic one, with equal minutes and seconds and
 * the clock 2 hours behind UTC (17:50:12 here, 19:50:12Z there), so these times are read as UTC-02:00.
 */
export const SZNMELVIN_UTC_OFFSET = "-02:00";

export function parseNaiveLocal(text: string, offset: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not a local timestamp: ${text}`);
  return toIso(`${match[1]}T${match[2]}${offset}`, text);
}

/** "10 positive: votes, 8 important: votes, 1 save: votes" -> { positive: 10, important: 8, saves: 1 } */
export function parseVotes(text: string): Record<string, number> | null {
  const votes: Record<string, number> = {};
  for (const part of text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(\d+) ([a-z]+): votes$/.exec(part);
    if (!match?.[1] || !match[2]) throw new Error(`unreadable vote ${part}`);
    // the site writes "1 save" but "2 saves"; one key keeps them together
    const kind = match[2] === "save" ? "saves" : match[2];
    votes[kind] = (votes[kind] ?? 0) + Number(match[1]);
  }
  return Object.keys(votes).length > 0 ? votes : null;
}

const blankToNull = (text: string | undefined) => (text?.trim() ? text : null);

export function readCryptopanic(text: string, origin: string): RawHeadline[] {
  return parseRecords(text, ["Time", "Title", "Source", "Votes"]).map((r) => ({
    title: r.Title,
    content: null,
    url: null,
    source: r.Source,
    publishedAt: parseJsDateString(r.Time),
    votes: parseVotes(r.Votes),
    origin,
  }));
}

export function readNavidpourhadi(text: string, origin: string): RawHeadline[] {
  return parseRecords(text, ["title", "time", "source", "description"]).map((r) => ({
    title: r.title,
    content: blankToNull(r.description),
    url: null,
    source: r.source,
    publishedAt: parseRfc2822(r.time),
    votes: null,
    origin,
  }));
}

export function readReuters(text: string, origin: string): RawHeadline[] {
  return parseRecords(text, ["title", "subheadlines", "timestamp"], { delimiter: "\t" }).map((r) => ({
    title: r.title,
    content: blankToNull(r.subheadlines),
    url: null,
    source: "Reuters",
    publishedAt: parseUtcTimestamp(r.timestamp),
    votes: null,
    origin,
  }));
}

export function readSznmelvin(text: string, origin: string): RawHeadline[] {
  return parseRecords(text, ["title", "source", "published_on", "url", "body"]).map((r) => ({
    title: r.title,
    content: blankToNull(r.body),
    url: blankToNull(r.url),
    source: r.source,
    publishedAt: parseNaiveLocal(r.published_on, SZNMELVIN_UTC_OFFSET),
    votes: null,
    origin,
  }));
}
