/**
 * Reading uploaded files from their base64 form and checking what they really are: the bytes decide, and a
 * declared type that disagrees with them is refused, so nothing is ever stored or served under a false type.
 */

export type ImageMime = "image/png" | "image/jpeg";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the first bytes say an image is: PNG or JPEG, or neither. */
export function sniffImage(bytes: Uint8Array): ImageMime | undefined {
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return undefined;
}

/** The image type a client declared ("image/png", "image/jpg", "jpeg", ...), if it is one we take. */
export function declaredImageMime(type: string): ImageMime | undefined {
  const normalized = type
    .trim()
    .toLowerCase()
    .replace(/^image\//, "");
  if (normalized === "png") return "image/png";
  if (normalized === "jpeg" || normalized === "jpg" || normalized === "pjpeg") return "image/jpeg";
  return undefined;
}

/** A PDF starts with "%PDF-" within its first 1024 bytes (ISO 32000-1, 7.5.2 as readers apply it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  return head.includes("%PDF-");
}

export type Base64Payload =
  | { ok: true; bytes: Buffer /** the MIME type of a data: URL prefix, lower case */; prefixMime: string | undefined }
  | { ok: false; reason: "invalid" | "tooLarge" };

const DATA_URL_PREFIX = /^data:([a-z0-9.+/-]*)(?:;[^,;]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Decodes base64 (with or without a `data:<type>;base64,` prefix). The size is checked from the text's length
 * before decoding, so an oversized upload costs no decoding.
 */
export function decodeBase64Payload(content: string, maxBytes: number): Base64Payload {
  const prefix = DATA_URL_PREFIX.exec(content);
  const base64 = (prefix ? content.slice(prefix[0].length) : content).replace(/\s+/g, "");
  if (base64.length === 0 || !BASE64.test(base64)) return { ok: false, reason: "invalid" };
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > maxBytes) return { ok: false, reason: "tooLarge" };
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > maxBytes) return { ok: false, reason: "tooLarge" };
  if (bytes.length === 0) return { ok: false, reason: "invalid" };
  return { ok: true, bytes, prefixMime: prefix?.[1] ? prefix[1].toLowerCase() : undefined };
}
