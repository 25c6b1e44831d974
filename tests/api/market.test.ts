import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coinListDataSchema,
  klineDataSchema,
  sentimentDataSchema,
  tokenInfoDataSchema,
} from "../../src/contract/market.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** market time of the whole file: the replay starts here and the wall clock stands still */
const AT = Date.parse("2026-03-10T12:30:00.000Z");

/** The shipped candle file, by open time: what every figure must equal. */
function candles(kind: "hourly" | "daily", pair: string) {
  const rows = readFileSync(new URL(`../../data/market/${kind}/${pair}.csv`, import.meta.url), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",").map((field) => (field === "" ? null : Number(field))));
  return new Map(rows.map(([t, o, h, l, c, v, qv]) => [t as number, { o, h, l, c, v, qv }]));
}
const round2 = (value: number) => Math.round(value * 100) / 100;
/** the priced coins in rank order, from the shipped universe */
const RANKED = (
  JSON.parse(readFileSync(new URL("../../data/market/coins.json", import.meta.url), "utf8")) as {
    coins: { symbol: string; rank: number; pair: string | null }[];
  }
).coins
  .filter((coin) => coin.pair !== null)
  .sort((a, b) => a.rank - b.rank)
  .map((coin) => coin.symbol);

let db: TestDatabase;
let srv: TestServer;
beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer(
    { ...db.env, MARKET_REPLAY_START: new Date(AT).toISOString() },
    { clock: manualClock(new Date("2030-01-01T00:00:00Z")) },
  );
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

