import { describe, expect, it } from "vitest";
import { marketSymbolOf, quotableMarketSymbol } from "./market-symbols.ts";

describe("marketSymbolOf", () => {
  it("prices a wrapped coin as its coin and an old name as the current one", () => {
    expect(marketSymbolOf("WETH")).toBe("ETH");
    expect(marketSymbolOf("wbnb")).toBe("BNB");
    expect(marketSymbolOf("WMATIC")).toBe("POL");
    expect(marketSymbolOf("MATIC")).toBe("POL");
    expect(marketSymbolOf("WPOL")).toBe("POL");
    expect(marketSymbolOf("WAVAX")).toBe("AVAX");
    expect(marketSymbolOf("usdc")).toBe("USDC");
  });
});

describe("quotableMarketSymbol", () => {
  it("answers the market symbol of a plain symbol, null for one no market lists", () => {
    expect(quotableMarketSymbol(" wmatic ")).toBe("POL");
    expect(quotableMarketSymbol("TTK")).toBe("TTK");
    expect(quotableMarketSymbol("USDC.e")).toBeNull();
    expect(quotableMarketSymbol("")).toBeNull();
  });
});
