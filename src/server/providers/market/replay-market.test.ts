import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { loadMarketData, type MarketData, marketCoverage } from "./market-data.ts";
import { INTERVAL_MS, UnknownSymbolError } from "./market-provider.ts";
import { createReplayClock, type ReplayEndMode } from "./replay-clock.ts";
import { createReplayMarket, openReplayMarket } from "./replay-market.ts";

const HOUR = INTERVAL_MS["1h"];
const DAY = INTERVAL_MS["1d"];
const ms = (iso: string) => Date.parse(iso);
const percent = (last: number, before: number) => (last / before - 1) * 100;

/** The shared data set the shipped files were derived from; the cross-checks run where it is present. */
const SHARED_MARKET = fileURLToPath(new URL("../../../../../shared/data/market/", import.meta.url));
const sharedRow = (file: string, prefix: string): string[] | undefined =>
  readFileSync(`${SHARED_MARKET}${file}`, "utf8")
    .split("\n")
    .find((line) => line.startsWith(prefix))
    ?.split(",");

let data: MarketData;
beforeAll(async () => {
  data = await loadMarketData();
});

/** A replay whose market time is `at` now; `advance` moves the wall clock. */
function marketAt(at: string, options: { speed?: number; atEnd?: ReplayEndMode } = {}) {
  const wall = manualClock(new Date("2030-01-01T00:00:00Z"));
  const { end } = marketCoverage(data);
  const clock = createReplayClock({ wall, start: ms(at), end, ...options });
  return { market: createReplayMarket({ data, clock }), wall };
}

describe("the replay market at 2026-03-01T12:30Z", () => {
  const at = "2026-03-01T12:30:00Z";

  it("prices BTC at the close of the 11:00 hourly candle, the last one completed", async () => {
    const { market } = marketAt(at);
    const snapshot = await market.snapshot();
    const btc = snapshot.tickers.find((ticker) => ticker.symbol === "BTC");
    expect(snapshot.at).toBe(ms(at));
    // BTCUSDT_1h_2026-01-27_2026-03-31.csv: 1772362800000,2026-03-01 11:00:00,...,close 66468.03000000
    expect(btc).toMatchObject({
      pair: "BTCUSDT",
      lastPrice: 66468.03,
      priceTime: ms("2026-03-01T12:00:00Z"),
      resolution: "1h",
    });
    // closes of 10:00 (66467.06), 2026-02-28 11:00 (63844.20) and 2026-02-22 11:00 (68219.97)
    expect(btc?.change1h).toBeCloseTo(percent(66468.03, 66467.06), 12);
    expect(btc?.change24h).toBeCloseTo(percent(66468.03, 63844.2), 12);
    expect(btc?.change7d).toBeCloseTo(percent(66468.03, 68219.97), 12);
  });

  it.skipIf(!existsSync(SHARED_MARKET))("agrees with the original shared CSV", async () => {
    const { market } = marketAt(at);
    const row = sharedRow("hourly/BTCUSDT_1h_2026-01-27_2026-03-31.csv", String(ms("2026-03-01T11:00:00Z")));
    const btc = (await market.snapshot()).tickers.find((ticker) => ticker.symbol === "BTC");
    expect(btc?.lastPrice).toBe(Number(row?.[5]));
    const solRow = sharedRow("daily/Binance_SOLUSDT_d.csv", String(ms("2026-02-28T00:00:00Z")));
    const sol = (await market.snapshot()).tickers.find((ticker) => ticker.symbol === "SOL");
    expect(sol?.lastPrice).toBe(Number(solRow?.[6]));
  });

  it("sums the 24 hourly candles ending 11:00 for the 24h window", async () => {
    const { market } = marketAt(at);
    const btc = (await market.snapshot()).tickers.find((ticker) => ticker.symbol === "BTC");
    const window = data.series.get("BTC")?.hourly.filter((c) => c.openTime >= ms("2026-02-28T12:00:00Z")) ?? [];
    const day = window.filter((c) => c.openTime <= ms("2026-03-01T11:00:00Z"));
    expect(day).toHaveLength(24);
    expect(btc?.open24h).toBe(day[0]?.open);
    expect(btc?.high24h).toBe(Math.max(...day.map((c) => c.high)));
    expect(btc?.low24h).toBe(Math.min(...day.map((c) => c.low)));
    expect(btc?.volume24h).toBeCloseTo(
      day.reduce((sum, c) => sum + c.volume, 0),
      6,
    );
    expect(btc?.quoteVolume24h).toBeCloseTo(
      day.reduce((sum, c) => sum + (c.quoteVolume ?? 0), 0),
      4,
    );
  });

  it("prices a coin without hourly data at the close of its last completed daily candle", async () => {
    const { market } = marketAt(at);
    const sol = (await market.snapshot()).tickers.find((ticker) => ticker.symbol === "SOL");
    // Binance_SOLUSDT_d.csv: 2026-02-28 close 84.35 (volume 4737699.879, 381018103.31188 USDT); 02-27 81.85; 02-21 85.17
    expect(sol).toMatchObject({
      lastPrice: 84.35,
      priceTime: ms("2026-03-01T00:00:00Z"),
      resolution: "1d",
      open24h: 81.84,
      high24h: 85.65,
      low24h: 77.12,
      volume24h: 4737699.879,
      quoteVolume24h: 381018103.31188,
      change1h: null,
    });
    expect(sol?.change24h).toBeCloseTo(percent(84.35, 81.85), 12);
    expect(sol?.change7d).toBeCloseTo(percent(84.35, 85.17), 12);
  });

  it("lists every priced coin in rank order", async () => {
    const { market } = marketAt(at);
    const symbols = (await market.snapshot()).tickers.map((ticker) => ticker.symbol);
    // every coin listed by 2026-03-01 (the last five listings came in September and October 2025)
    expect(symbols).toHaveLength(120);
    expect(symbols.slice(0, 9)).toEqual(["BTC", "ETH", "XRP", "BNB", "SOL", "USDC", "TRX", "DOGE", "ADA"]);
  });

  it("serves klines up to the replay time and never past it", async () => {
    const { market } = marketAt(at);
    const hourly = await market.klines("BTC", "1h", { limit: 3 });
    expect(hourly.map((c) => c.openTime)).toEqual(
      ["09:00", "10:00", "11:00"].map((time) => ms(`2026-03-01T${time}:00Z`)),
    );
    const daily = await market.klines("BTC", "1d", { limit: 1 });
    expect(daily[0]?.openTime).toBe(ms("2026-02-28T00:00:00Z"));
    const asked = await market.klines("BTC", "1h", {
      from: ms("2026-03-01T00:00:00Z"),
      to: ms("2026-03-05T00:00:00Z"),
    });
    expect(asked).toHaveLength(12);
    for (const candle of asked) expect(candle.openTime + HOUR).toBeLessThanOrEqual(ms(at));
  });

  it("builds 4h candles on UTC 4-hour boundaries from the four hourly candles", async () => {
    const { market } = marketAt(at);
    const [last] = await market.klines("BTC", "4h", { limit: 1 });
    // hourly 08:00 .. 11:00 of 2026-03-01: open 67141.40, highs up to 67292.30, lows down to 66215.71, close 66468.03
    expect(last).toEqual({
      openTime: ms("2026-03-01T08:00:00Z"),
      open: 67141.4,
      high: 67292.3,
      low: 66215.71,
      close: 66468.03,
      volume: 3250.92047,
      quoteVolume: 216568852.6606207,
    });
    const day = await market.klines("BTC", "4h", { from: ms("2026-02-28T00:00:00Z"), limit: 6 });
    expect(day.map((c) => new Date(c.openTime).toISOString().slice(11, 16))).toEqual([
      "00:00",
      "04:00",
      "08:00",
      "12:00",
      "16:00",
      "20:00",
    ]);
  });

  it("labels the market as a replay with its date", () => {
    const { market } = marketAt(at);
    expect(market.label()).toEqual({
      text: "Replay market · 2026-03-01",
      date: "2026-03-01",
      at: ms(at),
      speed: 1,
    });
  });

  it("refuses a coin it has no prices for", async () => {
    const { market } = marketAt(at);
    // PEPE is a top-100 coin without Binance spot history in the data
    await expect(market.klines("PEPE", "1d")).rejects.toBeInstanceOf(UnknownSymbolError);
  });
});

