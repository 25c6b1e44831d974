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
  it("holds daily candles for the nine spot pairs and hourly candles for BTC, ETH and BNB", () => {
    const shape = [...data.series.values()].map((s) => [s.pair, s.daily.length > 2000, s.hourly.length > 0]);
    expect(shape.sort()).toEqual(
      [
        ["ADAUSDT", true, false],
        ["BCHUSDT", true, false],
        ["BNBUSDT", true, true],
        ["BTCUSDT", true, true],
        ["DOGEUSDT", true, false],
        ["ETHUSDT", true, true],
        ["SOLUSDT", true, false],
        ["TRXUSDT", true, false],
        ["XRPUSDT", true, false],
      ].sort(),
    );
  });

  it("keeps the one BTC hourly gap, 2026-01-20 08:00 .. 2026-01-27 17:00, as a gap", () => {
    const btc = data.series.get("BTC");
    const openTimes = btc?.hourly.map((c) => c.openTime) ?? [];
    expect(holes(openTimes, INTERVAL_MS["1h"])).toEqual([["2026-01-20T07:00:00.000Z", "2026-01-27T18:00:00.000Z"]]);
    expect(openTimes[0]).toBe(ms("2024-01-21T07:00:00Z"));
    // the older file has no quote volume; the newer one has
    expect(btc?.hourly[0]?.quoteVolume).toBeNull();
    expect(btc?.hourly.at(-1)?.quoteVolume).toBe(41713284.9248103);
  });

  it("has daily candles without holes for BTC, ETH and BNB (a second export filled them)", () => {
    for (const symbol of ["BTC", "ETH", "BNB"]) {
      const daily = data.series.get(symbol)?.daily ?? [];
      expect(
        holes(
          daily.map((c) => c.openTime),
          INTERVAL_MS["1d"],
        ),
      ).toEqual([]);
      expect(daily.at(-1)?.openTime).toBe(ms("2026-03-31T00:00:00Z"));
    }
  });

  it("keeps the holes of the daily export where no second source exists", () => {
    const sol = data.series.get("SOL")?.daily ?? [];
    expect(
      holes(
        sol.map((c) => c.openTime),
        INTERVAL_MS["1d"],
      ),
    ).toEqual([
      ["2026-01-07T00:00:00.000Z", "2026-01-09T00:00:00.000Z"],
      ["2026-01-19T00:00:00.000Z", "2026-01-21T00:00:00.000Z"],
      ["2026-03-19T00:00:00.000Z", "2026-03-23T00:00:00.000Z"],
      ["2026-03-24T00:00:00.000Z", "2026-03-26T00:00:00.000Z"],
    ]);
  });

  it("copies daily rows exactly from the source", () => {
    // Binance_BTCUSDT_d.csv: 1502928000000,2017-08-17,BTCUSDT,4261.48,4485.39,4200.74,4285.08,795.150377,3454770.05073206
    expect(data.series.get("BTC")?.daily[0]).toEqual({
      openTime: ms("2017-08-17T00:00:00Z"),
      open: 4261.48,
      high: 4485.39,
      low: 4200.74,
      close: 4285.08,
      volume: 795.150377,
      quoteVolume: 3454770.05073206,
    });
  });

  it("covers 2017-08-17 to the end of 2026-03-31", () => {
    expect(marketCoverage(data)).toEqual({
      first: ms("2017-08-17T00:00:00Z"),
      hourlyEnd: ms("2026-04-01T00:00:00Z"),
      end: ms("2026-04-01T00:00:00Z"),
    });
  });
});
