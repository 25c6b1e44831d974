import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fxRateDataSchema } from "../../src/contract/fx.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { parseEcbRates, SHIPPED_FX_FILE } from "../../src/server/providers/fx/ecb-rates.ts";
import {
  binanceFixtures,
  coingeckoFixtures,
  FIXTURE_NOW,
} from "../../src/server/providers/market/fixtures/stand-ins.ts";
import { json, type StandIn, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/** the shipped ECB reference rates, by day: what every answer must equal */
const ROWS = parseEcbRates(readFileSync(SHIPPED_FX_FILE, "utf8"));
const row = (date: string) => {
  const found = ROWS.find((r) => r.date === date);
  if (!found) throw new Error(`no rate row for ${date}`);
  return found;
};

/** A server replaying the market from `start`, its wall clock standing still (the market time stays at `start`). */
async function replayServer(start: string) {
  const db = await createTestDatabase();
  const srv = await startTestServer(
    { ...db.env, MARKET_PROVIDER: "replay", MARKET_REPLAY_START: start },
    { clock: manualClock(new Date("2030-01-01T00:00:00Z")) },
  );
  return { srv, db };
}

describe("the rate in force at the replay's market time", () => {
  let db: TestDatabase;
  let srv: TestServer;
  beforeAll(async () => {
    // Saturday 2026-03-28: no fixing that day; Friday's is in force
    ({ db, srv } = await replayServer("2026-03-28T12:00:00.000Z"));
  });
  afterAll(async () => {
    await srv?.stop();
    await db?.drop();
  });

  it("gives Friday's ECB rate on a Saturday, carried forward", async () => {
    const res = await call(srv.url, "/fx/rate?currency=EUR");
    expect(res.status).toBe(200);
    expect(fxRateDataSchema.parse(res.json?.data)).toEqual({
      currency: "EUR",
      marketDate: "2026-03-28",
      perUsd: row("2026-03-27").EUR,
      date: "2026-03-27",
      source: "ECB reference rate",
      carriedForward: true,
    });
    const cny = await call(srv.url, "/fx/rate?currency=CNY");
    expect(cny.json?.data).toMatchObject({ perUsd: row("2026-03-27").CNY, date: "2026-03-27", carriedForward: true });
  });

  it("needs no rate for dollars", async () => {
    const res = await call(srv.url, "/fx/rate?currency=USD");
    expect(res.json?.data).toEqual({
      currency: "USD",
      marketDate: "2026-03-28",
      perUsd: 1,
      date: "2026-03-28",
      source: "USD",
      carriedForward: false,
    });
  });

  it("refuses a currency it cannot show, naming the field", async () => {
    for (const query of ["?currency=GBP", "?currency=eur", "?currency="]) {
      const res = await call(srv.url, `/fx/rate${query}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "currency" } });
    }
    const missing = await call(srv.url, "/fx/rate");
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 1001, data: { key: "required", field: "currency" } });
  });

  it("is in the published OpenAPI document", async () => {
    const res = await fetch(`${srv.url}/v2/api/openapi.json`);
    const document = (await res.json()) as {
      paths: Record<string, { get?: { parameters: { name: string; in: string; required: boolean }[] } }>;
    };
    const operation = document.paths["/v2/api/fx/rate"]?.get;
    expect(operation?.parameters).toContainEqual(
      expect.objectContaining({ name: "currency", in: "query", required: true }),
    );
  });
});

describe("a replay date before the shipped rates", () => {
  let db: TestDatabase;
  let srv: TestServer;
  beforeAll(async () => {
    ({ db, srv } = await replayServer("2025-12-31T12:00:00.000Z"));
  });
  afterAll(async () => {
    await srv?.stop();
    await db?.drop();
  });

  it("has no rate, and says so instead of guessing one", async () => {
    const res = await call(srv.url, "/fx/rate?currency=EUR");
    expect(res.status).toBe(200);
    expect(res.json?.data).toEqual({
      currency: "EUR",
      marketDate: "2025-12-31",
      perUsd: null,
      date: null,
      source: null,
      carriedForward: false,
    });
  });
});

describe("the live market's rates (Binance, CoinGecko and Frankfurter stand-ins)", () => {
  let db: TestDatabase;
  let srv: TestServer;
  let binance: StandIn;
  let coingecko: StandIn;
  let frankfurter: StandIn;
  const clock = manualClock(new Date(FIXTURE_NOW));
  let frankfurterUp = true;
  beforeAll(async () => {
    [db, binance, coingecko, frankfurter] = await Promise.all([
      createTestDatabase(),
      startStandIn(binanceFixtures()),
      startStandIn(coingeckoFixtures()),
      // Frankfurter's answer for a day: the ECB's rates of the last business day on or before it
      startStandIn(({ path }) => {
        if (!frankfurterUp) return { status: 503, body: "unavailable" };
        const day = /^\/v1\/(\d{4}-\d\d-\d\d)$/.exec(path)?.[1];
        const fixing = day ? ROWS.filter((r) => r.date <= day).at(-1) : undefined;
        return fixing
          ? json({ amount: 1.0, base: "USD", date: fixing.date, rates: { CNY: fixing.CNY, EUR: fixing.EUR } })
          : undefined;
      }),
    ]);
    srv = await startTestServer(
      {
        ...db.env,
        MARKET_PROVIDER: "live",
        BINANCE_BASE_URL: binance.url,
        COINGECKO_BASE_URL: coingecko.url,
        FX_URL: `${frankfurter.url}/v1`,
      },
      { clock },
    );
  });
  afterAll(async () => {
    await srv?.stop();
    await Promise.all([db?.drop(), binance?.close(), coingecko?.close(), frankfurter?.close()]);
  });

  it("reads the live source at wall time, and the shipped rate stands in while it is down", async () => {
    // 2026-03-31 00:20 UTC: the rate in force is Monday's (Tuesday's comes out at 15:00 UTC)
    const live = await call(srv.url, "/fx/rate?currency=EUR");
    expect(live.json?.data).toEqual({
      currency: "EUR",
      marketDate: "2026-03-31",
      perUsd: row("2026-03-30").EUR,
      date: "2026-03-30",
      source: "ECB reference rate",
      carriedForward: true,
    });
    expect(frankfurter.requests).toEqual(["/v1/2026-03-30?base=USD&symbols=EUR%2CCNY"]);

    frankfurterUp = false;
    clock.set(new Date("2026-03-31T16:00:00Z"));
    const standIn = await call(srv.url, "/fx/rate?currency=CNY");
    expect(standIn.json?.data).toMatchObject({ perUsd: row("2026-03-31").CNY, date: "2026-03-31" });
    // today's rate is asked for as the latest
    expect(frankfurter.requests.at(-1)).toBe("/v1/latest?base=USD&symbols=EUR%2CCNY");
  });

  it("has no rate past the shipped file's last day while the live source is down", async () => {
    frankfurterUp = false;
    clock.set(new Date("2026-04-02T16:00:00Z"));
    const res = await call(srv.url, "/fx/rate?currency=EUR");
    expect(res.json?.data).toMatchObject({ marketDate: "2026-04-02", perUsd: null, date: null, source: null });
  });
});
