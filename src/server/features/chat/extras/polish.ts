import {
  EN_CRYPTO_TERMS,
  EN_QUESTION_WORDS,
  EN_REQUEST_VERBS,
  EN_SELF_WORDS,
  EN_SHORTHAND,
  TICKERS,
  ZH_CRYPTO_TERMS,
  ZH_QUESTION_MARKERS,
  ZH_REQUEST_START,
  ZH_REQUEST_WITH_OBJECT,
  ZH_SLANG,
} from "./polish-words.ts";

/**
 * The embedded prompt polisher (spec §7 instruction/polish): an offline, deterministic rewrite of what the user
 * typed into a clear question in the same language. It tidies spacing, capitals and punctuation (full-width in
 * Chinese), spells out crypto shorthand whose meaning is not in doubt, writes tickers in capitals, and turns a
 * request or a bare topic into a well-formed question. It never adds facts. Polishing twice gives the same text.
 * A configured language model may take this over later; this stays the offline default.
 */

export type PolishLanguage = "en" | "cn";

const HAN = /\p{Script=Han}/u;
const CJK_CHAR = String.raw`\p{Script=Han}\u3000-\u303f\uff00-\uffef`;
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s\u3000-\u303f\uff00-\uffef]+/giu;
const LIST_ITEM = /^([-*•]|\d+[.)])\s/;
/** A link while a line is polished: private-use characters around its index, which no rule touches. */
const PLACEHOLDER = /\ue000(\d+)\ue001/g;

/** Polishes a prompt; `language` decides only when the text itself has no letters to tell by. */
export function polishInstruction(input: string, language: PolishLanguage): string {
  const lines = normalizeWhitespace(input);
  if (lines.length === 0) return "";
  const chinese = isChinese(lines.join(" "), language);
  return lines
    .map((line, index) => {
      const shape = index === lines.length - 1 && !LIST_ITEM.test(line);
      return withUrlsMasked(line, (masked) => (chinese ? polishZh(masked, shape) : polishEn(masked, shape)));
    })
    .join("\n");
}

/** Lines of the text with runs of spaces collapsed, control characters dropped and blank lines removed. */
function normalizeWhitespace(input: string): string[] {
  return (
    input
      .replace(/\r\n?/g, "\n")
      // zero-width spaces, byte-order marks, and the characters that mark links while polishing
      .replace(/[\u200b\ufeff\ue000\ue001]/g, "")
      .split("\n")
      .map((line) =>
        line
          .replace(/\p{Cc}/gu, " ")
          .replace(/[ \u00a0\u3000]+/g, " ")
          .trim(),
      )
      .filter((line) => line.length > 0)
  );
}

function isChinese(text: string, language: PolishLanguage): boolean {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latinWords = text.match(/[A-Za-z]+/g)?.length ?? 0;
  if (han === 0) return latinWords === 0 && language === "cn";
  return han >= latinWords || language === "cn";
}

/** Links are kept exactly as typed: they are cut out before polishing and put back after. */
function withUrlsMasked(line: string, polish: (masked: string) => string): string {
  const urls: string[] = [];
  const masked = line.replace(URL_PATTERN, (match) => {
    // punctuation after a link ends the sentence, it is not part of the link
    const url = match.replace(/[.,?!;:)\]'"]+$/, "");
    urls.push(url);
    return `\ue000${urls.length - 1}\ue001${match.slice(url.length)}`;
  });
  return polish(masked).replace(PLACEHOLDER, (_match, index: string) => urls[Number(index)] ?? "");
}

