import type { CoinMeta, Ticker } from "./market-provider.ts";

/**
 * For tests: a coin's ticker, its 24h open, high and low at `lastPrice`, 1 of volume worth `lastPrice`, a flat day,
 * in daily resolution, unless `figures` say otherwise.
 */
export function testTicker(
  symbol: string,
  lastPrice: number,
  figures: Partial<Ticker> & Pick<Ticker, "priceTime">,
): Ticker {
  return {
    symbol,
    pair: `${symbol}USDT`,
    lastPrice,
    resolution: "1d",
    open24h: lastPrice,
    high24h: lastPrice,
    low24h: lastPrice,
    volume24h: 1,
    quoteVolume24h: lastPrice,
    change1h: null,
    change24h: 0,
    change7d: null,
    ...figures,
  };
}

/** For tests: a coin's facts, named by its symbol and otherwise unknown, unless `figures` say otherwise. */
export function testMeta(symbol: string, figures: Partial<CoinMeta> & Pick<CoinMeta, "statsAsOf">): CoinMeta {
  return {
    symbol,
    name: symbol,
    rank: null,
    pair: `${symbol}USDT`,
    marketCapUsd: null,
    volume24hUsd: null,
    circulatingSupply: null,
    categories: [],
    sector: null,
    imageUrl: null,
    ...figures,
  };
}
