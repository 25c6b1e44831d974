import { describe, expect, it } from "vitest";
import { decodeSubscriptZeros, parseUsd, readCoinUniverse, readTop100 } from "./coin-universe.ts";

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
    const top = readTop100(
      file(
        entry(1, "BTC", "$95,028.73", "$1.9T", "$70,040,323,127"),
        entry(24, "SHIB", "$0.058959", "$5.28B", "$142,415,070"),
      ),
    );
    expect(top.statsAsOf).toBe("2025-11-17T02:28:50.587Z");
    expect(top.bySymbol.get("BTC")).toEqual({
      rank: 1,
      marketCapUsd: 1.9e12,
      volume24hUsd: 70_040_323_127,
      circulatingSupply: 20_000_000,
    });
    expect(top.bySymbol.get("SHIB")?.circulatingSupply).toBe(589_000_000_000_000);
  });

  const universeCsv = [
    "symbol,name,rank,sector",
    "BTC,Bitcoin,1,layer1",
    "AIXBT,aixbt,,ai",
    "WIF,dogwifhat,,meme",
    "VIRTUAL,Virtuals Protocol,,ai",
    "ONDO,Ondo,,defi",
    "PAXG,PAX Gold,,other",
    "FIL,Filecoin,,storage",
    "AR,Arweave,,storage",
    "RENDER,Render,,ai",
    "IO,io.net,,ai",
    "THETA,Theta Network,,infrastructure",
    "LPT,Livepeer,,infrastructure",
  ].join("\n");
  const top = () => readTop100(file(entry(1, "BTC", "$95,028.73", "$1.9T", "$70,040,323,127")));

  it("joins the universe with the ranked list: figures for ranked coins, none guessed for the others", () => {
    const coins = readCoinUniverse(
      universeCsv,
      top(),
      new Map([
        ["WIF", 2],
        ["AIXBT", 1],
      ]),
    );
    expect(coins[0]).toMatchObject({ symbol: "BTC", rank: 1, marketCapUsd: 1.9e12, circulatingSupply: 20_000_000 });
    expect(coins.find((coin) => coin.symbol === "WIF")).toMatchObject({
      rank: null,
      marketCapUsd: null,
      circulatingSupply: null,
      categories: ["meme"],
      sector: "meme",
    });
    // unranked coins follow by trading volume, highest first
    expect(coins.slice(1, 3).map((coin) => coin.symbol)).toEqual(["WIF", "AIXBT"]);
  });

  it("takes categories from the sector tags and the documented hand tags", () => {
    const coins = readCoinUniverse(universeCsv, top(), new Map());
    const of = (symbol: string) => coins.find((coin) => coin.symbol === symbol)?.categories;
    expect(of("AIXBT")).toEqual(["ai", "ai_agent"]);
    expect(of("ONDO")).toEqual(["rwa"]);
    expect(of("RENDER")).toEqual(["ai", "depin"]);
    expect(of("BTC")).toEqual([]);
  });

  it("refuses a rank the ranked list does not give", () => {
    expect(() => readCoinUniverse(universeCsv.replace("BTC,Bitcoin,1", "BTC,Bitcoin,2"), top(), new Map())).toThrow(
      /rank 2/,
    );
  });
});
