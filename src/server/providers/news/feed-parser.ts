import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * Reads the three feed formats crypto outlets publish (RSS 2.0, RSS 1.0/RDF, Atom) into plain entries. Elements are
 * matched by namespace URI and local name, so a feed may bind any prefix it likes ("dc:", "a10:", a default
 * namespace). Text comes out as plain text: entities decoded, HTML stripped, whitespace collapsed. A document that
 * is not well-formed XML or not a feed is refused whole with a FeedFormatError; nothing is half-read.
 */

export interface FeedEntry {
  title: string;
  /** the entry's summary as plain text, cut to an excerpt; null when it has none or only repeats the title */
  content: string | null;
  /** an absolute http(s) link to the story */
  url: string | null;
  /** ISO 8601 UTC; null when the entry has no date that reads */
  publishedAt: string | null;
}

export interface ParsedFeed {
  format: "rss2" | "rss1" | "atom";
  /** the feed's own title, or its host when it has none ("cointelegraph.com") */
  source: string;
  /** in document order; entries without a title are left out */
  entries: FeedEntry[];
}

export class FeedFormatError extends Error {
  override name = "FeedFormatError";
  constructor(
    readonly feedUrl: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${feedUrl}: ${message}`, options);
  }
}

/** The archive's excerpt length (scripts/data/headline-records.ts CONTENT_MAX): a summary, not the article. */
export const FEED_CONTENT_MAX = 600;
/** Feeds are tens of kilobytes; a document this large is something else. */
export const FEED_MAX_BYTES = 5_000_000;
const SOURCE_MAX = 80;

const NS = {
  atom: "http://www.w3.org/2005/Atom",
  rss1: "http://purl.org/rss/1.0/",
  rss090: "http://my.netscape.com/rdf/simple/0.9/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  dc: "http://purl.org/dc/elements/1.1/",
  content: "http://purl.org/rss/1.0/modules/content/",
} as const;

/** RSS 2.0 elements carry no namespace; RSS 1.0 (and 0.90) put the same names in theirs. */
const RSS = ["", NS.rss1, NS.rss090];
/** Atom without its namespace declared is invalid, but read as Atom all the same. */
const ATOM = [NS.atom, ""];

const parser = new XMLParser({
  // document order matters in mixed content (Atom's xhtml: "a <b>b</b> c")
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  // titles such as "2024" stay text; whitespace is kept so mixed content does not glue words together
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // HTML entities are decoded after tags are stripped (see plainText), where CDATA and escaped HTML end up alike
  htmlEntities: false,
  // entities a DOCTYPE declares: tightly bounded, so a "billion laughs" document fails instead of expanding
  processEntities: {
    enabled: true,
    maxEntitySize: 1_000,
    maxEntityCount: 20,
    maxTotalExpansions: 200,
    maxExpandedLength: 20_000,
  },
  maxNestedTags: 64,
});

/** The parser's ordered output as a typed tree: elements with their attributes, and text. */
interface XmlElement {
  name: string;
  attributes: ReadonlyMap<string, string>;
  children: readonly XmlChild[];
}
type XmlChild = XmlElement | string;
type Scope = ReadonlyMap<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function toTree(nodes: unknown): XmlChild[] {
  if (!Array.isArray(nodes)) return [];
  const tree: XmlChild[] = [];
  for (const node of nodes) {
    if (!isRecord(node)) continue;
    const attributes = new Map<string, string>();
    const raw = node[":@"];
    if (isRecord(raw)) {
      for (const [key, value] of Object.entries(raw)) {
        if (key.startsWith("@_") && typeof value === "string") attributes.set(key.slice(2), value);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === ":@") continue;
      if (key === "#text") tree.push(String(value));
      else tree.push({ name: key, attributes, children: toTree(value) });
    }
  }
  return tree;
}

const isElement = (node: XmlChild | undefined): node is XmlElement => typeof node === "object";

/** The namespace bindings in force inside `element`: its parent's plus its own xmlns attributes. */
function scopeOf(element: XmlElement | undefined, parent: Scope): Scope {
  if (!element) return parent;
  let scope: Map<string, string> | undefined;
  for (const [key, value] of element.attributes) {
    const prefix = key === "xmlns" ? "" : key.startsWith("xmlns:") ? key.slice("xmlns:".length) : undefined;
    if (prefix === undefined) continue;
    scope ??= new Map(parent);
    scope.set(prefix, value.trim());
  }
  return scope ?? parent;
}

const split = (name: string) => {
  const colon = name.indexOf(":");
  return colon < 0 ? { prefix: "", local: name } : { prefix: name.slice(0, colon), local: name.slice(colon + 1) };
};

/** The namespace URI of an element name in `scope` ("" for no namespace). */
const namespaceOf = (name: string, scope: Scope) => scope.get(split(name).prefix) ?? "";

/** The child elements of `element` named `local` in one of `namespaces`, in document order. */
function children(
  element: XmlElement | undefined,
  scope: Scope,
  namespaces: readonly string[],
  local: string,
): XmlElement[] {
  if (!element) return [];
  return element.children.filter(
    (node): node is XmlElement =>
      isElement(node) && split(node.name).local === local && namespaces.includes(namespaceOf(node.name, scope)),
  );
}

const child = (element: XmlElement | undefined, scope: Scope, namespaces: readonly string[], local: string) =>
  children(element, scope, namespaces, local)[0];

/** The text of an element without markup of its own: RSS fields, Atom text and html constructs. */
const textOf = (element: XmlElement | undefined): string =>
  element ? element.children.map((node) => (isElement(node) ? textOf(node) : node)).join("") : "";

/**
 * An element's content as HTML: its text when it has no child elements (escaped or CDATA HTML, or plain text), and
 * its children written back as markup when it has (Atom's type="xhtml"), so that blocks still separate words.
 */
function htmlOf(element: XmlElement | undefined): string {
  if (!element) return "";
  return element.children
    .map((node) => {
      if (!isElement(node)) return element.children.some(isElement) ? node.replaceAll("<", "&lt;") : node;
      const name = split(node.name).local;
      return `<${name}>${htmlOf(node)}</${name}>`;
    })
    .join("");
}

const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    nbsp: " ",
    ensp: " ",
    emsp: " ",
    thinsp: " ",
    hellip: "…",
    mdash: "—",
    ndash: "–",
    lsquo: "‘",
    rsquo: "’",
    sbquo: "‚",
    ldquo: "“",
    rdquo: "”",
    bdquo: "„",
    laquo: "«",
    raquo: "»",
    bull: "•",
    middot: "·",
    copy: "©",
    reg: "®",
    trade: "™",
    euro: "€",
    pound: "£",
    yen: "¥",
    cent: "¢",
    deg: "°",
    times: "×",
    divide: "÷",
    plusmn: "±",
    frac12: "½",
    frac14: "¼",
    frac34: "¾",
    para: "¶",
    sect: "§",
    prime: "′",
    Prime: "″",
    larr: "←",
    rarr: "→",
    uarr: "↑",
    darr: "↓",
  }),
);

/** HTML character references: numeric ones and the named ones feeds use; unknown names are left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      // control characters and lone surrogates are dropped; whitespace ones become a space
      if (code === 9 || code === 10 || code === 13) return " ";
      const valid =
        code >= 0x20 && code <= 0x10ffff && (code < 0x7f || code > 0x9f) && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES.get(name) ?? whole;
  });
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** Markup to plain text: scripts, styles and comments dropped, tags removed (blocks leave a space), entities decoded. */
export function plainText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|iframe)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(
      /<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|figure|figcaption|table|tr|td|th|section|article)\b[^>]*>/gi,
      " ",
    )
    .replace(/<\/?[a-z][^<>]*>/gi, "");
  return collapse(decodeEntities(text));
}

/** At most `max` characters, cut at a word where one is near, marked with an ellipsis. */
export function excerpt(text: string, max = FEED_CONTENT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** RFC 822's named zones, in hours from UTC; military letters are unreliable by RFC 1123 and read as UTC. */
const ZONES: Readonly<Record<string, number>> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -5,
  edt: -4,
  cst: -6,
  cdt: -5,
  mst: -7,
  mdt: -6,
  pst: -8,
  pdt: -7,
};

/** UTC milliseconds from calendar fields, or undefined when a field is out of range (30 February). */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number) {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return undefined;
  const time = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), ms);
  return new Date(time).getUTCDate() === day ? time : undefined;
}

const offsetMinutes = (zone: string | undefined): number | undefined => {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) return (numeric[1] === "-" ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3]));
  const named = ZONES[zone.toLowerCase()];
  if (named !== undefined) return named * 60;
  return /^[a-z]$/i.test(zone) ? 0 : undefined;
};

/** "Thu, 20 Jun 2024 19:00:58 GMT", "20 June 2024 19:00 +0100", "Fri, 21 Jun 24 13:48:00 EDT" */
function rfc822(text: string): number | undefined {
  const match =
    /^(?:[a-z]{3,9},?\s+)?(\d{1,2})\s+([a-z]{3,9})\.?\s+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{2}:?\d{2}|[a-z]{1,5})?$/i.exec(
      text,
    );
  if (!match) return undefined;
  const [, day, monthName, yearText, hour, minute, second, zone] = match;
  const month = MONTHS.indexOf((monthName ?? "").slice(0, 3).toLowerCase()) + 1;
  const offset = offsetMinutes(zone);
  if (month === 0 || offset === undefined) return undefined;
  const shortYear = Number(yearText);
  const year = (yearText ?? "").length === 2 ? (shortYear < 50 ? 2000 : 1900) + shortYear : shortYear;
  const time = utc(year, month, Number(day), Number(hour), Number(minute), Number(second ?? 0), 0);
  return time === undefined ? undefined : time - offset * 60_000;
}

/** "2024-06-21T13:48:00Z", "2024-06-21T21:48:00+08:00", "2024-06-21 13:48:00" (no zone: UTC), "2024-06-21" */
function iso8601(text: string): number | undefined {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
      text,
    );
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const offset = offsetMinutes(zone && /^[+-]\d{2}$/.test(zone) ? `${zone}00` : zone);
  if (offset === undefined) return undefined;
  const ms = Number((fraction ?? "").padEnd(3, "0").slice(0, 3));
  const time = utc(
    Number(year),
    Number(month),
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    ms,
  );
  return time === undefined ? undefined : time - offset * 60_000;
}

/** A feed date (RFC 822 as RSS 2.0 says, ISO 8601 as Atom and Dublin Core say; feeds mix them up) as ISO UTC. */
export function parseFeedDate(text: string): string | null {
  const clean = collapse(text);
  const time = rfc822(clean) ?? iso8601(clean);
  return time === undefined ? null : new Date(time).toISOString();
}

/** An absolute http(s) URL, resolved against `base` (the feed's address) when relative and a base is given. */
function absoluteUrl(text: string | undefined, base?: string): string | null {
  const clean = text?.trim();
  if (!clean) return null;
  try {
    const url = new URL(clean, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const hostOf = (feedUrl: string) => {
  try {
    return new URL(feedUrl).hostname.replace(/^www\./, "");
  } catch {
    return feedUrl;
  }
};

/** An attribute by its local name; with a namespace, only when its prefix is bound to it (rdf:about). */
function attribute(element: XmlElement | undefined, local: string, scope?: Scope, namespace?: string) {
  if (!element) return undefined;
  for (const [name, value] of element.attributes) {
    const parts = split(name);
    if (parts.local !== local) continue;
    if (namespace === undefined ? parts.prefix === "" : scope?.get(parts.prefix) === namespace) return value;
  }
  return undefined;
}

const titleText = (element: XmlElement | undefined) => plainText(htmlOf(element));

/** The first candidate with text, as an excerpt; null when there is none or it only repeats the title. */
function contentOf(candidates: readonly XmlElement[], title: string): string | null {
  for (const candidate of candidates) {
    const text = plainText(htmlOf(candidate));
    if (!text) continue;
    if (text.toLowerCase() === title.toLowerCase()) return null;
    return excerpt(text);
  }
  return null;
}

function firstDate(candidates: readonly XmlElement[]): string | null {
  for (const candidate of candidates) {
    const date = parseFeedDate(textOf(candidate));
    if (date) return date;
  }
  return null;
}

/** Atom links: rel="alternate" (the default) only; enclosures, "self", "edit" and the like never. */
function atomLink(links: readonly XmlElement[], base: string): string | null {
  for (const link of links) {
    const rel = attribute(link, "rel")?.trim() || "alternate";
    const url = rel === "alternate" ? absoluteUrl(attribute(link, "href"), base) : null;
    if (url) return url;
  }
  return null;
}

function rssEntry(item: XmlElement, outer: Scope, base: string): FeedEntry | undefined {
  const scope = scopeOf(item, outer);
  const title = titleText(child(item, scope, RSS, "title"));
  if (!title) return undefined;
  const get = (namespaces: readonly string[], local: string) => children(item, scope, namespaces, local);
  const guid = child(item, scope, [""], "guid");
  const guidIsLink = (attribute(guid, "isPermaLink") ?? "true").trim().toLowerCase() !== "false";
  const url =
    get(RSS, "link")
      .map((link) => absoluteUrl(textOf(link), base))
      .find((link) => link !== null) ??
    // a guid is a permalink unless it says not, but only a whole URL is taken for one
    (guidIsLink ? absoluteUrl(textOf(guid)) : null) ??
    atomLink(get([NS.atom], "link"), base) ??
    absoluteUrl(attribute(item, "about", scope, NS.rdf), base);
  return {
    title,
    content: contentOf([...get(RSS, "description"), ...get([NS.content], "encoded")], title),
    url,
    publishedAt: firstDate([
      ...get([""], "pubDate"),
      ...get([NS.dc], "date"),
      ...get([NS.atom], "published"),
      ...get([NS.atom], "updated"),
    ]),
  };
}

function atomEntry(entry: XmlElement, outer: Scope, base: string): FeedEntry | undefined {
  const scope = scopeOf(entry, outer);
  const title = titleText(child(entry, scope, ATOM, "title"));
  if (!title) return undefined;
  const get = (local: string) => children(entry, scope, ATOM, local);
  return {
    title,
    content: contentOf([...get("summary"), ...get("content")], title),
    url: atomLink(get("link"), base),
    publishedAt: firstDate([...get("published"), ...get("updated"), ...children(entry, scope, [NS.dc], "date")]),
  };
}

const compact = (entries: (FeedEntry | undefined)[]) => entries.filter((entry) => entry !== undefined);

/**
 * Parses one feed document fetched from `feedUrl` (which names the source when the feed has no title and resolves
 * relative links). Throws FeedFormatError for anything that is not a whole RSS or Atom document.
 */
export function parseFeed(text: string, feedUrl: string): ParsedFeed {
  if (text.length > FEED_MAX_BYTES) throw new FeedFormatError(feedUrl, `document of ${text.length} characters`);
  const body = text.replace(/^\uFEFF/, "").trim();
  if (!body) throw new FeedFormatError(feedUrl, "empty document");
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new FeedFormatError(feedUrl, `not well-formed XML (${msg.replace(/\s+/g, " ")} at ${line}:${col})`);
  }
  let tree: XmlChild[];
  try {
    tree = toTree(parser.parse(body));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FeedFormatError(feedUrl, `unreadable XML (${reason})`, { cause: error });
  }
  const root = tree.find(isElement);
  if (!root) throw new FeedFormatError(feedUrl, "no root element");
  const scope = scopeOf(root, new Map());
  const { local } = split(root.name);
  const rootNamespace = namespaceOf(root.name, scope);
  const source = (title: XmlElement | undefined) => excerpt(titleText(title), SOURCE_MAX) || hostOf(feedUrl);

  if (local === "rss" && rootNamespace === "") {
    const channel = child(root, scope, [""], "channel");
    if (!channel) throw new FeedFormatError(feedUrl, "an <rss> document without a <channel>");
    const inner = scopeOf(channel, scope);
    return {
      format: "rss2",
      source: source(child(channel, inner, [""], "title")),
      entries: compact(children(channel, inner, [""], "item").map((item) => rssEntry(item, inner, feedUrl))),
    };
  }
  if (local === "RDF" && rootNamespace === NS.rdf) {
    const channel = child(root, scope, RSS, "channel");
    if (!channel) throw new FeedFormatError(feedUrl, "an RDF document without an RSS <channel>");
    const inner = scopeOf(channel, scope);
    // RSS 1.0 items are the channel's siblings (some writers nest them in it anyway)
    const items = [
      ...children(root, scope, RSS, "item").map((item) => rssEntry(item, scope, feedUrl)),
      ...children(channel, inner, RSS, "item").map((item) => rssEntry(item, inner, feedUrl)),
    ];
    return { format: "rss1", source: source(child(channel, inner, RSS, "title")), entries: compact(items) };
  }
  if (local === "feed" && ATOM.includes(rootNamespace)) {
    return {
      format: "atom",
      source: source(child(root, scope, ATOM, "title")),
      entries: compact(children(root, scope, ATOM, "entry").map((entry) => atomEntry(entry, scope, feedUrl))),
    };
  }
  throw new FeedFormatError(feedUrl, `not an RSS or Atom feed (the root element is <${root.name}>)`);
}
