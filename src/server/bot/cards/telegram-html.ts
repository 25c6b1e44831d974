import { escapeHtml } from "../../escape-html.ts";

/**
 * A model's markdown answer as Telegram HTML, in short form: a chat message of a few lines, not the app's page.
 *
 * Telegram's HTML knows only a few tags (b, i, u, s, code, pre, a, blockquote) and refuses a message whose tags do not
 * match, so the markdown is never passed through: every piece of text is escaped, and tags are written here only in
 * pairs around what they mark. What Telegram cannot show becomes lines: a heading is a bold line, a list item a "•"
 * line, a table row "label: value" (two columns) or its cells joined by " · ", a fenced block <pre>. Images are left
 * out (the answers' figures are pages of this server); links keep their text, and stay links when absolute http(s).
 *
 * Short form: at most `maxLines` lines and about `maxChars` characters of text, tables cut to `maxTableRows` rows;
 * the answer's source lines ("Source: …", "来源：…") are always kept, at the end, so a figure never loses its source.
 */

export interface ShortFormOptions {
  maxLines?: number;
  maxChars?: number;
  maxTableRows?: number;
}

export interface ShortForm {
  html: string;
  /** something of the answer was left out */
  cut: boolean;
}

const DEFAULTS = { maxLines: 14, maxChars: 1200, maxTableRows: 8 } as const;