describe("the BTC gap of 2026-01-20 08:00 .. 2026-01-27 17:00", () => {
  const gapStart = ms("2026-01-20T08:00:00Z");
  const gapEnd = ms("2026-01-27T18:00:00Z");

  it("falls back to the last completed daily candle inside the gap", async () => {
    const { market } = marketAt("2026-01-24T12:00:00Z");
    const btc = (await market.snapshot()).tickers.find((ticker) => ticker.symbol === "BTC");
    // Binance_BTCUSDT_d.csv: 2026-01-23 close 89600.26, 2026-01-22 close 89559.67
    expect(btc).toMatchObject({ resolution: "1d", lastPrice: 89600.26, change1h: null });
    expect(btc?.change24h).toBeCloseTo(percent(89600.26, 89559.67), 12);
  });

  it("has no hourly or 4h candles inside the gap", async () => {
    const { market } = marketAt("2026-02-10T00:00:00Z");
    const range = { from: ms("2026-01-19T00:00:00Z"), to: ms("2026-01-29T00:00:00Z"), limit: 1000 };
    const hourly = await market.klines("BTC", "1h", range);
    expect(hourly.filter((c) => c.openTime >= gapStart && c.openTime < gapEnd)).toEqual([]);
    expect(hourly.at(0)?.openTime).toBe(ms("2026-01-19T00:00:00Z"));
    // 32 hours before the gap (01-19 00:00 .. 01-20 07:00) and 31 after it (01-27 18:00 .. 01-29 00:00)
    expect(hourly).toHaveLength(32 + 31);
    const fourHourly = await market.klines("BTC", "4h", range);
    const opens = fourHourly.map((c) => c.openTime);
    // 01-20 04:00 is whole (04..07); the bucket of 01-27 16:00 has only 18:00 and 19:00, so it is left out
    expect(opens).toContain(ms("2026-01-20T04:00:00Z"));
    expect(opens).not.toContain(ms("2026-01-27T16:00:00Z"));
    expect(opens.filter((open) => open > ms("2026-01-20T04:00:00Z") && open < ms("2026-01-27T20:00:00Z"))).toEqual([]);
  });

  it("reports what it cannot know just after the gap as null", async () => {
    const { market } = marketAt("2026-01-28T12:00:00Z");
    const btc = (await market.snapshot()).tickers.find((ticker) => ticker.symbol === "BTC");
    // 11:00 closed 90080.00 after 10:00's 89403.77; 24 hours and 7 days back lie in the gap
    expect(btc).toMatchObject({
      resolution: "1h",
      lastPrice: 90080,
      change24h: null,
      change7d: null,
      open24h: null,
      volume24h: null,
    });
    expect(btc?.change1h).toBeCloseTo(percent(90080, 89403.77), 12);
  });

  it("prices ETH and BNB from daily candles before their hourly data starts", async () => {
    const { market } = marketAt("2026-01-24T12:00:00Z");
    const { tickers } = await market.snapshot();
    expect(tickers.find((ticker) => ticker.symbol === "ETH")?.resolution).toBe("1d");
    expect(tickers.find((ticker) => ticker.symbol === "BNB")?.resolution).toBe("1d");
  });
});

