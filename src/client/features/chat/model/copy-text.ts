/**
 * An answer as plain text for the clipboard (Copy): what the reader sees, without markdown's marks. Headings lose
 * their #, emphasis its * and _, code its backticks and fences; links keep their address in brackets, images their
 * alt text; list items start with "• "; a table becomes one line per row with its cells separated by tabs (so it
 * pastes into a spreadsheet), without the delimiter row. Backslash escapes give back the character they escape;
 * raw HTML, which the answer never shows, is left out. "Copy as Markdown" copies the answer's text as it is.
 */
export function copyText(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let fence: string | null = null;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      else out.push(line);
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    if (isTableRow(line) && isDelimiterRow(lines[index + 1])) {
      out.push(tableLine(line));
      index += 1;
      while (index + 1 < lines.length && isTableRow(lines[index + 1] ?? "")) {
        index += 1;
        out.push(tableLine(lines[index] ?? ""));
      }
      continue;
    }
    // thematic breaks and setext underlines
    if (/^ {0,3}([-*_=])( *\1){2,} *$/.test(line)) continue;
    out.push(inline(blockText(line)));
  }
  return out
    .join("\n")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A line without its block marks: quote markers, heading hashes, list bullets (numbers stay). */
function blockText(line: string): string {
  let text = line;
  while (/^ {0,3}>/.test(text)) text = text.replace(/^ {0,3}> ?/, "");
  const heading = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(text);
  if (heading) return heading[1] ?? "";
  return text.replace(/^(\s*)[-*+]\s+/, "$1• ");
}

const UNESCAPED_PIPE = /(?<!\\)\|/;

function isTableRow(line: string): boolean {
  return UNESCAPED_PIPE.test(line) && line.trim() !== "";
}

function isDelimiterRow(line: string | undefined): boolean {
  return Boolean(line?.includes("-")) && /^ *\|? *:?-+:? *(\| *:?-+:? *)*\|? *$/.test(line ?? "");
}

function tableLine(line: string): string {
  const cells = line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(UNESCAPED_PIPE);
  return cells.map((cell) => inline(cell.trim())).join("\t");
}

// Escaped ASCII punctuation is parked on private-use characters while the marks are taken out, then given back.
const PARK = 0xe000;
const park = (text: string) =>
  text.replace(/\\([!-/:-@[-`{-~])/g, (_, char: string) => String.fromCharCode(PARK + char.charCodeAt(0)));
const unpark = (text: string) =>
  text.replace(/[\ue000-\ue07f]/g, (char) => String.fromCharCode(char.charCodeAt(0) - PARK));

function inline(text: string): string {
  const marked = park(text)
    .replace(/`([^`]*)`/g, (_, code: string) => park(code.replace(/[*_~[\]()<>!#|]/g, (c) => `\\${c}`)))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\(\s*([^)\s]*)[^)]*\)/g, (_, label: string, url: string) =>
      url && url !== label ? `${label} (${url})` : label,
    )
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
    .replace(/<\/?[A-Za-z][^>]*>/g, "")
    .replace(/(\*\*|__)(?=\S)(.*?\S)\1/g, "$2")
    .replace(/~~(?=\S)(.*?\S)~~/g, "$1")
    .replace(/\*(?=\S)([^*]*?\S)\*/g, "$1")
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}_])/gu, "$1$2");
  return unpark(marked);
}
