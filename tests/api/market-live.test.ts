import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coinListDataSchema,
  klineDataSchema,
  sentimentDataSchema,
  tokenInfoDataSchema,
} from "../../src/contract/market.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  binanceFixtures,
  coingeckoFixtures,
  FIXTURE_NOW,
  fearGreedFixtures,
  fixture,
} from "../../src/server/providers/market/fixtures/stand-ins.ts";
import { type StandIn, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const HOUR = 3_600_000;
const round2 = (value: number) => Math.round(value * 100) / 100;
/** the live market's numbers, straight from the stand-ins' fixtures */
const BTC = {
  last: 66797.37,
  open24h: 66010.93,
  open1h: 66784.97,
  open7d: 70906.45,
  quoteVolume: Number("1234617690.89207520"),
};
const SOURCE = { mode: "live", provider: "Binance · CoinGecko", at: new Date(FIXTURE_NOW).toISOString() };

let db: TestDatabase;
let srv: TestServer;
let binance: StandIn;
let coingecko: StandIn;
let fng: StandIn;
beforeAll(async () => {
  [db, binance, coingecko, fng] = await Promise.all([
    createTestDatabase(),
    startStandIn(binanceFixtures()),
    startStandIn(coingeckoFixtures()),
    startStandIn(fearGreedFixtures()),
  ]);
  srv = await startTestServer(
    {
      ...db.env,
      MARKET_PROVIDER: "live",
      BINANCE_BASE_URL: binance.url,
      COINGECKO_BASE_URL: coingecko.url,
      FEAR_GREED_URL: `${fng.url}/fng/`,
    },
    { clock: manualClock(new Date(FIXTURE_NOW)) },
  );
});
afterAll(async () => {
  await srv?.stop();
  await Promise.all([db?.drop(), binance?.close(), coingecko?.close(), fng?.close()]);
});

describe("market data from the live provider (Binance and CoinGecko stand-ins)", () => {
  it("lists the priced top coins with Binance's prices and CoinGecko's names and logos", async () => {
    const res = await call(srv.url, "/getCoinList");
    expect(res.status).toBe(200);
    const data = coinListDataSchema.parse(res.json?.data);
    expect(data.source).toEqual(SOURCE);
    expect(data.list.map((coin) => coin.coinAbbr)).toEqual([
      "BTC",
      "ETH",
      "XRP",
      "BNB",
      "SOL",
      "TRX",
      "DOGE",
      "ADA",
      "BCH",
    ]);
    expect(data.list[0]).toEqual({
      coinCode: "btc",
      coinAbbr: "BTC",
      coinName: "Bitcoin",
      coinImageUrl: "https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png",
      lastPrice: BTC.last,
      change: round2((BTC.last / BTC.open24h - 1) * 100),
      change1h: round2((BTC.last / BTC.open1h - 1) * 100),
      change7d: round2((BTC.last / BTC.open7d - 1) * 100),
      volume24h: BTC.quoteVolume,
      marketCap: 20_000_000 * BTC.last,
      rank: 1,
    });
    const status = await call(srv.url, "/market/status");
    expect(status.json?.data).toEqual({
      mode: "live",
      label: "Live market · 2026-03-31",
      date: "2026-03-31",
      at: SOURCE.at,
    });
  });

  it("answers tokenInfo with the live figures and CoinGecko's rank and supply", async () => {
    const res = await call(srv.url, "/dashboard/token/info?coinAbbr=BTC");
    const info = tokenInfoDataSchema.parse(res.json?.data);
    expect(info).toMatchObject({
      price: BTC.last,
      change1h: round2((BTC.last / BTC.open1h - 1) * 100),
      change24h: round2((BTC.last / BTC.open24h - 1) * 100),
      change7d: round2((BTC.last / BTC.open7d - 1) * 100),
      volume24h: BTC.quoteVolume,
      marketCap: 20_000_000 * BTC.last,
      rank: 1,
      narrative: "Bitcoin (BTC), rank 1 by market cap as of 2025-11-17",
      source: SOURCE,
    });
    const unknown = await call(srv.url, "/dashboard/token/info?coinAbbr=HYPE");
    expect(unknown.status).toBe(404);
  });

  it("serves Binance's completed candles", async () => {
    const res = await call(srv.url, "/getKlineInfo?coinAbbr=BTC&interval=1h&limit=3");
    const data = klineDataSchema.parse(res.json?.data);
    // a live exchange has every interval of every coin
    expect(data.intervals).toEqual(["1h", "4h", "1d"]);
    const rows = fixture<[number, string, string, string, string, string][]>("binance-klines-BTCUSDT-1h.json");
    // the fixture's last candle opened at 00:00 and is still open at the market time (00:20)
    const expected = rows.slice(-4, -1).map(([time, open, high, low, close, volume]) => ({
      time,
      open: Number(open),
      high: Number(high),
      low: Number(low),
      close: Number(close),
      volume: Number(volume),
    }));
    expect(data.list).toEqual(expected);
    expect(data.list.at(-1)?.time).toBe(Date.parse("2026-03-31T00:00:00Z") - HOUR);
  });

  it("takes the fear-and-greed index from the public source", async () => {
    const data = sentimentDataSchema.parse((await call(srv.url, "/getCoinSentiment")).json?.data);
    expect(data.Fear_and_Greed_Index.data).toHaveLength(30);
    expect(data.Fear_and_Greed_Index.data[0]).toEqual({
      value: 12,
      value_classification: "Extreme Fear",
      timestamp: "2026-03-31T00:00:00.000Z",
    });
    expect(data.Fear_and_Greed_Index.method).toMatch(/^Fear and Greed Index \(127\.0\.0\.1:\d+\): the public index/);
    // counted over the coins the live market prices (the stand-in's nine), not a hundred
    expect(data.TOP100_Currency_Index).toMatchObject({ counted: 9, universe: 9 });
    expect(data.TOP100_Currency_Index.data).toHaveLength(9);
    expect(data.source).toEqual(SOURCE);
  });
});
