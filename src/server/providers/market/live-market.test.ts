import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { json, type StandIn, startStandIn } from "../upstream/stand-in.ts";
import { UpstreamError } from "../upstream/upstream.ts";
import { binanceFixtures, coingeckoFixtures, FIXTURE_NOW, fixture, invalidSymbol } from "./fixtures/stand-ins.ts";
import { openLiveMarket } from "./live-market.ts";
import { UnknownSymbolError } from "./market-provider.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
const RANKED_PAIRS = ["BTC", "ETH", "XRP", "BNB", "SOL", "TRX", "DOGE", "ADA", "BCH"];

let binance: StandIn;
let coingecko: StandIn;
let clock: ReturnType<typeof manualClock>;
let lines: Record<string, unknown>[];
beforeEach(async () => {
  binance = await startStandIn(binanceFixtures());
  coingecko = await startStandIn(coingeckoFixtures());
  clock = manualClock(new Date(FIXTURE_NOW));
  lines = [];
});
afterEach(async () => {
  await Promise.all([binance.close(), coingecko.close()]);
});

const open = (timing = {}) =>
  openLiveMarket({
    binanceUrl: binance.url,
    coingeckoUrl: coingecko.url,
    coingeckoApiKey: undefined,
    clock,
    logger: pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    upstream: { binance: { timeoutMs: 1_500, retries: 0 }, coingecko: { timeoutMs: 1_500, retries: 0 } },
    timing: { sectorGapMs: 0, ...timing },
  });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};
const asked = (standIn: StandIn, path: string) =>
  standIn.requests.filter((r) => new URL(r, standIn.url).pathname === path).map((r) => new URL(r, standIn.url));

