import { generateKeyPairSync, sign as signEd25519 } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  dataCheckString,
  initDataHash,
  initDataSecretKey,
  parseInitDataPairs,
  TELEGRAM_ED25519_PUBLIC_KEYS,
  thirdPartyMessage,
  validateInitDataWithPublicKey,
  validateInitDataWithToken,
} from "./telegram-init-data.ts";

/**
 * Vectors from the specification data's vectors/telegram_init_data.json: Telegram-Mini-Apps/init-data-golang
 * validate_test.go (f7a67907) and tma.js packages/init-data-node/src/entries/node.test.ts (534e6f6d).
 */
const vector = {
  initData:
    "query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2",
  botToken: "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8",
  botId: 5768337691,
  authDate: 1662771648,
  dataCheckString:
    'auth_date=1662771648\nquery_id=AAHdF6IQAAAAAN0XohDhrOrc\nuser={"id":279058397,"first_name":"Vladislav","last_name":"Kibenko","username":"vdkfrost","language_code":"ru","is_premium":true}',
};

const atVectorTime = { now: new Date(vector.authDate * 1000 + 60_000), maxAgeSeconds: 86_400 };
const ageOff = { now: new Date("2030-01-01T00:00:00Z"), maxAgeSeconds: 0 };

function withParam(initData: string, key: string, value: string): string {
  const params = new URLSearchParams(initData);
  params.set(key, value);
  return params.toString();
}

describe("Telegram init data: HMAC with the bot token", () => {
  it("matches the library's primitive vectors (hashToken, signData)", () => {
    expect(initDataSecretKey("my-secret-token").toString("hex")).toBe(
      "fe37f490481d351837ed49f3b369c886c61013d6d036656fc3c9c92e163e3477",
    );
    expect(initDataHash("abc", "my-secret-token")).toBe(
      "6ecc2e9b51f30dde6877ce374ede54eb626c84e78a5d9a9dcac54d2d248f6bde",
    );
  });

  it("builds the vector's data-check-string", () => {
    const pairs = parseInitDataPairs(vector.initData);
    expect(pairs && dataCheckString(pairs)).toBe(vector.dataCheckString);
  });

  it("validates the vector with the age check off, and at its own time", () => {
    const result = validateInitDataWithToken(vector.initData, vector.botToken, ageOff);
    expect(result).toEqual({
      ok: true,
      data: {
        authDate: new Date(vector.authDate * 1000),
        user: { id: 279058397, username: "vdkfrost", first_name: "Vladislav", last_name: "Kibenko" },
      },
    });
    expect(validateInitDataWithToken(vector.initData, vector.botToken, atVectorTime).ok).toBe(true);
  });

  it("refuses the vector as stale a day after its auth_date (the default max age)", () => {
    const dayLater = { now: new Date((vector.authDate + 86_401) * 1000), maxAgeSeconds: 86_400 };
    expect(validateInitDataWithToken(vector.initData, vector.botToken, dayLater)).toMatchObject({
      ok: false,
      reason: "expired",
    });
    const oneSecond = { now: new Date((vector.authDate + 2) * 1000), maxAgeSeconds: 1 };
    expect(validateInitDataWithToken(vector.initData, vector.botToken, oneSecond)).toMatchObject({
      reason: "expired",
    });
  });

  it("refuses a wrong bot token", () => {
    expect(validateInitDataWithToken(vector.initData, `${vector.botToken}A`, ageOff)).toMatchObject({
      ok: false,
      reason: "signatureInvalid",
    });
  });

  const pairs = [...new URLSearchParams(vector.initData)];
  it.each(pairs.filter(([key]) => key !== "hash"))("refuses the vector with %s tampered", (key, value) => {
    const tampered = withParam(vector.initData, key, key === "auth_date" ? String(Number(value) + 1) : `${value}x`);
    expect(validateInitDataWithToken(tampered, vector.botToken, ageOff)).toMatchObject({
      ok: false,
      reason: "signatureInvalid",
    });
  });

  it("refuses a tampered hash, an added pair, a removed pair and a repeated key", () => {
    const flipped = vector.initData.replace(/hash=c5/, "hash=c6");
    expect(validateInitDataWithToken(flipped, vector.botToken, ageOff).ok).toBe(false);
    expect(validateInitDataWithToken(`${vector.initData}&start_param=x`, vector.botToken, ageOff).ok).toBe(false);
    expect(validateInitDataWithToken(`${vector.initData}&signature=abc`, vector.botToken, ageOff).ok).toBe(false);
    const withoutQuery = vector.initData.replace(/^query_id=[^&]*&/, "");
    expect(validateInitDataWithToken(withoutQuery, vector.botToken, ageOff).ok).toBe(false);
    expect(validateInitDataWithToken(`${vector.initData}&auth_date=1`, vector.botToken, ageOff)).toMatchObject({
      reason: "malformed",
    });
  });

  it("names what is missing, like the library's negative inputs", () => {
    expect(validateInitDataWithToken("auth_date=1", vector.botToken, ageOff)).toMatchObject({ reason: "hashMissing" });
    expect(validateInitDataWithToken("hash=HHH", vector.botToken, ageOff)).toMatchObject({
      reason: "signatureInvalid",
    });
    const hashOnly = `hash=${initDataHash("", vector.botToken)}`;
    expect(validateInitDataWithToken(hashOnly, vector.botToken, ageOff)).toMatchObject({ reason: "authDateInvalid" });
    const badDate = `auth_date=AAA&hash=${initDataHash("auth_date=AAA", vector.botToken)}`;
    expect(validateInitDataWithToken(badDate, vector.botToken, ageOff)).toMatchObject({ reason: "authDateInvalid" });
    expect(
      validateInitDataWithPublicKey("auth_date=1", vector.botId, TELEGRAM_ED25519_PUBLIC_KEYS.test, ageOff),
    ).toMatchObject({ reason: "signatureMissing" });
  });

  it("refuses init data signed properly but without a user", () => {
    const check = "auth_date=1662771648\nquery_id=abc";
    const initData = `query_id=abc&auth_date=1662771648&hash=${initDataHash(check, vector.botToken)}`;
    expect(validateInitDataWithToken(initData, vector.botToken, ageOff)).toMatchObject({ reason: "userMissing" });
  });
});

