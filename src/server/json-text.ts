/**
 * Reading JSON request bodies from their raw bytes with a nesting limit. The depth is checked by a cheap scan
 * before JSON.parse and before any validation walks the value, so a body of millions of brackets is refused in
 * a few milliseconds instead of occupying the event loop for seconds.
 */

/** Deepest nesting of arrays and objects a request body may have. */
export const JSON_MAX_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text (UTF-8 bytes) nests arrays and objects deeper than `limit`. Strings are skipped with a native
 * search for their closing quote, so a long string (a base64 upload) costs almost nothing; brackets inside
 * strings do not count. Text that is not JSON answers false and is left for JSON.parse to refuse.
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const byte = text[i];
    if (byte === QUOTE) {
      let end = text.indexOf(QUOTE, i + 1);
      while (end !== -1) {
        let backslashes = 0;
        while (text[end - 1 - backslashes] === BACKSLASH) backslashes += 1;
        if (backslashes % 2 === 0) break;
        end = text.indexOf(QUOTE, end + 1);
      }
      if (end === -1) return false;
      i = end;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

export type JsonRead = { ok: true; value: unknown } | { ok: false; reason: "tooDeep" | "invalid" };

/** Parses JSON text given as UTF-8 bytes, refusing text that nests deeper than `maxDepth`. */
export function readJson(bytes: Uint8Array, maxDepth: number = JSON_MAX_DEPTH): JsonRead {
  if (jsonNestsDeeperThan(bytes, maxDepth)) return { ok: false, reason: "tooDeep" };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}
