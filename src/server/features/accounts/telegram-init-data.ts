import { isAuthDateInvalidError, isSignatureMissingError, validate, validate3rd } from "@telegram-apps/init-data-node";

/**
 * Validation of Telegram Mini Apps init data on @telegram-apps/init-data-node:
 *
 * - with the bot token, the library's HMAC-SHA256 check (the data-check-string is every pair except `hash`; a
 *   `signature` pair stays in);
 * - with only the bot id, the library's Ed25519 third-party check under Telegram's public key for the production
 *   or the test environment (the message drops both `hash` and `signature`).
 *
 * The library's own expiry reads the real clock, so it is turned off and the age is checked here against the
 * server's clock, with the user pair read and a repeated key refused.
 */

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

/** Which of Telegram's Ed25519 keys signs the init data a third party checks. */
export type TelegramEnvironment = "production" | "test";

/** auth_date may run this far ahead of our clock (clock drift) before init data is refused. */
const FUTURE_SKEW_SECONDS = 300;

function fail(reason: InitDataFailure, detail: string): InitDataResult {
  return { ok: false, reason, detail };
}

/** The pairs of an init data query, decoded, refusing a key given twice (it would be ambiguous). */
function parsePairs(initData: string): Map<string, string> | undefined {
  const pairs = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(initData)) {
    if (pairs.has(key)) return undefined;
    pairs.set(key, value);
  }
  return pairs;
}

const HMAC_PATH = { missing: "hashMissing", pair: "hash", mismatch: "the hash does not match the bot token" } as const;
const ED25519_PATH = {
  missing: "signatureMissing",
  pair: "signature",
  mismatch: "the signature does not verify with Telegram's key",
} as const;

/** What the library threw, as a failure of the path that threw it. */
function libraryFailure(error: unknown, path: typeof HMAC_PATH | typeof ED25519_PATH): InitDataResult {
  if (isSignatureMissingError(error)) return fail(path.missing, `the ${path.pair} pair is missing`);
  if (isAuthDateInvalidError(error)) return fail("authDateInvalid", "auth_date is missing or not a Unix time");
  return fail("signatureInvalid", path.mismatch);
}

/** Checks auth_date against the clock and reads the user pair; the signature was checked before. */
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
  const pairs = parsePairs(initData);
  if (!pairs) return fail("malformed", "a key appears twice");
  try {
    validate(initData, botToken, { expiresIn: 0 });
  } catch (error) {
    return libraryFailure(error, HMAC_PATH);
  }
  return readFields(pairs, time);
}

/** Validates init data with Telegram's Ed25519 signature, for a bot whose token is not held here. */
export async function validateInitDataThirdParty(
  initData: string,
  botId: number,
  environment: TelegramEnvironment,
  time: TimeOptions,
): Promise<InitDataResult> {
  const pairs = parsePairs(initData);
  if (!pairs) return fail("malformed", "a key appears twice");
  try {
    await validate3rd(initData, botId, { expiresIn: 0, test: environment === "test" });
  } catch (error) {
    return libraryFailure(error, ED25519_PATH);
  }
  return readFields(pairs, time);
}