describe("Telegram init data: modern format with an Ed25519 signature", () => {
  // Telegram's private key is Telegram's: a key pair of our own stands in for it, checked through the same code.
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const publicKeyHex = Buffer.from(publicKey.export({ format: "jwk" }).x ?? "", "base64url").toString("hex");
  const botToken = "123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-";
  const botId = 123456;
  const now = new Date();
  const authDate = Math.floor(now.getTime() / 1000) - 30;

  /** Init data as Telegram sends it today: signed with Ed25519 first, then hashed with the signature in. */
  function modernInitData(fields: Record<string, string>): string {
    const pairs = new Map(Object.entries(fields));
    const signature = signEd25519(null, Buffer.from(thirdPartyMessage(botId, pairs)), privateKey).toString("base64url");
    pairs.set("signature", signature);
    pairs.set("hash", initDataHash(dataCheckString(pairs), botToken));
    return new URLSearchParams([...pairs]).toString();
  }

  const initData = modernInitData({
    user: JSON.stringify({ id: 42, first_name: "Ada", last_name: "Lovelace", language_code: "en" }),
    chat_instance: "-1234567890",
    chat_type: "private",
    auth_date: String(authDate),
  });
  const time = { now, maxAgeSeconds: 3600 };

  it("keeps the signature in the HMAC data-check-string and drops it (and hash) from the Ed25519 message", () => {
    const pairs = parseInitDataPairs(initData);
    if (!pairs) throw new Error("unparsed");
    expect(dataCheckString(pairs)).toContain("\nsignature=");
    expect(dataCheckString(pairs)).not.toContain("hash=");
    const message = thirdPartyMessage(botId, pairs);
    expect(message.startsWith(`${botId}:WebAppData\nauth_date=`)).toBe(true);
    expect(message).not.toMatch(/signature=|hash=/);
  });

  it("validates by HMAC with the bot token", () => {
    expect(validateInitDataWithToken(initData, botToken, time)).toMatchObject({
      ok: true,
      data: { user: { id: 42, first_name: "Ada", last_name: "Lovelace" } },
    });
  });

  it("fails by HMAC when the signature pair is dropped (it is part of the data-check-string)", () => {
    const params = new URLSearchParams(initData);
    params.delete("signature");
    expect(validateInitDataWithToken(params.toString(), botToken, time)).toMatchObject({ reason: "signatureInvalid" });
  });

  it("validates by Ed25519 with the signer's public key, and not with Telegram's real keys", () => {
    expect(validateInitDataWithPublicKey(initData, botId, publicKeyHex, time).ok).toBe(true);
    for (const key of Object.values(TELEGRAM_ED25519_PUBLIC_KEYS)) {
      expect(validateInitDataWithPublicKey(initData, botId, key, time)).toMatchObject({ reason: "signatureInvalid" });
    }
  });

  it("fails by Ed25519 for another bot id, a tampered pair or a stale auth_date", () => {
    expect(validateInitDataWithPublicKey(initData, botId + 1, publicKeyHex, time).ok).toBe(false);
    const tampered = withParam(initData, "chat_type", "group");
    expect(validateInitDataWithPublicKey(tampered, botId, publicKeyHex, time)).toMatchObject({
      reason: "signatureInvalid",
    });
    const later = { now: new Date(now.getTime() + 2 * 3600_000), maxAgeSeconds: 3600 };
    expect(validateInitDataWithPublicKey(initData, botId, publicKeyHex, later)).toMatchObject({ reason: "expired" });
    expect(validateInitDataWithToken(initData, botToken, later)).toMatchObject({ reason: "expired" });
  });

  it("ignores a changed hash on the Ed25519 path (hash is not part of its message)", () => {
    const rehashed = withParam(initData, "hash", "0".repeat(64));
    expect(validateInitDataWithPublicKey(rehashed, botId, publicKeyHex, time).ok).toBe(true);
    expect(validateInitDataWithToken(rehashed, botToken, time).ok).toBe(false);
  });

  it("refuses an auth_date far in the future while the age check is on", () => {
    const ahead = { now: new Date((authDate - 3600) * 1000), maxAgeSeconds: 3600 };
    expect(validateInitDataWithToken(initData, botToken, ahead)).toMatchObject({ reason: "authDateInvalid" });
  });
});
