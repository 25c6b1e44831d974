import { describe, expect, it } from "vitest";
import { cutChars, lookUpCoin, normaliseSymbol } from "./symbols.ts";
import { testMarketView } from "./test-market.ts";

describe("normaliseSymbol", () => {
  it("reads symbols in any case, with a $ and as USDT pairs", () => {
    expect(normaliseSymbol(" btc ")).toBe("BTC");
    expect(normaliseSymbol("$eth")).toBe("ETH");
    expect(normaliseSymbol("sol/usdt")).toBe("SOL");
    expect(normaliseSymbol("SOL-USDT")).toBe("SOL");
  });
});

describe("lookUpCoin", () => {
  const view = testMarketView();
  const found = (typed: string) => {
    const result = lookUpCoin(view, typed);
    return result.kind === "found" ? result.listed.coin.coinAbbr : result.kind;
  };

  it("finds a coin by symbol, pair or name", () => {
    expect(found("btc")).toBe("BTC");
    expect(found("BTCUSDT")).toBe("BTC");
    expect(found("ethereum")).toBe("ETH");
    expect(found("$Doge")).toBe("DOGE");
  });

  it("answers empty for nothing typed", () => {
    expect(lookUpCoin(view, "   ")).toEqual({ kind: "empty" });
  });

  it("answers an unknown coin with what was typed, cut, and the closest matches", () => {
    const near = lookUpCoin(view, "bit");
    expect(near).toMatchObject({ kind: "unknown", asked: "bit" });
    expect(near.kind === "unknown" && near.suggestions.map((coin) => coin.coinAbbr)).toEqual(["BTC"]);
    const nonsense = lookUpCoin(view, "???");
    expect(nonsense).toEqual({ kind: "unknown", asked: "???", suggestions: [] });
    const long = lookUpCoin(view, "x".repeat(500));
    expect(long.kind === "unknown" && Array.from(long.asked).length).toBe(41);
  });
});

describe("cutChars", () => {
  it("never splits an emoji", () => {
    expect(cutChars("💥💥💥", 2)).toBe("💥💥…");
    expect(cutChars("short", 10)).toBe("short");
  });
});
