import { createHmac, createPublicKey, timingSafeEqual, verify } from "node:crypto";

/**
 * Validation of Telegram Mini Apps init data, written on node:crypto (the layer rules keep @telegram-apps/*
 * packages in the client's host adapter; tests check this module against @telegram-apps/init-data-node).
 *
 * - With the bot token (HMAC-SHA256): secret = HMAC_SHA256(key "WebAppData", bot token); the data-check-string
 *   is every pair except `hash` (a `signature` pair stays in), `key=value` with decoded values, sorted, joined
 *   by newlines; `hash` is the hex HMAC of it under the secret.
 * - With only the bot id (Ed25519, third-party): the message is `<bot_id>:WebAppData\n` followed by the sorted
 *   pairs without `hash` and without `signature`; `signature` is base64url (no padding) under Telegram's key.
 */

/** Telegram's Ed25519 public keys for third-party validation (hex, raw 32 bytes). */
export const TELEGRAM_ED25519_PUBLIC_KEYS = {
  production: "e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d",
  test: "40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec",
} as const;

export interface TelegramInitUser {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
}

export interface ValidInitData {
  authDate: Date;
  user: TelegramInitUser;
}

export type InitDataFailure =
  | "malformed"
  | "hashMissing"
  | "signatureMissing"
  | "authDateInvalid"
  | "signatureInvalid"
  | "expired"
  | "userMissing";

export type InitDataResult = { ok: true; data: ValidInitData } | { ok: false; reason: InitDataFailure; detail: string };

export interface TimeOptions {
  now: Date;
  /** seconds an init data stays valid after its auth_date; 0 turns the age check off */
  maxAgeSeconds: number;
}

/** auth_date may run this far ahead of our clock (clock drift) before init data is refused. */
const FUTURE_SKEW_SECONDS = 300;

/** The pairs of an init data query, decoded, refusing a key given twice (it would be ambiguous). */
export function parseInitDataPairs(initData: string): Map<string, string> | undefined {
  const pairs = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(initData)) {
    if (pairs.has(key)) return undefined;
    pairs.set(key, value);
  }
  return pairs;
}

const sortedLines = (pairs: Map<string, string>, without: readonly string[]) =>
  [...pairs]
    .filter(([key]) => !without.includes(key))
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join("\n");

/** What the bot-token HMAC covers: every pair but `hash` (`signature` stays in). */
export function dataCheckString(pairs: Map<string, string>): string {
  return sortedLines(pairs, ["hash"]);
}

/** What Telegram's Ed25519 signature covers: the bot id line, then every pair but `hash` and `signature`. */
export function thirdPartyMessage(botId: number, pairs: Map<string, string>): string {
  return `${botId}:WebAppData\n${sortedLines(pairs, ["hash", "signature"])}`;
}

/** HMAC_SHA256(key "WebAppData", bot token): the key init data hashes are made with. */
export function initDataSecretKey(botToken: string): Buffer {
  return createHmac("sha256", "WebAppData").update(botToken).digest();
}

/** The hex hash of a data-check-string under a bot token. */
export function initDataHash(checkString: string, botToken: string): string {
  return createHmac("sha256", initDataSecretKey(botToken)).update(checkString).digest("hex");
}

function fail(reason: InitDataFailure, detail: string): InitDataResult {
  return { ok: false, reason, detail };
}

/** Checks auth_date and the user pair; the signature is checked by the caller. */
function readFields(pairs: Map<string, string>, time: TimeOptions): InitDataResult {
  const authDateText = pairs.get("auth_date");
  if (!authDateText || !/^\d{1,12}$/.test(authDateText)) {
    return fail("authDateInvalid", `auth_date is ${authDateText ? "not a Unix time" : "missing"}`);
  }
  const authSeconds = Number(authDateText);
  const nowSeconds = Math.floor(time.now.getTime() / 1000);
  if (time.maxAgeSeconds > 0) {
    if (nowSeconds - authSeconds > time.maxAgeSeconds) {
      return fail("expired", `auth_date is more than ${time.maxAgeSeconds} s old`);
    }
    if (authSeconds - nowSeconds > FUTURE_SKEW_SECONDS) return fail("authDateInvalid", "auth_date is in the future");
  }
  const userText = pairs.get("user");
  if (!userText) return fail("userMissing", "the init data carries no user");
  let user: unknown;
  try {
    user = JSON.parse(userText);
  } catch {
    return fail("malformed", "the user pair is not JSON");
  }
  const id = (user as { id?: unknown } | null)?.id;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) {
    return fail("userMissing", "the user has no valid id");
  }
  const text = (key: string) => {
    const value = (user as Record<string, unknown>)[key];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  return {
    ok: true,
    data: {
      authDate: new Date(authSeconds * 1000),
      user: { id, username: text("username"), first_name: text("first_name"), last_name: text("last_name") },
    },
  };
}

/** Validates init data with the bot token (HMAC-SHA256). */
export function validateInitDataWithToken(initData: string, botToken: string, time: TimeOptions): InitDataResult {
  const pairs = parseInitDataPairs(initData);
  if (!pairs) return fail("malformed", "a key appears twice");
  const hash = pairs.get("hash");
  if (!hash) return fail("hashMissing", "the hash pair is missing");
  if (!/^[0-9a-fA-F]{64}$/.test(hash)) return fail("signatureInvalid", "the hash is not 32 bytes of hex");
  const expected = Buffer.from(initDataHash(dataCheckString(pairs), botToken), "hex");
  const fields = readFields(pairs, time);
  // The hash is compared even when a field is bad, so a failure does not tell how far the checks got by timing.
  const hashMatches = timingSafeEqual(expected, Buffer.from(hash, "hex"));
  if (!hashMatches) return fail("signatureInvalid", "the hash does not match the bot token");
  return fields;
}

const publicKeys = new Map<string, ReturnType<typeof createPublicKey>>();
function ed25519Key(hex: string) {
  let key = publicKeys.get(hex);
  if (!key) {
    key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(hex, "hex").toString("base64url") },
      format: "jwk",
    });
    publicKeys.set(hex, key);
  }
  return key;
}

/** Validates init data with Telegram's Ed25519 signature, for a bot whose token is not held here. */
export function validateInitDataWithPublicKey(
  initData: string,
  botId: number,
  publicKeyHex: string,
  time: TimeOptions,
): InitDataResult {
  const pairs = parseInitDataPairs(initData);
  if (!pairs) return fail("malformed", "a key appears twice");
  const signature = pairs.get("signature");
  if (!signature) return fail("signatureMissing", "the signature pair is missing");
  // base64url without padding as Telegram sends it; Node's decoder also takes the standard alphabet.
  if (!/^[A-Za-z0-9_+/-]{86}(?:==)?$/.test(signature)) {
    return fail("signatureInvalid", "the signature is not 64 bytes of base64url");
  }
  const valid = verify(
    null,
    Buffer.from(thirdPartyMessage(botId, pairs)),
    ed25519Key(publicKeyHex),
    Buffer.from(signature, "base64"),
  );
  if (!valid) return fail("signatureInvalid", "the signature does not verify with Telegram's key");
  return readFields(pairs, time);
}