/** The answer's lines that name where its figures come from. */
const SOURCE_LINE = /^[*_]*(sources?|来源|數據來源|数据来源)\s*[:：]/i;
const IMAGE_ONLY = /^\s*(!\[[^\]]*\]\([^)]*\)\s*)+$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,3})[.)]\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Inline markdown: one alternative per construct; text between matches is escaped as it is. */
const INLINE =
  /\\([\\`*_{}[\]()#+\-.!|<>~])|(`+)([^`]+?)\2|!\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)|\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__|~~(?=\S)(.+?)(?<=\S)~~|(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])|(?<![\p{L}\p{N}_])_(?=\S)(.+?)(?<=\S)_(?![\p{L}\p{N}_])/gu;

const isHttpUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
};

/** One line of markdown as Telegram HTML; `links: false` inside a link's own text. */
export function inlineHtml(text: string, links = true): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    out += escapeHtml(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, escaped, , code, , , linkText, linkUrl, bold, boldUnderscore, strike, italic, italicUnderscore] = match;
    if (escaped !== undefined) out += escapeHtml(escaped);
    else if (code !== undefined) out += `<code>${escapeHtml(code)}</code>`;
    else if (linkText !== undefined && linkUrl !== undefined) {
      const label = inlineHtml(linkText, false);
      out += links && isHttpUrl(linkUrl) ? `<a href="${escapeHtml(linkUrl)}">${label}</a>` : label;
    } else if (bold !== undefined || boldUnderscore !== undefined) {
      out += `<b>${inlineHtml(bold ?? boldUnderscore ?? "", links)}</b>`;
    } else if (strike !== undefined) out += `<s>${inlineHtml(strike, links)}</s>`;
    else if (italic !== undefined || italicUnderscore !== undefined) {
      out += `<i>${inlineHtml(italic ?? italicUnderscore ?? "", links)}</i>`;
    }
    // an image: left out
  }
  return out + escapeHtml(text.slice(last));
}

/** A table row's cells, split at pipes that are not escaped. */
function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  const out: string[] = [];
  let current = "";
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i];
    if (char === "\\" && i + 1 < inner.length) {
      current += char + inner[i + 1];
      i++;
    } else if (char === "|") {
      out.push(current.trim());
      current = "";
    } else current += char;
  }
  out.push(current.trim());
  return out;
}

interface Line {
  html: string;
  /** the length of its text, for the budget */
  chars: number;
  /** lines of one paragraph, list or table share it; an empty line goes between blocks */
  block?: number;
}

const plainLength = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&[a-z#0-9]+;/g, "x").length;
const line = (html: string): Line => ({ html, chars: plainLength(html) });

/** A table as lines: "label: value" rows for two columns, else cells joined by " · " under a bold header. */
function tableLines(rows: string[], maxRows: number): { lines: Line[]; cut: boolean } {
  const [header, ...rest] = rows.filter((row) => !TABLE_SEPARATOR.test(row)).map(cells);
  if (!header) return { lines: [], cut: false };
  const body = rest.slice(0, maxRows);
  const lines: Line[] = [];
  if (header.length === 2) {
    for (const [label = "", value = ""] of body) {
      lines.push(line(label ? `${inlineHtml(label)}: ${inlineHtml(value)}` : inlineHtml(value)));
    }
  } else {
    if (header.some(Boolean))
      lines.push(
        line(
          `<b>${header
            .filter(Boolean)
            .map((c) => inlineHtml(c))
            .join(" · ")}</b>`,
        ),
      );
    for (const row of body) {
      const [label = "", ...values] = row;
      const shown = values.filter(Boolean).map((c) => inlineHtml(c));
      lines.push(
        line(
          header[0] === "" && label
            ? `${inlineHtml(label)}: ${shown.join(" · ")}`
            : [inlineHtml(label), ...shown].filter(Boolean).join(" · "),
        ),
      );
    }
  }
  return { lines, cut: rest.length > body.length };
}

/** Text cut to about `max` characters at a word boundary, with an ellipsis. */
function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join("");
  const space = head.lastIndexOf(" ");
  return `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}

export function shortAnswerHtml(markdown: string, options: ShortFormOptions = {}): ShortForm {
  const maxLines = options.maxLines ?? DEFAULTS.maxLines;
  const maxChars = options.maxChars ?? DEFAULTS.maxChars;
  const maxTableRows = options.maxTableRows ?? DEFAULTS.maxTableRows;
  const body: Line[] = [];
  const sources: Line[] = [];
  let cut = false;
  let full = false;
  let used = 0;
  let block = 0;
  let lastKind = "";
  /** a paragraph, heading or table starts a block; list items of one kind share theirs */
  const startBlock = (kind: "paragraph" | "table" | "heading" | "code" | "bullet" | "numbered") => {
    if (kind !== lastKind || (kind !== "bullet" && kind !== "numbered")) block++;
    lastKind = kind;
  };

  /** once something does not fit, nothing after it is added: the answer is cut, never shuffled */
  const add = (next: Line) => {
    if (full || body.length >= maxLines || used + next.chars > maxChars) {
      cut = true;
      full = true;
      return false;
    }
    body.push({ ...next, block });
    used += next.chars;
    return true;
  };
  /** a paragraph too long for what is left is cut to fit, when a useful part of it fits */
  const addText = (markdownText: string, wrap: (html: string) => string = (html) => html) => {
    const room = maxChars - used;
    const whole = line(wrap(inlineHtml(markdownText)));
    if (whole.chars <= room || room < 80) return add(whole);
    cut = true;
    return add(line(wrap(inlineHtml(cutText(markdownText, room)))));
  };

  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) {
      startBlock("paragraph");
      addText(paragraph.join(" "));
    }
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? "";
    const text = raw.trim();
    if (FENCE.test(raw)) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !FENCE.test(lines[i] ?? ""); i++) code.push(lines[i] ?? "");
      const shown = code.slice(0, maxTableRows);
      if (shown.length < code.length) cut = true;
      startBlock("code");
      if (shown.length > 0) add(line(`<pre>${escapeHtml(shown.join("\n"))}</pre>`));
      continue;
    }
    if (!text || RULE.test(text) || IMAGE_ONLY.test(text)) {
      flush();
      continue;
    }
    if (SOURCE_LINE.test(text)) {
      flush();
      if (sources.length < 2) sources.push(line(`<i>${inlineHtml(text.replace(/^[*_]+|[*_]+$/g, ""))}</i>`));
      continue;
    }
    if (TABLE_ROW.test(raw)) {
      flush();
      const rows: string[] = [];
      for (; i < lines.length && TABLE_ROW.test(lines[i] ?? ""); i++) rows.push(lines[i] ?? "");
      i--;
      const table = tableLines(rows, maxTableRows);
      startBlock("table");
      if (table.cut) cut = true;
      for (const row of table.lines) if (!add(row)) break;
      continue;
    }
    const heading = HEADING.exec(raw);
    if (heading) {
      flush();
      startBlock("heading");
      addText(heading[1] ?? "", (html) => `<b>${html}</b>`);
      continue;
    }
    const bullet = BULLET.exec(raw);
    if (bullet) {
      flush();
      startBlock("bullet");
      addText(bullet[1] ?? "", (html) => `• ${html}`);
      continue;
    }
    const numbered = NUMBERED.exec(raw);
    if (numbered) {
      flush();
      startBlock("numbered");
      addText(numbered[2] ?? "", (html) => `${numbered[1]}. ${html}`);
      continue;
    }
    const quote = QUOTE.exec(raw);
    paragraph.push(quote ? (quote[1] ?? "") : text);
  }
  flush();

  const parts: string[] = [];
  body.forEach((next, index) => {
    if (index > 0 && next.block !== body[index - 1]?.block) parts.push("");
    parts.push(next.html);
  });
  if (sources.length > 0 && parts.length > 0) parts.push("");
  parts.push(...sources.map((source) => source.html));
  return { html: parts.join("\n"), cut };
}
