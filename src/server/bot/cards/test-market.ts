import { buildMarketView, type MarketView } from "../../features/market/market-view.ts";
import type { CoinMeta, Ticker } from "../../providers/market/market-provider.ts";

/** A small market for the cards' unit tests: real shapes (buildMarketView), made-up figures. */

const AT = Date.UTC(2026, 2, 2, 0, 0);

export function ticker(symbol: string, lastPrice: number, change24h: number | null = 1.5): Ticker {
  return {
    symbol,
    pair: `${symbol}USDT`,
    lastPrice,
    priceTime: AT,
    resolution: "1h",
    open24h: lastPrice,
    high24h: lastPrice * 1.02,
    low24h: lastPrice * 0.97,
    volume24h: 1000,
    quoteVolume24h: 1000 * lastPrice,
    change1h: 0.1,
    change24h,
    change7d: -2,
  };
}

function meta(symbol: string, name: string, rank: number): CoinMeta {
  return {
    symbol,
    name,
    rank,
    pair: `${symbol}USDT`,
    sector: null,
    marketCapUsd: null,
    volume24hUsd: null,
    circulatingSupply: null,
    categories: [],
    imageUrl: null,
    statsAsOf: AT,
  };
}

export function testMarketView(mode: "replay" | "live" = "replay"): MarketView {
  const coins: [string, string, number][] = [
    ["BTC", "Bitcoin", 64_123.4567],
    ["ETH", "Ethereum", 3_050.5],
    ["SOL", "Solana", 142.25],
    ["DOGE", "Dogecoin", 0.1234],
    ["PEPE", "Pepe <Frog> & Co", 0.0000123],
  ];
  return buildMarketView(
    { at: AT, tickers: coins.map(([symbol, , price]) => ticker(symbol, price)) },
    coins.map(([symbol, name], index) => meta(symbol, name, index + 1)),
    mode,
    mode === "replay" ? "Binance (replay)" : "Binance",
  );
}
