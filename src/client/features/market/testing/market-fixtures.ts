import type { Coin } from "../../../../contract/market.ts";
import type { CoinList } from "../api/get-coin-list.ts";
import type { MarketStatus } from "../api/get-market-status.ts";
import type { TokenInfo } from "../api/get-token-info.ts";

export const replaySource = { mode: "replay", provider: "Binance (replay)", at: "2026-03-02T12:00:00.000Z" } as const;

export function coin(
  coinAbbr: string,
  lastPrice: number,
  change: number | null,
  coinName = coinAbbr,
  figures: Partial<Pick<Coin, "change1h" | "change7d" | "volume24h" | "marketCap" | "rank">> = {},
): Coin {
  return {
    coinCode: coinAbbr.toLowerCase(),
    coinAbbr,
    coinName,
    coinImageUrl: `/v2/api/coin/image/${coinAbbr}.svg`,
    lastPrice,
    change,
    change1h: null,
    change7d: null,
    volume24h: null,
    marketCap: null,
    rank: null,
    ...figures,
  };
}

export const btc = coin("BTC", 64123.45678, 1.234, "Bitcoin", {
  change1h: 0.5,
  change7d: -3.21,
  volume24h: 1_234_567_890,
  marketCap: 1_260_000_000_000,
  rank: 1,
});
export const eth = coin("ETH", 3012.5, -2.5, "Ethereum", {
  volume24h: 456_789_000,
  marketCap: 364_000_000_000,
  rank: 2,
});
export const pepe = coin("PEPE", 0.0000123, 0, "Pepe");

export function coinList(list: Coin[], facts: Partial<Pick<CoinList, "category" | "rule" | "reason">> = {}): CoinList {
  return {
    list,
    total: list.length,
    category: "total",
    rule: "Every coin this market prices, by market-cap rank; coins outside the ranked list follow",
    reason: null,
    source: replaySource,
    ...facts,
  };
}

export const marketStatus: MarketStatus = {
  mode: "replay",
  label: "Replay market · 2026-03-02",
  date: "2026-03-02",
  at: "2026-03-02T12:00:00.000Z",
};

export function tokenInfo(overrides: Partial<TokenInfo> = {}): TokenInfo {
  return {
    coin: btc,
    price: btc.lastPrice,
    change1h: 0.5,
    change24h: 1.234,
    change7d: -3.21,
    volume24h: 1_234_567_890,
    marketCap: 1_260_000_000_000,
    rank: 1,
    categories: [],
    narrative: "The first cryptocurrency.",
    aiScore: null,
    intervals: ["1h", "4h", "1d"],
    hourlyCoins: ["BTC", "ETH", "BNB"],
    statsAsOf: "2025-11-17T02:28:50.587Z",
    source: replaySource,
    ...overrides,
  };
}
