import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { predictShareDataSchema } from "../../src/contract/predict.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";

const AT = Date.parse("2026-03-10T12:30:00.000Z");
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** the PNG behind a data URL, and its size as its IHDR chunk says */
function png(image: string) {
  const prefix = "data:image/png;base64,";
  expect(image.startsWith(prefix)).toBe(true);
  const bytes = Buffer.from(image.slice(prefix.length), "base64");
  return { signature: [...bytes.subarray(0, 8)], width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes };
}

const clock = manualClock(new Date(AT));
let db: TestDatabase;
let srv: TestServer;
/** a signed-in new account (on its trial): visitors are asked to sign in first */
let headers: { authorization: string };
beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer({ ...db.env, MARKET_REPLAY_START: new Date(AT).toISOString() }, { clock });
  headers = await newAccountHeaders(srv, clock);
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

async function card(body: unknown) {
  const res = await call(srv.url, "/share/pic/price_prediction", { headers, body });
  expect(res.status, res.text).toBe(200);
  const data = predictShareDataSchema.parse(res.json?.data);
  return { data, image: png(data.image) };
}

describe("price prediction share card", () => {
  it("draws BTC's forecast as a 1200x630 PNG", async () => {
    const { data, image } = await card({ coinAbbr: "btc", language: "en" });
    expect(image.signature).toEqual(PNG_SIGNATURE);
    expect({ width: image.width, height: image.height }).toEqual({ width: 1200, height: 630 });
    expect({ width: data.width, height: data.height }).toEqual({ width: 1200, height: 630 });
    // the same forecast and language answer the same card
    const again = await card({ coinAbbr: "BTC", interval: "1h", language: "en" });
    expect(again.data.image).toBe(data.image);
  });

  it("draws a Chinese card, and a daily one, each its own image", async () => {
    const english = await card({ coinAbbr: "BTC", language: "en" });
    const chinese = await card({ coinAbbr: "BTC", language: "cn" });
    const daily = await card({ coinAbbr: "DOGE", language: "cn" });
    for (const one of [chinese, daily]) {
      expect(one.image.signature).toEqual(PNG_SIGNATURE);
      expect([one.image.width, one.image.height]).toEqual([1200, 630]);
    }
    expect(chinese.data.image).not.toBe(english.data.image);
    expect(daily.data.image).not.toBe(chinese.data.image);
  });

  it("says which field is wrong for bad input", async () => {
    const unknown = await call(srv.url, "/share/pic/price_prediction", {
      headers,
      body: { coinAbbr: "NOPE", language: "en" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "coinAbbr" } });
    const interval = await call(srv.url, "/share/pic/price_prediction", {
      headers,
      body: { coinAbbr: "BTC", interval: "5m", language: "en" },
    });
    expect(interval.status).toBe(400);
    expect(interval.json).toMatchObject({ code: 1001, data: { field: "interval", key: "invalidValue" } });
    const hourlyDoge = await call(srv.url, "/share/pic/price_prediction", {
      headers,
      body: { coinAbbr: "DOGE", interval: "1h", language: "en" },
    });
    expect(hourlyDoge.status).toBe(400);
    expect(hourlyDoge.json).toMatchObject({ data: { field: "interval" } });
    const language = await call(srv.url, "/share/pic/price_prediction", {
      headers,
      body: { coinAbbr: "BTC", language: "fr" },
    });
    expect(language.status).toBe(400);
    expect(language.json).toMatchObject({ data: { field: "language", key: "invalidValue" } });
  });
});
