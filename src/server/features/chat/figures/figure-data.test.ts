import { beforeAll, describe, expect, it } from "vitest";
import type { CandleData } from "../../../../contract/market.ts";
import { openReplayChatData, type ReplayChatData } from "../tools/replay-chat-data.ts";
import { compareCandles, compareFigure, type FigureMarket, priceFigure } from "./figure-data.ts";
import { compareFigureQuerySchema, figureFileName, priceFigureQuerySchema } from "./figure-url.ts";

const AT = "2026-03-01T12:30:00.000Z";
const HOUR = 3_600_000;

let data: ReplayChatData;
beforeAll(async () => {
  data = await openReplayChatData(AT);
});

/** The query of a figure URL, as the route reads it. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("priceFigure", () => {
  it("names the exact candles: the open time of the last and their number", async () => {
    const candles = await data.market.klines("ETH", "4h", { limit: 42 });
    const figure = priceFigure("ETH", "4h", candles, "en");
    const last = candles.at(-1) as CandleData;
    expect(figure).toEqual({
      url: `/v2/api/chat/figure/ETH.svg?interval=4h&to=${last.time}&count=42`,
      alt: "ETH 4h closing prices, 2026-02-22 to 2026-03-01 12:00 UTC",
    });
    // read back as the route reads it, the URL gives the same candles
    const query = priceFigureQuerySchema.parse(queryOf(figure?.url ?? ""));
    expect(await data.market.klines("ETH", query.interval, { to: query.to, limit: query.count })).toEqual(candles);
    expect(priceFigure("ETH", "4h", candles, "cn")?.alt).toBe("ETH 4 小时收盘价，2026-02-22 至 2026-03-01 12:00 UTC");
  });

  it("draws the last 200 of a longer run, and nothing under 10 candles", async () => {
    const candles = await data.market.klines("BTC", "1h", { limit: 300 });
    const figure = priceFigure("BTC", "1h", candles, "en");
    expect(queryOf(figure?.url ?? "")).toMatchObject({ count: "200", to: String(candles.at(-1)?.time) });
    expect(priceFigure("BTC", "1h", candles.slice(-9), "en")).toBeNull();
    expect(priceFigure("BTC", "1h", [], "en")).toBeNull();
  });
});

describe("compareFigure", () => {
  it("charts a week of 4h candles when both coins have them", async () => {
    const figure = await compareFigure(data.market, "BTC", "ETH", "en");
    const eth = await data.market.klines("ETH", "4h", { limit: 42 });
    expect(figure).toEqual({
      url: `/v2/api/chat/figure/compare.svg?a=BTC&b=ETH&interval=4h&to=${eth.at(-1)?.time}&count=42`,
      alt: "BTC and ETH 4h closing prices normalised to 100, 2026-02-22 to 2026-03-01 12:00 UTC",
    });
  });

  it("falls back to a month of daily candles when a coin has no 4h ones (SOL)", async () => {
    const figure = await compareFigure(data.market, "BTC", "SOL", "en");
    expect(queryOf(figure?.url ?? "")).toMatchObject({ a: "BTC", b: "SOL", interval: "1d", count: "30" });
    const query = compareFigureQuerySchema.parse(queryOf(figure?.url ?? ""));
    const shared = await compareCandles(data.market, query.a, query.b, query.interval, {
      to: query.to,
      limit: query.count,
    });
    expect(shared.a.at(-1)?.time).toBe(query.to);
    expect(shared.a).toHaveLength(30);
  });

  it("ends both coins at the same candle when one has later candles", async () => {
    const later = (candles: CandleData[]) => [...candles, { ...(candles.at(-1) as CandleData), time: 99e12 }];
    const market: FigureMarket = {
      klines: async (abbr, interval, range) => {
        const candles = await data.market.klines(abbr, interval, range);
        return abbr === "BTC" && range.to === undefined ? later(candles) : candles;
      },
    };
    const shared = await compareCandles(market, "BTC", "ETH", "4h", { limit: 42 });
    const eth = await data.market.klines("ETH", "4h", { limit: 42 });
    expect(shared.a.map((c) => c.time)).toEqual(eth.map((c) => c.time));
    expect(shared.b).toEqual(eth);
  });

  it("has no figure when the coins share too few candles", async () => {
    const market: FigureMarket = { klines: async () => [] };
    expect(await compareFigure(market, "BTC", "ETH", "en")).toBeNull();
  });
});

describe("figure queries", () => {
  it("reads the file name and checks the interval and the count", () => {
    expect(figureFileName("btc.svg")).toBe("BTC");
    expect(figureFileName("compare.svg")).toBe("compare");
    for (const bad of ["BTC", "BTC.png", "../x.svg", ".svg", "a-b.svg"]) expect(figureFileName(bad)).toBeUndefined();
    expect(priceFigureQuerySchema.parse({})).toEqual({ interval: "1h", count: 48 });
    expect(priceFigureQuerySchema.parse({ interval: "1d", to: String(10 * HOUR), count: "10" })).toEqual({
      interval: "1d",
      to: 10 * HOUR,
      count: 10,
    });
    for (const bad of [{ interval: "5m" }, { count: "9" }, { count: "201" }, { count: "1.5" }, { to: "x" }]) {
      expect(priceFigureQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(compareFigureQuerySchema.safeParse({ a: "BTC" }).success).toBe(false);
    expect(compareFigureQuerySchema.parse({ a: "btc", b: "eth" })).toMatchObject({ a: "BTC", b: "ETH" });
  });
});
