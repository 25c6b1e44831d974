import type { Ticker } from "../../src/server/providers/market/market-provider.ts";

/**
 * A ticker for unit tests: `symbol` against USDT at `lastPrice`, observed at `priceTime` on the hourly candles; the
 * figures not given in `known` are the ones the data lacks (null).
 */
export function priceTicker(
  symbol: string,
  lastPrice: number,
  priceTime: number,
  known: Partial<Omit<Ticker, "symbol" | "pair" | "lastPrice" | "priceTime">> = {},
): Ticker {
  return {
    symbol,
    pair: `${symbol}USDT`,
    lastPrice,
    priceTime,
    resolution: "1h",
    open24h: null,
    high24h: null,
    low24h: null,
    volume24h: null,
    quoteVolume24h: null,
    change1h: null,
    change24h: null,
    change7d: null,
    ...known,
  };
}
