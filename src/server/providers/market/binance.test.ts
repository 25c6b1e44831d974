import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { json, type StandIn, startStandIn, upstreamFailure } from "../upstream/stand-in.ts";
import { BinanceApiError, createBinance, isInvalidSymbol } from "./binance.ts";
import { binanceFixtures, FIXTURE_NOW } from "./fixtures/stand-ins.ts";

let standIn: StandIn;
let clock: ReturnType<typeof manualClock>;
beforeEach(async () => {
  standIn = await startStandIn(binanceFixtures());
  clock = manualClock(new Date(FIXTURE_NOW));
});
afterEach(async () => {
  await standIn.close();
});

const client = () =>
  createBinance({ baseUrl: standIn.url, clock, upstream: { timeoutMs: 1_500, retries: 0, backoffMs: 5 } });

const failure = upstreamFailure;

describe("binance client", () => {
  it("lists the pairs Binance prices", async () => {
    const pairs = await client().pairs();
    expect([...pairs].sort()).toEqual(
      ["ADAUSDT", "BCHUSDT", "BNBUSDT", "BTCUSDT", "DOGEUSDT", "ETHUSDT", "SOLUSDT", "TRXUSDT", "XRPUSDT"].sort(),
    );
    expect(standIn.requests).toEqual(["/api/v3/ticker/price"]);
  });

  it("reads 24h and rolling-window tickers with their decimal strings as numbers", async () => {
    const binance = client();
    const [btc] = await binance.tickers24h(["BTCUSDT"]);
    expect(btc).toEqual({
      symbol: "BTCUSDT",
      openPrice: 66010.93,
      highPrice: 68169.65,
      lowPrice: 65800.59,
      lastPrice: 66797.37,
      volume: 18353.38975,
      quoteVolume: Number("1234617690.89207520"),
      openTime: Date.parse("2026-03-30T00:00:00Z"),
      closeTime: Date.parse("2026-03-31T00:00:00Z") - 1,
      count: 3902849,
    });
    const week = await binance.rollingTickers(["BTCUSDT", "DOGEUSDT"], "7d");
    expect(week.map((t) => [t.symbol, t.openPrice])).toEqual([
      ["BTCUSDT", 70906.45],
      ["DOGEUSDT", 0.09416],
    ]);
    const [first, second] = standIn.requests.map((r) => new URL(r, standIn.url));
    expect(first?.pathname).toBe("/api/v3/ticker/24hr");
    expect(first?.searchParams.get("symbols")).toBe('["BTCUSDT"]');
    expect(first?.searchParams.get("type")).toBe("MINI");
    expect(second?.pathname).toBe("/api/v3/ticker");
    expect(second?.searchParams.get("windowSize")).toBe("7d");
    expect(second?.searchParams.get("symbols")).toBe('["BTCUSDT","DOGEUSDT"]');
  });

  it("asks for at most 100 symbols at a time", async () => {
    standIn.handle(() => json([]));
    const pairs = Array.from({ length: 150 }, (_, i) => `C${i}USDT`);
    await client().rollingTickers(pairs, "1h");
    const sizes = standIn.requests.map(
      (r) => (JSON.parse(new URL(r, standIn.url).searchParams.get("symbols") ?? "[]") as string[]).length,
    );
    expect(sizes).toEqual([100, 50]);
  });

  it("maps kline arrays to candles and sends the range as Binance takes it", async () => {
    const candles = await client().klines("BTCUSDT", "1h", {
      startTime: Date.parse("2026-03-30T21:00:00Z"),
      endTime: Date.parse("2026-03-30T23:00:00Z"),
      limit: 2,
    });
    expect(candles).toEqual([
      {
        openTime: Date.parse("2026-03-30T21:00:00Z"),
        open: 66651.41,
        high: 66994.17,
        low: 66587.32,
        close: 66809.3,
        volume: 481.422,
        quoteVolume: 32176094.0565828,
      },
      expect.objectContaining({ openTime: Date.parse("2026-03-30T22:00:00Z") }),
    ]);
    const asked = new URL(standIn.requests[0] ?? "", standIn.url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      symbol: "BTCUSDT",
      interval: "1h",
      limit: "2",
      startTime: String(Date.parse("2026-03-30T21:00:00Z")),
      endTime: String(Date.parse("2026-03-30T23:00:00Z")),
    });
  });

  it("explains Binance's error body: -1121 is an invalid symbol", async () => {
    const error = await failure(client().klines("NOPEUSDT", "1d", { limit: 1 }));
    expect(error).toBeInstanceOf(BinanceApiError);
    expect(error).toMatchObject({ kind: "http", status: 400, code: -1121 });
    expect(error.message).toBe("binance: answered 400: Invalid symbol. (-1121)");
    expect(isInvalidSymbol(error)).toBe(true);
  });

  it("stays away for the Retry-After of a 429, then asks again", async () => {
    standIn.handle(() =>
      json({ code: -1003, msg: "Too much request weight used; current limit is 6000." }, 429, { "retry-after": "30" }),
    );
    const binance = client();
    const error = await failure(binance.pairs());
    expect(error).toMatchObject({ kind: "rate-limited", status: 429, code: -1003 });
    expect(standIn.requests).toHaveLength(1);

    standIn.handle(binanceFixtures());
    clock.advance(29_000);
    expect((await failure(binance.pairs())).message).toMatch(/not asked until .*: it answered 429/);
    expect(standIn.requests).toHaveLength(1);
    clock.advance(1_000);
    await expect(binance.pairs()).resolves.toHaveProperty("size", 9);
    expect(standIn.requests).toHaveLength(2);
  });

  it("takes a 418 as a ban: no request until it has passed, 5 minutes without a Retry-After", async () => {
    standIn.handle(() => json({ code: -1003, msg: "Way too much request weight used; IP banned." }, 418));
    const binance = client();
    expect(await failure(binance.tickers24h(["BTCUSDT"]))).toMatchObject({ kind: "rate-limited", status: 418 });
    standIn.handle(binanceFixtures());
    clock.advance(299_000);
    expect(await failure(binance.klines("BTCUSDT", "1h", { limit: 1 }))).toMatchObject({ kind: "rate-limited" });
    expect(standIn.requests).toHaveLength(1);
    clock.advance(1_000);
    await expect(binance.klines("BTCUSDT", "1h", { limit: 1 })).resolves.toHaveLength(1);
  });

  it("times out a silent Binance and calls a changed payload malformed", async () => {
    standIn.handle(() => ({ hang: true }));
    expect((await failure(client().pairs())).kind).toBe("timeout");
    // numbers where Binance writes decimal strings
    standIn.handle(() => json([{ symbol: "BTCUSDT", price: 66797.37 }]));
    const error = await failure(client().pairs());
    expect(error.kind).toBe("malformed");
    expect(error.message).toBe("binance: unexpected payload at 0.price");
  });
});