describe("live market: coins", () => {
  it("takes CoinGecko's top coins in rank order, priced where Binance lists <SYMBOL>USDT", async () => {
    const market = open();
    expect(market).toMatchObject({ kind: "live", name: "Binance · CoinGecko" });
    // constructing it asks nothing
    expect(binance.requests.length + coingecko.requests.length).toBe(0);
    const coins = await market.coins();
    expect(coins).toHaveLength(97);
    expect(coins[0]).toEqual({
      symbol: "BTC",
      name: "Bitcoin",
      rank: 1,
      pair: "BTCUSDT",
      marketCapUsd: 1_900_000_000_000,
      volume24hUsd: 70_040_323_127,
      circulatingSupply: 20_000_000,
      sector: null,
      categories: [],
      imageUrl: "https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png",
      statsAsOf: Date.parse("2025-11-17T02:28:50.587Z"),
    });
    expect(coins.filter((c) => c.pair !== null).map((c) => c.symbol)).toEqual(RANKED_PAIRS);
    expect(coins.find((c) => c.symbol === "USDE")).toMatchObject({ name: "Ethena USDe", rank: 17, pair: null });
    expect(coins.map((c) => c.rank)).toEqual([...coins.map((c) => c.rank)].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it("tags sectors from CoinGecko's categories, one category after another", async () => {
    const market = open();
    await market.coins();
    await market.idle();
    const coins = await market.coins();
    const tags = (symbol: string) => coins.find((c) => c.symbol === symbol)?.categories;
    expect(tags("DOGE")).toEqual(["meme"]);
    expect(tags("PEPE")).toEqual(["meme"]);
    expect(tags("USDT")).toEqual(["stablecoin"]);
    expect(tags("VIRTUAL")).toEqual(["ai_agent", "ai"]);
    expect(tags("RENDER")).toEqual(["ai", "depin"]);
    expect(tags("ONDO")).toEqual(["rwa"]);
    expect(tags("IMX")).toEqual(["gaming"]);
    expect(tags("BTC")).toEqual([]);
    expect(coins.filter((c) => c.categories.includes("defai"))).toEqual([]);
    expect(asked(coingecko, "/coins/markets").map((u) => u.searchParams.get("category"))).toEqual([
      null,
      "meme-token",
      "stablecoins",
      "ai-agents",
      "artificial-intelligence",
      "real-world-assets-rwa",
      "depin",
      "defai",
      "gaming",
    ]);
  });

  it("paces the category calls and keeps sectors for hours, metadata for minutes", async () => {
    const market = open({ sectorGapMs: 5_000 });
    await market.coins();
    await market.idle();
    expect(coingecko.requests).toHaveLength(2);
    clock.advance(5_000);
    await market.coins();
    await market.idle();
    expect(coingecko.requests).toHaveLength(3);
    for (let i = 0; i < 6; i++) {
      clock.advance(5_000);
      await market.coins();
      await market.idle();
    }
    expect(coingecko.requests).toHaveLength(9);
    // a round is done: nothing more until the metadata (10 min) and the sectors (6 h) are due
    clock.advance(5 * MINUTE);
    await market.coins();
    await market.idle();
    expect(coingecko.requests).toHaveLength(9);
    clock.advance(6 * MINUTE);
    await market.coins();
    await market.idle();
    expect(coingecko.requests).toHaveLength(10);
    expect(asked(binance, "/api/v3/ticker/price")).toHaveLength(2);
  });

  it("keeps serving the last good metadata when a refresh fails, and rejects only before the first", async () => {
    coingecko.handle(() =>
      json({ status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } }, 429),
    );
    const market = open();
    const first = await failure(market.coins());
    expect(first).toBeInstanceOf(UpstreamError);
    expect(first).toMatchObject({ upstream: "coingecko", kind: "rate-limited" });

    coingecko.handle(coingeckoFixtures());
    const good = await market.coins();
    expect(good).toHaveLength(97);
    await market.idle();

    clock.advance(11 * MINUTE);
    coingecko.handle(() => json([{ id: "bitcoin", symbol: "btc", name: "Bitcoin", market_cap: "lots" }]));
    const asking = coingecko.requests.length;
    expect(await market.coins()).toEqual(await market.coins());
    await market.idle();
    expect(coingecko.requests.length).toBe(asking + 1);
    expect((await market.coins()).map((c) => c.symbol)).toEqual(good.map((c) => c.symbol));
    const warned = lines.filter((l) => l.msg === "market metadata refresh failed; serving the last good metadata");
    expect(warned).toHaveLength(1);
    expect(warned[0]?.err).toMatchObject({
      message: expect.stringMatching(/^coingecko: unexpected payload at 0\.market_cap/),
    });

    // tried again a minute later, not on every call
    await market.coins();
    await market.idle();
    expect(coingecko.requests.length).toBe(asking + 1);
    coingecko.handle(coingeckoFixtures());
    clock.advance(MINUTE);
    await market.coins();
    await market.idle();
    expect(coingecko.requests.length).toBe(asking + 2);
    expect(lines.some((l) => l.msg === "market metadata refresh recovered")).toBe(true);
  });
});

describe("live market: snapshot", () => {
  it("maps Binance's 24h and rolling-window tickers to tickers in rank order", async () => {
    const market = open();
    const snapshot = await market.snapshot();
    expect(snapshot.at).toBe(FIXTURE_NOW);
    expect(snapshot.tickers.map((t) => t.symbol)).toEqual(RANKED_PAIRS);
    expect(snapshot.tickers[0]).toEqual({
      symbol: "BTC",
      pair: "BTCUSDT",
      lastPrice: 66797.37,
      priceTime: Date.parse("2026-03-31T00:00:00Z") - 1,
      resolution: "rolling",
      open24h: 66010.93,
      high24h: 68169.65,
      low24h: 65800.59,
      volume24h: 18353.38975,
      quoteVolume24h: Number("1234617690.89207520"),
      change1h: (66797.37 / 66784.97 - 1) * 100,
      change24h: (66797.37 / 66010.93 - 1) * 100,
      change7d: (66797.37 / 70906.45 - 1) * 100,
    });
    // the fixtures hold no hourly history for SOL: Binance's 1h window does not name it
    expect(snapshot.tickers.find((t) => t.symbol === "SOL")).toMatchObject({
      lastPrice: 82.54,
      change1h: null,
      change24h: (82.54 / 81.45 - 1) * 100,
      change7d: (82.54 / 91.44 - 1) * 100,
    });
    const [day] = asked(binance, "/api/v3/ticker/24hr");
    expect(JSON.parse(day?.searchParams.get("symbols") ?? "")).toEqual(RANKED_PAIRS.map((s) => `${s}USDT`));
    expect(asked(binance, "/api/v3/ticker").map((u) => u.searchParams.get("windowSize"))).toEqual(["1h", "7d"]);
  });

  it("leaves out a pair without trades in the last 24 hours", async () => {
    const day = fixture<{ symbol: string; count: number }[]>("binance-ticker-24hr.json");
    binance.handle((request) =>
      request.path === "/api/v3/ticker/24hr"
        ? json(day.map((t) => (t.symbol === "DOGEUSDT" ? { ...t, count: 0 } : t)))
        : binanceFixtures()(request),
    );
    const snapshot = await open().snapshot();
    expect(snapshot.tickers.map((t) => t.symbol)).toEqual(RANKED_PAIRS.filter((s) => s !== "DOGE"));
  });

  it("asks the 24h tickers every time and the rolling windows once a minute", async () => {
    const market = open();
    await market.snapshot();
    clock.advance(15_000);
    await market.snapshot();
    clock.advance(15_000);
    const later = await market.snapshot();
    expect(later.at).toBe(FIXTURE_NOW + 30_000);
    expect(asked(binance, "/api/v3/ticker/24hr")).toHaveLength(3);
    expect(asked(binance, "/api/v3/ticker")).toHaveLength(2);
    clock.advance(30_000);
    await market.snapshot();
    expect(asked(binance, "/api/v3/ticker")).toHaveLength(4);
    expect(asked(binance, "/api/v3/ticker/price")).toHaveLength(1);
  });

  it("rejects with the upstream failure: a ban, a timeout, a changed payload", async () => {
    const market = open();
    await market.coins();
    binance.handle(() =>
      json({ code: -1003, msg: "Way too much request weight used; IP banned." }, 418, { "retry-after": "120" }),
    );
    expect(await failure(market.snapshot())).toMatchObject({ kind: "rate-limited", status: 418 });
    const during = binance.requests.length;
    binance.handle(binanceFixtures());
    expect(await failure(market.snapshot())).toMatchObject({ kind: "rate-limited" });
    expect(binance.requests.length).toBe(during);
    clock.advance(120_000);
    await expect(market.snapshot()).resolves.toHaveProperty("tickers.length", 9);

    binance.handle((request) =>
      request.path === "/api/v3/ticker/24hr" ? json([{ symbol: "BTCUSDT" }]) : binanceFixtures()(request),
    );
    const malformed = await failure(market.snapshot());
    expect(malformed).toMatchObject({ kind: "malformed" });
    expect(malformed.message).toBe("binance: unexpected payload at 0.openPrice");

    binance.handle(() => ({ hang: true }));
    clock.advance(MINUTE);
    expect(await failure(market.snapshot())).toMatchObject({ upstream: "binance", kind: "timeout" });
  });
});

describe("live market: klines", () => {
  const btcHours = fixture<[number, ...string[]][]>("binance-klines-BTCUSDT-1h.json");
  const lastHour = Date.parse("2026-03-30T23:00:00Z");

  it("serves completed candles only, up to the newest Binance has closed", async () => {
    const market = open();
    const candles = await market.klines("BTC", "1h");
    // the fixture's last candle (00:00) is still open at 00:20
    expect(candles).toHaveLength(btcHours.length - 1);
    expect(candles.at(-1)).toEqual({
      openTime: lastHour,
      open: 66784.97,
      high: 66797.38,
      low: 66419.79,
      close: 66797.37,
      volume: 698.2419,
      quoteVolume: 46524917.3626563,
    });
    const [request] = asked(binance, "/api/v3/klines");
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      symbol: "BTCUSDT",
      interval: "1h",
      limit: "500",
      endTime: String(lastHour),
    });
    const days = await market.klines("BTC", "1d", { limit: 2 });
    expect(days.map((c) => c.openTime)).toEqual([
      Date.parse("2026-03-29T00:00:00Z"),
      Date.parse("2026-03-30T00:00:00Z"),
    ]);
  });

  it("drops an open candle even when the answer holds one", async () => {
    binance.handle((request) =>
      request.path === "/api/v3/klines" ? json(btcHours.slice(-3)) : binanceFixtures()(request),
    );
    const candles = await open().klines("BTC", "1h", { limit: 3 });
    expect(candles.map((c) => c.openTime)).toEqual([lastHour - HOUR, lastHour]);
  });

  it("translates from/to/limit to Binance's startTime/endTime/limit", async () => {
    const market = open();
    const range = async (r: { from?: number; to?: number; limit?: number }) => {
      const before = asked(binance, "/api/v3/klines").length;
      const candles = await market.klines("BTC", "1h", r);
      const request = asked(binance, "/api/v3/klines")[before];
      return {
        times: candles.map((c) => (c.openTime - lastHour) / HOUR),
        query:
          request && Object.fromEntries([...request.searchParams].filter(([k]) => k !== "symbol" && k !== "interval")),
      };
    };
    // the last ones up to `to` (inclusive; a bound between open times moves to the grid)
    expect(await range({ to: lastHour - 2 * HOUR + 1, limit: 2 })).toEqual({
      times: [-3, -2],
      query: { limit: "2", endTime: String(lastHour - 2 * HOUR) },
    });
    // the first ones from `from`
    expect(await range({ from: lastHour - 10 * HOUR - 1, limit: 2 })).toEqual({
      times: [-10, -9],
      query: { limit: "2", startTime: String(lastHour - 10 * HOUR), endTime: String(lastHour) },
    });
    // `to` beyond the market time is cut to the last completed candle
    expect(await range({ from: lastHour - HOUR, to: lastHour + 5 * HOUR })).toEqual({
      times: [-1, 0],
      query: { limit: "500", startTime: String(lastHour - HOUR), endTime: String(lastHour) },
    });
    // the limit is clamped to 1..1000
    expect((await range({ limit: 5000 })).query).toEqual({ limit: "1000", endTime: String(lastHour) });
    // a range with no completed candle is not asked
    expect(await range({ from: lastHour + 1 })).toEqual({ times: [], query: undefined });
  });

  it("keeps completed ranges: the same request is asked once", async () => {
    const market = open();
    const first = await market.klines("BTC", "1h", { limit: 24 });
    clock.advance(15_000);
    expect(await market.klines("BTC", "1h", { limit: 24, to: FIXTURE_NOW + 15_000 - HOUR })).toEqual(first);
    expect(asked(binance, "/api/v3/klines")).toHaveLength(1);
    clock.advance(DAY);
    await market.klines("BTC", "1h", { limit: 24 });
    expect(asked(binance, "/api/v3/klines")).toHaveLength(2);
  });

  it("rejects a coin outside the priced universe, or one Binance calls invalid, with UnknownSymbolError", async () => {
    const market = open();
    await expect(market.klines("HYPE", "1h")).rejects.toBeInstanceOf(UnknownSymbolError);
    await expect(market.klines("NOPE", "1d")).rejects.toBeInstanceOf(UnknownSymbolError);
    expect(asked(binance, "/api/v3/klines")).toHaveLength(0);
    binance.handle((request) => (request.path === "/api/v3/klines" ? invalidSymbol() : binanceFixtures()(request)));
    const error = await failure(market.klines("DOGE", "1d"));
    expect(error).toBeInstanceOf(UnknownSymbolError);
    expect(error.message).toBe("no market data for DOGE");
  });
});
