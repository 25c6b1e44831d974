import { describe, expect, it } from "vitest";
import type { CoinMeta, Ticker } from "../../providers/market/market-provider.ts";
import { testMeta, testTicker } from "../../providers/market/test-coins.ts";
import { buildMarketView, categoryList, coinList, risingFalling, tokenInfo } from "./market-view.ts";

const AT = Date.parse("2026-03-10T12:00:00Z");

const ticker = (symbol: string, figures: Partial<Ticker> = {}): Ticker =>
  testTicker(symbol, 10, { priceTime: AT, volume24h: 100, quoteVolume24h: 1_000, ...figures });

const meta = (symbol: string, figures: Partial<CoinMeta> = {}): CoinMeta =>
  testMeta(symbol, { name: `${symbol} coin`, statsAsOf: Date.parse("2025-11-17T00:00:00Z"), ...figures });

describe("market view", () => {
  it("ranks hot by 24h USDT volume and gainers by 24h rise, risers only, 20 at most", () => {
    const tickers = Array.from({ length: 30 }, (_, i) =>
      ticker(`C${i}`, { quoteVolume24h: i * 1_000, change24h: i - 10 }),
    );
    // no volume at all: not ranked among the hot coins
    tickers.push(ticker("NOVOL", { quoteVolume24h: null, volume24h: null, change24h: null }));
    // no quote volume: base volume × price stands in for the ranking only
    tickers.push(ticker("BASE", { quoteVolume24h: null, volume24h: 1e9, lastPrice: 2 }));
    const view = buildMarketView({ at: AT, tickers }, [], "replay", "test");
    expect(view.categories.hot.map((c) => c.coinAbbr)).toEqual([
      "BASE",
      ...Array.from({ length: 19 }, (_, i) => `C${29 - i}`),
    ]);
    expect(view.categories.hot[0]?.volume24h).toBeNull();
    expect(view.categories.gainer.map((c) => c.change)).toEqual(Array.from({ length: 19 }, (_, i) => 19 - i));
    expect(view.categoryFacts.gainer.reason).toBeNull();
  });

  it("says why a category is empty: untagged in the replay or the live data, no riser, no prices", () => {
    const falling = [ticker("A", { change24h: -1 }), ticker("B", { change24h: 0 })];
    const replay = buildMarketView({ at: AT, tickers: falling }, [meta("A", { categories: ["meme"] })], "replay", "r");
    const facts = Object.fromEntries(categoryList(replay).map((c) => [c.category, c]));
    expect(facts.meme).toMatchObject({ count: 1, reason: null });
    expect(facts.defai).toEqual({
      category: "defai",
      count: 0,
      rule: "Coins the market's data tags DeFAI, by market-cap rank",
      reason: { code: "untagged", text: "No coin in the replay data is tagged DeFAI; live data may have some" },
    });
    expect(facts.gainer?.reason).toEqual({ code: "noneRose", text: "No coin rose over the last 24 hours" });
    expect(coinList(replay, { category: "gainer", page: 1, pageSize: 10 })).toMatchObject({
      list: [],
      total: 0,
      category: "gainer",
      reason: { code: "noneRose" },
    });
    const live = buildMarketView({ at: AT, tickers: falling }, [], "live", "l");
    expect(live.categoryFacts.ai.reason?.text).toBe("No coin this market prices is tagged AI by its source yet");
    const empty = buildMarketView({ at: AT, tickers: [] }, [], "replay", "r");
    for (const category of ["total", "hot", "gainer"] as const) {
      expect(empty.categoryFacts[category].reason?.code, category).toBe("noPrices");
    }
  });

  it("counts rising, falling and unchanged over the coins with a 24h change, as the change is shown", () => {
    const view = buildMarketView(
      {
        at: AT,
        tickers: [
          ticker("UP", { change24h: 0.006 }),
          // shown as 0.00%: counted unchanged, as the list shows it
          ticker("TINY", { change24h: -0.004 }),
          ticker("DOWN", { change24h: -3 }),
          ticker("FLAT", { change24h: 0 }),
          ticker("NEW", { change24h: null }),
        ],
      },
      [],
      "replay",
      "r",
    );
    expect(risingFalling(view)).toEqual({
      data: [
        { symbol: "UP", changePercent24Hr: 0.01 },
        { symbol: "TINY", changePercent24Hr: 0 },
        { symbol: "DOWN", changePercent24Hr: -3 },
        { symbol: "FLAT", changePercent24Hr: 0 },
      ],
      rising: 1,
      falling: 1,
      unchanged: 2,
      counted: 4,
      universe: 5,
    });
  });

  it("gives market cap only where the supply is known, and each coin its own chart intervals", () => {
    const view = buildMarketView(
      { at: AT, tickers: [ticker("BTC", { lastPrice: 100 }), ticker("WAL", { lastPrice: 0.5 })] },
      [meta("BTC", { rank: 1, circulatingSupply: 20, sector: "layer1" }), meta("WAL")],
      "replay",
      "r",
      (symbol) => (symbol === "BTC" ? ["1h", "4h", "1d"] : ["1d"]),
    );
    const btc = view.byAbbr.get("BTC");
    const wal = view.byAbbr.get("WAL");
    if (!btc || !wal) throw new Error("both coins are listed");
    expect(tokenInfo(view, btc)).toMatchObject({
      marketCap: 2_000,
      rank: 1,
      intervals: ["1h", "4h", "1d"],
      hourlyCoins: ["BTC"],
      narrative: "BTC coin (BTC), rank 1 by market cap as of 2025-11-17; sector: layer1",
    });
    expect(tokenInfo(view, wal)).toMatchObject({
      marketCap: null,
      rank: null,
      intervals: ["1d"],
      statsAsOf: "2025-11-17T00:00:00.000Z",
      narrative: "WAL coin (WAL), without a market-cap rank in the data",
    });
    // a live source has every interval of every coin: no coin list to name
    const live = buildMarketView({ at: AT, tickers: [ticker("BTC")] }, [], "live", "l");
    expect(live.hourlyCoins).toBeNull();
  });
});
