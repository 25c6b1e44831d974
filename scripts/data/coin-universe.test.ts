import { describe, expect, it } from "vitest";
import { decodeSubscriptZeros, parseUsd, readCoinUniverse } from "./coin-universe.ts";

const entry = (rank: number, symbol: string, price: string, volume24h: string, supply: string) => ({
  rank,
  name: symbol,
  symbol,
  price,
  change_24h: "0%",
  change_7d: "0%",
  market_cap: "N/A",
  volume_24h: volume24h,
  circulating_supply: supply,
});
const file = (...data: ReturnType<typeof entry>[]) =>
  JSON.stringify({ fetched_at: "2025-11-17T02:28:50.587Z", count: data.length, data });

describe("the top-100 list", () => {
  it("reads dollar amounts with separators and scales", () => {
    expect(parseUsd("$1.9T")).toBe(1_900_000_000_000);
    expect(parseUsd("$379.87B")).toBe(379_870_000_000);
    expect(parseUsd("$70,040,323,127")).toBe(70_040_323_127);
    expect(parseUsd("$0.9993")).toBe(0.9993);
    expect(parseUsd("N/A")).toBeNull();
    expect(() => parseUsd("1.9T")).toThrow(/dollar/);
  });

  it("restores the zeros of a price written without its subscript", () => {
    expect(decodeSubscriptZeros("$0.058959")).toBe(0.000008959);
    expect(decodeSubscriptZeros("$0.054907")).toBe(0.000004907);
  });

  it("puts the shifted columns right: volume_24h is the market cap, circulating_supply the volume", () => {
    const universe = readCoinUniverse(
      file(
        entry(1, "BTC", "$95,028.73", "$1.9T", "$70,040,323,127"),
        entry(3, "USDT", "$0.9993", "$183.92B", "$121,335,813,754"),
        entry(24, "SHIB", "$0.058959", "$5.28B", "$142,415,070"),
      ),
      new Set(["BTCUSDT"]),
    );
    expect(universe.statsAsOf).toBe("2025-11-17T02:28:50.587Z");
    expect(universe.missingRanks).toEqual([2, ...Array.from({ length: 20 }, (_, i) => i + 4)]);
    expect(universe.coins).toEqual([
      {
        symbol: "BTC",
        name: "BTC",
        rank: 1,
        pair: "BTCUSDT",
        marketCapUsd: 1.9e12,
        volume24hUsd: 70_040_323_127,
        circulatingSupply: 20_000_000,
        categories: [],
      },
      {
        symbol: "USDT",
        name: "USDT",
        rank: 3,
        pair: null,
        marketCapUsd: 183.92e9,
        volume24hUsd: 121_335_813_754,
        circulatingSupply: 184_000_000_000,
        categories: ["stablecoin"],
      },
      {
        symbol: "SHIB",
        name: "SHIB",
        rank: 24,
        pair: null,
        marketCapUsd: 5.28e9,
        volume24hUsd: 142_415_070,
        circulatingSupply: 589_000_000_000_000,
        categories: ["meme"],
      },
    ]);
  });

  it("refuses candles for a coin the list does not have", () => {
    expect(() => readCoinUniverse(file(entry(1, "BTC", "$1", "$1B", "$1")), new Set(["ETHUSDT"]))).toThrow(/ETHUSDT/);
  });
});
