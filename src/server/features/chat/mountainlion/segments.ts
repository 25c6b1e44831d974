/** The range of Chinese characters and full-width punctuation, streamed two at a time. */
const WIDE = "\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef";
/** a markdown image, `![alt](url)`, with the spaces after it */
const IMAGE = String.raw`!\[(?:\\.|[^\]\\\n])*\]\([^()\s]*\)[^\S\n]*`;
const SEGMENT = new RegExp(`${IMAGE}|[${WIDE}]{1,2}|[^\\s${WIDE}]+[^\\S\\n${WIDE}]*|\\s+`, "gu");

/**
 * The text cut into the pieces a model streams: a word with the spaces after it, two Chinese characters, or a run
 * of line breaks; a markdown image goes whole, so a reader never sees half of one. Joined, they give the text back
 * exactly.
 */
export function segments(text: string): string[] {
  return text.match(SEGMENT) ?? [];
}

const CJK = /[\u3400-\u9fff]/gu;

/** A rough token count: a Chinese character is about one token, other text about four characters a token. */
export function estimateTokens(text: string): number {
  const wide = text.match(CJK)?.length ?? 0;
  return wide + Math.ceil((text.length - wide) / 4);
}