describe("market data from the replay", () => {
  it("lists priced coins with the exact candle values at the market time", async () => {
    const res = await call(srv.url, "/getCoinList");
    expect(res.status).toBe(200);
    const data = coinListDataSchema.parse(res.json?.data);
    expect(data.source).toEqual({ mode: "replay", provider: "Binance (replay)", at: new Date(AT).toISOString() });
    const btcHours = candles("hourly", "BTCUSDT");
    const last = btcHours.get(Date.parse("2026-03-10T11:00:00Z"));
    const dayBefore = btcHours.get(Date.parse("2026-03-09T11:00:00Z"));
    const btc = data.list.find((coin) => coin.coinAbbr === "BTC");
    expect(btc).toEqual({
      coinCode: "btc",
      coinAbbr: "BTC",
      coinName: "Bitcoin",
      coinImageUrl: "/v2/api/coin/image/BTC.svg",
      lastPrice: last?.c,
      change: round2(((last?.c ?? 0) / (dayBefore?.c ?? 1) - 1) * 100),
    });
    // SOL has daily candles only: its price is the close of the last completed day
    const solDays = candles("daily", "SOLUSDT");
    const sol = data.list.find((coin) => coin.coinAbbr === "SOL");
    expect(sol?.lastPrice).toBe(solDays.get(Date.parse("2026-03-09T00:00:00Z"))?.c);
    expect(data.list.map((coin) => coin.coinAbbr)).toEqual(RANKED);
    expect(data.total).toBe(9);
  });

  it("answers tokenInfo with the candle figures, market cap from supply and a factual narrative", async () => {
    const res = await call(srv.url, "/dashboard/token/info?coinAbbr=eth");
    const info = tokenInfoDataSchema.parse(res.json?.data);
    const hours = candles("hourly", "ETHUSDT");
    const at = (iso: string) => hours.get(Date.parse(iso))?.c ?? Number.NaN;
    const price = at("2026-03-10T11:00:00Z");
    expect(info.price).toBe(price);
    expect(info.change1h).toBe(round2((price / at("2026-03-10T10:00:00Z") - 1) * 100));
    expect(info.change24h).toBe(round2((price / at("2026-03-09T11:00:00Z") - 1) * 100));
    expect(info.change7d).toBe(round2((price / at("2026-03-03T11:00:00Z") - 1) * 100));
    let volume = 0;
    for (let t = Date.parse("2026-03-09T12:00:00Z"); t <= Date.parse("2026-03-10T11:00:00Z"); t += HOUR) {
      volume += hours.get(t)?.qv ?? Number.NaN;
    }
    expect(info.volume24h).toBeCloseTo(volume, 4);
    expect(info.marketCap).toBeCloseTo(121_000_000 * price, 0);
    expect(info.rank).toBe(2);
    expect(info.narrative).toBe("Ethereum (ETH), rank 2 by market cap as of 2025-11-17");
    expect(info.aiScore).toBeNull();
  });

  it("serves candles up to the market time, 4h aligned to UTC, and honours from/to/limit", async () => {
    const kline = async (query: string) =>
      klineDataSchema.parse((await call(srv.url, `/getKlineInfo?${query}`)).json?.data);
    const hourly = await kline("coinAbbr=BTC&interval=1h&limit=3");
    expect(hourly.list.map((c) => c.time)).toEqual([AT - 3.5 * HOUR, AT - 2.5 * HOUR, AT - 1.5 * HOUR]);
    const row = candles("hourly", "BTCUSDT").get(AT - 1.5 * HOUR);
    expect(hourly.list[2]).toEqual({
      time: AT - 1.5 * HOUR,
      open: row?.o,
      high: row?.h,
      low: row?.l,
      close: row?.c,
      volume: row?.v,
    });
    const fourHour = await kline("coinAbbr=BTC&interval=4h&limit=5");
    expect(fourHour.list.at(-1)?.time).toBe(Date.parse("2026-03-10T08:00:00Z"));
    for (const candle of fourHour.list) expect(candle.time % (4 * HOUR)).toBe(0);
    const daily = await kline("coinAbbr=BTC&interval=1d&limit=2");
    expect(daily.list.at(-1)?.time).toBe(Date.parse("2026-03-09T00:00:00Z"));
    // `to` is inclusive on open times; `from` with a limit takes the first candles after it
    const to = await kline(`coinAbbr=BTC&interval=1h&to=${AT - 2.5 * HOUR}&limit=2`);
    expect(to.list.map((c) => c.time)).toEqual([AT - 3.5 * HOUR, AT - 2.5 * HOUR]);
    const from = await kline(`coinAbbr=BTC&interval=1h&from=${AT - 10.5 * HOUR}&limit=2`);
    expect(from.list.map((c) => c.time)).toEqual([AT - 10.5 * HOUR, AT - 9.5 * HOUR]);
    const future = await kline(`coinAbbr=BTC&interval=1d&from=${AT}`);
    expect(future.list).toEqual([]);
    const dashboard = await call(srv.url, "/getDashboardKline?coinAbbr=BTC&interval=1d&limit=2");
    expect(dashboard.json?.data).toEqual(daily);
  });

  it("answers an unknown coin with 1001 invalidValue on coinAbbr", async () => {
    for (const path of ["/getKlineInfo?coinAbbr=SHIB", "/dashboard/token/info?coinAbbr=NOPE"]) {
      const res = await call(srv.url, path);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "coinAbbr" } });
    }
    const bad = await call(srv.url, "/getKlineInfo?coinAbbr=BTC&interval=5m");
    expect(bad.json).toMatchObject({ code: 1001, data: { field: "interval" } });
  });

  it("sorts categories from the data and leaves categories without members empty", async () => {
    const list = async (category: string) =>
      coinListDataSchema.parse((await call(srv.url, `/getCoinList?category=${category}`)).json?.data);
    expect((await list("meme")).list.map((coin) => coin.coinAbbr)).toEqual(["DOGE"]);
    expect(await list("ai")).toMatchObject({ list: [], total: 0 });
    const gainers = (await list("gainer")).list.map((coin) => coin.change ?? Number.NEGATIVE_INFINITY);
    expect(gainers).toEqual([...gainers].sort((a, b) => b - a));
    const paged = coinListDataSchema.parse((await call(srv.url, "/getCoinList?page=2&pageSize=4")).json?.data);
    expect(paged.list.map((coin) => coin.coinAbbr)).toEqual(RANKED.slice(4, 8));
    expect((await call(srv.url, "/getCoinList?keyword=cash")).json?.data).toMatchObject({ total: 1 });
    const counts = await call(srv.url, "/getDashboardSupCategory");
    expect(counts.json?.data.list).toContainEqual({ category: "meme", count: 1 });
    expect(counts.json?.data.list).toContainEqual({ category: "gaming", count: 0 });
  });

  it("searches symbols and names, and answers last prices of the coins asked", async () => {
    const search = await call(srv.url, "/symbolSearch?keyword=bit");
    const found = (search.json?.data.list ?? []) as { coinAbbr: string }[];
    expect(found.map((coin) => coin.coinAbbr)).toEqual(["BTC", "BCH"]);
    const prices = await call(srv.url, "/getRealTimePrice?coinAbbr=btc,DOGE,SHIB");
    const list = prices.json?.data.list as { coinAbbr: string; lastPrice: number }[];
    expect(list.map((p) => p.coinAbbr)).toEqual(["BTC", "DOGE"]);
    expect(list[0]?.lastPrice).toBe(candles("hourly", "BTCUSDT").get(AT - 1.5 * HOUR)?.c);
  });

  it("computes the fear-and-greed index for the last 30 days within its bands", async () => {
    const data = sentimentDataSchema.parse((await call(srv.url, "/getCoinSentiment")).json?.data);
    const days = data.Fear_and_Greed_Index.data;
    expect(days).toHaveLength(30);
    expect(days[0]?.timestamp).toBe(new Date(Date.parse("2026-03-10T00:00:00Z")).toISOString());
    expect(Date.parse(days[0]?.timestamp ?? "") - Date.parse(days[1]?.timestamp ?? "")).toBe(DAY);
    const band = (v: number) =>
      v <= 24 ? "Extreme Fear" : v <= 44 ? "Fear" : v <= 55 ? "Neutral" : v <= 75 ? "Greed" : "Extreme Greed";
    for (const day of days) {
      expect(day.value).toBeGreaterThanOrEqual(0);
      expect(day.value).toBeLessThanOrEqual(100);
      expect(day.value_classification).toBe(band(day.value));
    }
    expect(data.Fear_and_Greed_Index.method).toMatch(/momentum/);
    const top = data.TOP100_Currency_Index;
    expect(top.rising + top.falling).toBeLessThanOrEqual(top.data.length);
    expect(top.data.length).toBe(9);
    const status = await call(srv.url, "/market/status");
    expect(status.json?.data).toEqual({
      mode: "replay",
      label: "Replay market · 2026-03-10",
      date: "2026-03-10",
      at: new Date(AT).toISOString(),
    });
  });

  it("serves a generated coin image without a device header, cached for long", async () => {
    const res = await fetch(`${srv.url}/v2/api/coin/image/BTC.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d{6,}/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg[^>]*>.*BTC<\/text><\/svg>$/);
    expect(await (await fetch(`${srv.url}/v2/api/coin/image/BTC.svg`)).text()).toBe(svg);
    expect((await fetch(`${srv.url}/v2/api/coin/image/..%2Fx.svg`)).status).toBe(404);
  });

  it("stores the candle history in the database", async () => {
    const count = async () => {
      const result = await srv.server.database.db.execute(
        sql`select count(*)::int as n from candles where symbol = 'BTC' and interval = '1h' and open_time = ${AT - 1.5 * HOUR}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    await expect.poll(count, { timeout: 15_000 }).toBe(1);
  });
});
