import { beforeAll, describe, expect, it } from "vitest";
import { loadMarketData, type MarketData, marketCoverage } from "./market-data.ts";
import { INTERVAL_MS } from "./market-provider.ts";

const ms = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

let data: MarketData;
beforeAll(async () => {
  data = await loadMarketData();
});

/** Pairs of neighbouring open times further apart than one interval. */
const holes = (openTimes: number[], step: number) =>
  openTimes.flatMap((time, i) => {
    const previous = openTimes[i - 1];
    return previous !== undefined && time - previous !== step ? [[iso(previous), iso(time)]] : [];
  });

describe("the shipped market data", () => {
  it("holds daily candles for the 120 coins of the universe and hourly candles for BTC, ETH and BNB", () => {
    expect(data.coins).toHaveLength(120);
    expect(data.series.size).toBe(120);
    for (const coin of data.coins) expect(data.series.get(coin.symbol)?.pair).toBe(coin.pair);
    const hourly = [...data.series.values()].filter((s) => s.hourly.length > 0).map((s) => s.symbol);
    expect(hourly.sort()).toEqual(["BNB", "BTC", "ETH"]);
  });

  it("lists ranked coins first in rank order, then the others", () => {
    const ranks = data.coins.map((coin) => coin.rank);
    const ranked = ranks.filter((rank): rank is number => rank !== null);
    expect(ranked).toHaveLength(61);
    expect(ranks.slice(0, 61)).toEqual([...ranked].sort((a, b) => a - b));
    expect(ranks.slice(61).every((rank) => rank === null)).toBe(true);
    expect(data.coins.slice(0, 4).map((coin) => coin.symbol)).toEqual(["BTC", "ETH", "XRP", "BNB"]);
  });

  it("keeps the one BTC hourly gap, 2026-01-20 08:00 .. 2026-01-27 17:00, as a gap", () => {
    const btc = data.series.get("BTC");
    const openTimes = btc?.hourly.map((c) => c.openTime) ?? [];
    expect(holes(openTimes, INTERVAL_MS["1h"])).toEqual([["2026-01-20T07:00:00.000Z", "2026-01-27T18:00:00.000Z"]]);
    expect(openTimes[0]).toBe(ms("2025-01-01T00:00:00Z"));
    // the older file has no quote volume; the newer one has
    expect(btc?.hourly[0]?.quoteVolume).toBeNull();
    expect(btc?.hourly.at(-1)?.quoteVolume).toBe(41713284.9248103);
  });

  it("has daily candles without holes, each to 2026-03-31, from 2025-01-01 or the coin's first trading day", () => {
    for (const series of data.series.values()) {
      const openTimes = series.daily.map((c) => c.openTime);
      expect(holes(openTimes, INTERVAL_MS["1d"])).toEqual([]);
      expect(openTimes.at(-1)).toBe(ms("2026-03-31T00:00:00Z"));
      expect(openTimes[0]).toBeGreaterThanOrEqual(ms("2025-01-01T00:00:00Z"));
    }
    expect(data.series.get("WAL")?.daily[0]?.openTime).toBe(ms("2025-10-10T00:00:00Z"));
  });

  it("copies daily rows exactly from the source", () => {
    // universe/daily/ETHUSDT.csv: 2026-03-31,2026.48,2124.03,2012.64,2105.43,421897.9023,874387220.2061939
    expect(data.series.get("ETH")?.daily.at(-1)).toEqual({
      openTime: ms("2026-03-31T00:00:00Z"),
      open: 2026.48,
      high: 2124.03,
      low: 2012.64,
      close: 2105.43,
      volume: 421897.9023,
      quoteVolume: 874387220.2061939,
    });
  });

  it("covers 2025-01-01 to the end of 2026-03-31", () => {
    expect(marketCoverage(data)).toEqual({
      first: ms("2025-01-01T00:00:00Z"),
      hourlyEnd: ms("2026-04-01T00:00:00Z"),
      end: ms("2026-04-01T00:00:00Z"),
    });
  });
});