describe("the end of the data", () => {
  const lastHour = "2026-03-31T23:00:00Z";

  it("wraps to the start of the window by default", async () => {
    const { market, wall } = marketAt("2026-03-30T00:00:00Z", { speed: 3600 });
    wall.advance(47 * 1000);
    expect(market.clock.now()).toBe(ms("2026-03-31T23:00:00Z"));
    wall.advance(2 * 1000);
    expect(market.clock.now()).toBe(ms("2026-03-30T01:00:00Z"));
    expect(market.clock.lap()).toBe(1);
    const btc = (await market.snapshot()).tickers.find((ticker) => ticker.symbol === "BTC");
    expect(btc?.priceTime).toBe(ms("2026-03-30T01:00:00Z"));
  });

  it("freezes on the last real candle when clamping", async () => {
    const { market, wall } = marketAt("2026-03-30T00:00:00Z", { speed: 3600, atEnd: "clamp" });
    wall.advance(365 * DAY);
    const snapshot = await market.snapshot();
    expect(snapshot.at).toBe(ms("2026-04-01T00:00:00Z"));
    // BTCUSDT_1h_2026-01-27_2026-03-31.csv: 2026-03-31 23:00 close 68284.48
    const btc = snapshot.tickers.find((ticker) => ticker.symbol === "BTC");
    expect(btc).toMatchObject({ lastPrice: 68284.48, priceTime: ms("2026-04-01T00:00:00Z") });
    const [last] = await market.klines("BTC", "1h", { limit: 1 });
    expect(last?.openTime).toBe(ms(lastHour));
  });
});

describe("the coin universe", () => {
  it("corrects the shifted columns of the top-100 list and tags the categories of the data", async () => {
    const { market } = marketAt("2026-03-01T00:00:00Z");
    const coins = await market.coins();
    const btc = coins.find((coin) => coin.symbol === "BTC");
    // crypto_top_100.json: volume_24h "$1.9T" is the market cap, circulating_supply "$70,040,323,127" the volume
    expect(btc).toMatchObject({
      rank: 1,
      pair: "BTCUSDT",
      marketCapUsd: 1.9e12,
      volume24hUsd: 70_040_323_127,
      statsAsOf: ms("2025-11-17T02:28:50.587Z"),
    });
    expect(coins.find((coin) => coin.symbol === "DOGE")?.categories).toEqual(["meme"]);
    expect(coins.find((coin) => coin.symbol === "WIF")).toMatchObject({ rank: null, marketCapUsd: null });
    expect(coins).toHaveLength(120);
    const categories = new Set(coins.flatMap((coin) => coin.categories));
    expect([...categories].sort()).toEqual(["ai", "ai_agent", "depin", "gaming", "meme", "rwa", "stablecoin"]);
  });
});

describe("opening the shipped replay", () => {
  it("starts 30 days before the end of the hourly data unless told otherwise", async () => {
    const wall = manualClock(new Date("2030-01-01T00:00:00Z"));
    const market = await openReplayMarket({ wall });
    expect(market.kind).toBe("replay");
    expect(market.label().text).toBe("Replay market · 2026-03-02");
    expect([market.clock.start, market.clock.end]).toEqual([ms("2026-03-02T00:00:00Z"), ms("2026-04-01T00:00:00Z")]);
    const chosen = await openReplayMarket({ wall, start: "2025-06-01", speed: 60, atEnd: "clamp" });
    wall.advance(60_000);
    expect(chosen.clock.now()).toBe(ms("2025-06-01T01:00:00Z"));
  });
});