const isLower = (word: string) => word === word.toLowerCase() && /[a-z]/.test(word);
/** The first letter up in capitals (after any opening quote or bracket); "3 reasons" stays as it is. */
const capitalize = (text: string) =>
  text.replace(/^([("'\u201c\u2018]*)([a-z])/, (_m, lead: string, c: string) => lead + c.toUpperCase());

/** The first letter in lower case, unless the first word is an acronym or a name with inner capitals. */
function lowerFirst(text: string): string {
  const first = /^[A-Za-z']+/.exec(text)?.[0] ?? "";
  if (first.length > 1 && /[A-Z]/.test(first.slice(1))) return text;
  if (first === "I" || first.startsWith("I'")) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function firstWord(text: string): string {
  return (/^[A-Za-z][A-Za-z']*/.exec(text)?.[0] ?? "").toLowerCase();
}

// ---- English --------------------------------------------------------------------------------------------------

function replaceEnWords(line: string): string {
  return line
    .replace(/(^|\s)w\/(?=\s|$)/g, "$1with")
    .replace(/(?<![\w$/\ue001])[A-Za-z][A-Za-z0-9']*(?![\w/\ue000])/g, (word) => {
      const lower = word.toLowerCase();
      if (TICKERS.has(lower)) return word.toUpperCase();
      if (lower.endsWith("'s") && TICKERS.has(lower.slice(0, -2))) return `${word.slice(0, -2).toUpperCase()}'s`;
      if (!isLower(word)) return word;
      return EN_SHORTHAND[lower] ?? EN_CRYPTO_TERMS[lower] ?? word;
    });
}

function tidyEnPunctuation(line: string): string {
  return (
    line
      // "??", "?!", "!!!" -> one mark; ".." (not "...") -> "."; ",," -> ","
      .replace(/([?!])[?!]+/g, "$1")
      .replace(/(?<!\.)\.\.(?!\.)/g, ".")
      .replace(/,{2,}/g, ",")
      .replace(/ +([,;:?!]|\.(?!\d))/g, "$1")
      .replace(/([,;?!])(?=[A-Za-z])/g, "$1 ")
      .replace(/(\b[a-z]{2,}[.])(?=[A-Z])/g, "$1 ")
  );
}

const THANKS_EN = /[\s,.!]*\b(thanks|thank you|thx)[.!]*$/i;

function polishEn(input: string, shape: boolean): string {
  const line = tidyEnPunctuation(replaceEnWords(input.normalize("NFKC")));
  // a sentence ends at . ? or ! after a word of two or more characters: "e.g." and "U.S." do not end one
  const sentences = line.split(/(?<=(?:[A-Za-z0-9%)"']{2,}|\d)[.?!])\s+/);
  const last = sentences.pop() ?? "";
  const done = sentences.map(capitalize);
  const thanks = THANKS_EN.exec(last);
  const core = thanks ? last.slice(0, thanks.index) : last;
  if (!shape || !core.trim()) return [...done, capitalize(last)].join(" ");
  return [...done, capitalize(shapeEn(core)), ...(thanks ? ["Thanks!"] : [])].join(" ");
}

const EN_TOPIC_PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^(.+?)\s+prices?(?:\s+(today|now|right now|this week|this month))?$/i,
    (m) => `What is the price of ${m[1]}${m[2] ? ` ${m[2].toLowerCase()}` : ""}?`,
  ],
  [/^(?:latest\s+)?(.+?)\s+news$/i, (m) => `What is the latest news about ${m[1]}?`],
  [/^(.+?)\s+(?:vs\.?|versus)\s+(.+)$/i, (m) => `How does ${m[1]} compare with ${m[2]}?`],
  [
    /^(.+?)\s+(trend|outlook|forecast|prediction|sentiment)$/i,
    (m) => `What is the ${m[2]?.toLowerCase()} for ${m[1]}?`,
  ],
];

/**
 * Makes one sentence a well-formed question (or, for a statement about the asker, a sentence). It runs before the
 * sentence is capitalised, so a topic typed in lower case ("market sentiment") is told from a name ("BTC").
 */
function shapeEn(sentence: string): string {
  const asked = /\?\s*$/.test(sentence);
  const body = sentence.replace(/[\s.!?,;:…]+$/u, "");
  if (!body) return sentence;
  const first = firstWord(body);
  if (EN_QUESTION_WORDS.has(first)) return `${body}?`;
  if (first === "please") {
    const rest = body.slice(first.length).trim();
    if (EN_REQUEST_VERBS.has(firstWord(rest))) return `Could you please ${lowerFirst(rest)}?`;
  }
  if (EN_REQUEST_VERBS.has(first)) return `Could you ${lowerFirst(body)}?`;
  const clauses = body.split(/[,;]\s*/).slice(1);
  if (clauses.some((clause) => EN_QUESTION_WORDS.has(firstWord(clause)))) return `${body}?`;
  if (EN_SELF_WORDS.has(first)) return `${body}${asked ? "?" : "."}`;
  if (body.split(/\s+/).length <= 8) {
    for (const [pattern, make] of EN_TOPIC_PATTERNS) {
      const match = pattern.exec(body);
      // "BTC price", "Solana news": a named subject; "gas price", "market sentiment" read better as a topic
      if (match && /^[A-Z0-9]/.test(match[1] ?? "")) return make(match);
    }
    if (!asked) return `Could you tell me about ${lowerFirst(body)}?`;
  }
  return `${body}?`;
}

// ---- Chinese --------------------------------------------------------------------------------------------------

/** Full-width letters and digits as ASCII (Chinese punctuation stays full-width). */
function halfWidthAlnum(text: string): string {
  return text.replace(/[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/g, (c) =>
    String.fromCharCode((c.codePointAt(0) ?? 0) - 0xfee0),
  );
}

function replaceZhWords(line: string): string {
  let out = line;
  for (const [slang, meaning] of Object.entries(ZH_SLANG)) out = out.replaceAll(slang, meaning);
  // "100usdt": a ticker may follow a number directly in Chinese text
  return out.replace(/(?<![A-Za-z$\ue001])[A-Za-z][A-Za-z0-9]*(?![A-Za-z0-9\ue000])/g, (word) => {
    const lower = word.toLowerCase();
    if (TICKERS.has(lower)) return word.toUpperCase();
    if (!isLower(word)) return word;
    return ZH_CRYPTO_TERMS[lower] ?? word;
  });
}

const CJK_SPACE = new RegExp(`(?<=[${CJK_CHAR}])\\s+|\\s+(?=[${CJK_CHAR}])`, "gu");
const FULL_WIDTH: Readonly<Record<string, string>> = { "?": "？", "!": "！", ";": "；", "(": "（", ")": "）" };

/** ASCII punctuation as Chinese punctuation, except inside numbers (1,000  0.5  10:30). */
function zhPunctuation(line: string): string {
  const chars = [...line];
  return chars
    .map((char, i) => {
      const before = chars[i - 1] ?? "";
      const after = chars[i + 1] ?? "";
      const betweenDigits = /\d/.test(before) && /\d/.test(after);
      if (char === "," && !betweenDigits) return "，";
      if (char === ":" && !betweenDigits) return "：";
      if (char === "." && !betweenDigits && (HAN.test(before) || HAN.test(after) || after === "")) return "。";
      return FULL_WIDTH[char] ?? char;
    })
    .join("")
    .replace(/([，。！？；：])\1+/g, "$1")
    .replace(/[？！]{2,}/g, (run) => run.charAt(0))
    .replace(/\s+(?=[，。！？；：（）])|(?<=[，。！？；：（）])\s+/g, "");
}

const THANKS_ZH = /[，,\s]*(谢谢|多谢|感谢|谢啦)[！!。.~～]*$/;

function polishZh(input: string, shape: boolean): string {
  const line = zhPunctuation(replaceZhWords(halfWidthAlnum(input)).replace(CJK_SPACE, ""));
  if (!shape) return line;
  const sentences = line.split(/(?<=[。！？])/).filter((s) => s.length > 0);
  const last = sentences.pop() ?? "";
  const thanks = THANKS_ZH.exec(last);
  const core = thanks ? last.slice(0, thanks.index) : last;
  if (!core.trim()) return line;
  return [...sentences, shapeZh(core), thanks ? "谢谢！" : ""].join("");
}

const ZH_TOPIC_PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^(.+?)的?(?:价格|币价|现价)$/u, (m) => `${m[1]}现在的价格是多少？`],
  [/^(.+?)的?(?:新闻|消息|资讯)$/u, (m) => `${m[1]}有什么最新消息？`],
  [/^(.+?)的?(走势|趋势|行情|前景)$/u, (m) => `${m[1]}的${m[2]}如何？`],
  [/^(.+?)\s*(?:vs\.?|VS\.?|Vs\.?)\s*(.+)$/u, (m) => `${m[1]}和${m[2]}相比如何？`],
  [/^(.+?)(?:和|与|跟)(.+?)的?(?:对比|比较)$/u, (m) => `${m[1]}和${m[2]}相比如何？`],
];

function shapeZh(sentence: string): string {
  const asked = /[？?]\s*$/.test(sentence);
  const body = sentence.replace(/[\s。！？!?.,，~～…]+$/u, "");
  if (!body) return sentence;
  if (ZH_QUESTION_MARKERS.test(body) || body.startsWith("请问")) return `${body}？`;
  const request = body.replace(/^(请你|请|麻烦你|麻烦)/u, "");
  if (ZH_REQUEST_WITH_OBJECT.test(request)) return `能${request}吗？`;
  if (ZH_REQUEST_START.test(request)) return `能帮我${request}吗？`;
  if (/^我们?(想|要|打算|准备|计划)/u.test(body)) return `${body}，有什么建议吗？`;
  if (/^我/u.test(body)) return `${body}${asked ? "？" : "。"}`;
  if ([...body].length <= 20) {
    for (const [pattern, make] of ZH_TOPIC_PATTERNS) {
      const match = pattern.exec(body);
      if (match) return make(match);
    }
    if (!asked) return `关于${body}，能详细介绍一下吗？`;
  }
  return `${body}？`;
}
