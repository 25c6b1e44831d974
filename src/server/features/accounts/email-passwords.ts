import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { Limits } from "../../../contract/constants.ts";

/**
 * Passwords as argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes,
 * the OWASP minimum.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function passwordMatches(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real check, so an unknown address or an account without a password answers as
 * slowly as a wrong password.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash(randomBytes(16).toString("hex"));
  await passwordMatches(await dummyHash, password);
}

/** A display name from the address's local part: letters, digits, dot, dash and underscore, 20 at most. */
export function usernameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const name = [...local.replace(/[^\p{L}\p{N}._-]/gu, "")].slice(0, Limits.usernameMax).join("");
  return name.length > 0 ? name : "user";
}
