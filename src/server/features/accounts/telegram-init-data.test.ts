import { hashToken, signData } from "@telegram-apps/init-data-node";
import { describe, expect, it } from "vitest";
import { validateInitDataThirdParty, validateInitDataWithToken } from "./telegram-init-data.ts";

/**
 * Vectors from the specification data's vectors/telegram_init_data.json: Telegram-Mini-Apps/init-data-golang
 * validate_test.go (f7a67907) and tma.js packages/init-data-node/src/entries/node.test.ts (534e6f6d); the
 * third-party vector is the one signed by Telegram in init-data-node's documentation (validate3rd).
 */
const vector = {
  initData:
    "query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2",
  botToken: "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8",
  authDate: 1662771648,
  dataCheckString:
    'auth_date=1662771648\nquery_id=AAHdF6IQAAAAAN0XohDhrOrc\nuser={"id":279058397,"first_name":"Vladislav","last_name":"Kibenko","username":"vdkfrost","language_code":"ru","is_premium":true}',
};

const thirdParty = {
  initData:
    "user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D" +
    "&chat_instance=8134722200314281151&chat_type=private&auth_date=1733584787" +
    "&signature=zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ" +
    "&hash=2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6",
  botId: 7342037359,
  authDate: 1733584787,
};

/** The HMAC data-check-string as STACK.md states it: every pair but `hash` (`signature` stays in), sorted. */
const checkString = (params: URLSearchParams) =>
  [...params]
    .filter(([key]) => key !== "hash")
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join("\n");

const atVectorTime = { now: new Date(vector.authDate * 1000 + 60_000), maxAgeSeconds: 86_400 };
const ageOff = { now: new Date("2030-01-01T00:00:00Z"), maxAgeSeconds: 0 };

function withParam(initData: string, key: string, value: string): string {
  const params = new URLSearchParams(initData);
  params.set(key, value);
  return params.toString();
}

describe("Telegram init data: HMAC with the bot token", () => {
  it("matches the library's primitive vectors (hashToken, signData)", () => {
    expect(hashToken("my-secret-token").toString("hex")).toBe(
      "fe37f490481d351837ed49f3b369c886c61013d6d036656fc3c9c92e163e3477",
    );
    expect(signData("abc", "my-secret-token")).toBe("6ecc2e9b51f30dde6877ce374ede54eb626c84e78a5d9a9dcac54d2d248f6bde");
  });

  it("builds the vector's data-check-string", () => {
    const params = new URLSearchParams(vector.initData);
    expect(checkString(params)).toBe(vector.dataCheckString);
    expect(signData(vector.dataCheckString, vector.botToken)).toBe(params.get("hash"));
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

  it("names what is missing, like the library's negative inputs", async () => {
    expect(validateInitDataWithToken("auth_date=1", vector.botToken, ageOff)).toMatchObject({ reason: "hashMissing" });
    expect(validateInitDataWithToken("hash=HHH", vector.botToken, ageOff)).toMatchObject({
      reason: "authDateInvalid",
    });
    expect(validateInitDataWithToken("auth_date=AAA&hash=HHH", vector.botToken, ageOff)).toMatchObject({
      reason: "authDateInvalid",
    });
    const badDate = `auth_date=AAA&hash=${signData("auth_date=AAA", vector.botToken)}`;
    expect(validateInitDataWithToken(badDate, vector.botToken, ageOff)).toMatchObject({ reason: "authDateInvalid" });
    expect(await validateInitDataThirdParty("auth_date=1", thirdParty.botId, "test", ageOff)).toMatchObject({
      reason: "signatureMissing",
    });
  });

  it("refuses init data signed properly but without a user", () => {
    const check = "auth_date=1662771648\nquery_id=abc";
    const initData = `query_id=abc&auth_date=1662771648&hash=${signData(check, vector.botToken)}`;
    expect(validateInitDataWithToken(initData, vector.botToken, ageOff)).toMatchObject({ reason: "userMissing" });
  });
});

describe("Telegram init data: modern format, signed with Ed25519 and hashed with the signature in", () => {
  const botToken = "123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-";
  const now = new Date("2026-11-25T10:00:00Z");
  const authDate = Math.floor(now.getTime() / 1000) - 30;
  const time = { now, maxAgeSeconds: 3600 };

  /** Init data as Telegram sends it today: a signature pair, then the hash over every pair but itself. */
  function modernInitData(fields: Record<string, string>): string {
    const params = new URLSearchParams({ ...fields, signature: "A".repeat(86) });
    params.set("hash", signData(checkString(params), botToken));
    return params.toString();
  }
  const initData = modernInitData({
    user: JSON.stringify({ id: 42, first_name: "Ada", last_name: "Lovelace", language_code: "en" }),
    chat_instance: "-1234567890",
    chat_type: "private",
    auth_date: String(authDate),
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

  it("refuses an auth_date far in the future while the age check is on", () => {
    const ahead = { now: new Date((authDate - 3600) * 1000), maxAgeSeconds: 3600 };
    expect(validateInitDataWithToken(initData, botToken, ahead)).toMatchObject({ reason: "authDateInvalid" });
  });
});

describe("Telegram init data: third-party check with Telegram's Ed25519 key", () => {
  const atItsTime = { now: new Date((thirdParty.authDate + 60) * 1000), maxAgeSeconds: 86_400 };

  it("validates Telegram's signature for the bot id, with the production key", async () => {
    expect(await validateInitDataThirdParty(thirdParty.initData, thirdParty.botId, "production", atItsTime)).toEqual({
      ok: true,
      data: {
        authDate: new Date(thirdParty.authDate * 1000),
        user: { id: 279058397, username: "vdkfrost", first_name: "Vladislav + - ? /", last_name: "Kibenko" },
      },
    });
  });

  it("refuses it for another bot id, under the test environment's key, or with a pair changed", async () => {
    const check = (initData: string, botId: number, environment: "production" | "test") =>
      validateInitDataThirdParty(initData, botId, environment, ageOff);
    expect(await check(thirdParty.initData, thirdParty.botId + 1, "production")).toMatchObject({
      reason: "signatureInvalid",
    });
    expect(await check(thirdParty.initData, thirdParty.botId, "test")).toMatchObject({ reason: "signatureInvalid" });
    const tampered = withParam(thirdParty.initData, "chat_type", "group");
    expect(await check(tampered, thirdParty.botId, "production")).toMatchObject({ reason: "signatureInvalid" });
    const garbled = withParam(thirdParty.initData, "signature", "!!");
    expect(await check(garbled, thirdParty.botId, "production")).toMatchObject({ reason: "signatureInvalid" });
  });

  it("ignores the hash (not part of Telegram's message) and checks the age against the server's clock", async () => {
    const rehashed = withParam(thirdParty.initData, "hash", "0".repeat(64));
    expect((await validateInitDataThirdParty(rehashed, thirdParty.botId, "production", atItsTime)).ok).toBe(true);
    const dayLater = { now: new Date((thirdParty.authDate + 86_401) * 1000), maxAgeSeconds: 86_400 };
    expect(
      await validateInitDataThirdParty(thirdParty.initData, thirdParty.botId, "production", dayLater),
    ).toMatchObject({
      reason: "expired",
    });
    const repeated = `${thirdParty.initData}&auth_date=1`;
    expect(await validateInitDataThirdParty(repeated, thirdParty.botId, "production", ageOff)).toMatchObject({
      reason: "malformed",
    });
  });
});
