import { createHash, randomBytes, randomInt } from "node:crypto";

/** An opaque bearer token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A six-digit code, uniformly drawn. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

const INVITATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Uppercase letters and digits (spec §5 inviter), without look-alikes. */
export function newInvitationCode(length = 8): string {
  let code = "";
  for (let i = 0; i < length; i++) code += INVITATION_ALPHABET[randomInt(0, INVITATION_ALPHABET.length)];
  return code;
}
