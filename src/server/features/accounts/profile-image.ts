import { AVATAR_MAX_BYTES, avatarDataUrlPattern } from "../../../contract/user.ts";

export type AvatarMime = "image/png" | "image/jpeg";

export type AvatarParse =
  | { ok: true; bytes: Buffer; mime: AvatarMime }
  | { ok: false; reason: "imgTypeTip" | "payloadTooLarge" };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the first bytes say an image is: PNG or JPEG, or neither. */
export function sniffAvatar(bytes: Buffer): AvatarMime | undefined {
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return "image/png";
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return undefined;
}

/**
 * Reads an avatar data URL (png, jpeg or jpg, base64): its decoded bytes must be at most AVATAR_MAX_BYTES
 * and really be the declared type, so nothing else is ever served as an image.
 */
export function parseAvatarDataUrl(dataUrl: string): AvatarParse {
  const match = avatarDataUrlPattern.exec(dataUrl);
  const declared = match?.[1];
  const base64 = match?.[2];
  if (!declared || !base64) return { ok: false, reason: "imgTypeTip" };
  // the decoded size, known before decoding: 3 bytes per 4 characters, less the padding
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > AVATAR_MAX_BYTES + 3) return { ok: false, reason: "payloadTooLarge" };
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > AVATAR_MAX_BYTES) return { ok: false, reason: "payloadTooLarge" };
  const sniffed = sniffAvatar(bytes);
  const expected: AvatarMime = declared === "png" ? "image/png" : "image/jpeg";
  if (!sniffed || sniffed !== expected) return { ok: false, reason: "imgTypeTip" };
  return { ok: true, bytes, mime: sniffed };
}
