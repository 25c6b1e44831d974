import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sentimentDataSchema } from "../../../contract/market.ts";
import { ApiError } from "../../api-error.ts";
import { manualClock } from "../../providers/clock.ts";
import { createFearGreedIndex } from "../../providers/market/fear-greed-index.ts";
import {
  binanceFixtures,
  coingeckoFixtures,
  FIXTURE_NOW,
  fearGreedFixtures,
} from "../../providers/market/fixtures/stand-ins.ts";
import { openLiveMarket } from "../../providers/market/live-market.ts";
import { createMemoryPubSub } from "../../providers/pubsub.ts";
import { json, type StandIn, startStandIn } from "../../providers/upstream/stand-in.ts";
import { createMarketService, type MarketService, TICK_CHANNEL } from "./market.service.ts";

const HOUR = 3_600_000;
const MINUTE = 60_000;

let binance: StandIn;
let coingecko: StandIn;
let fng: StandIn;
let clock: ReturnType<typeof manualClock>;
let lines: Record<string, unknown>[];
let market: MarketService | undefined;
beforeEach(async () => {
  [binance, coingecko, fng] = await Promise.all([
    startStandIn(binanceFixtures()),
    startStandIn(coingeckoFixtures()),
    startStandIn(fearGreedFixtures()),
  ]);
  clock = manualClock(new Date(FIXTURE_NOW));
  lines = [];
  market = undefined;
});
afterEach(async () => {
  await market?.stop();
  await Promise.all([binance.close(), coingecko.close(), fng.close()]);
});

function service(options: { fearGreed?: boolean } = {}) {
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const tuning = { timeoutMs: 1_500, retries: 0 };
  const provider = openLiveMarket({
    binanceUrl: binance.url,
    coingeckoUrl: coingecko.url,
    clock,
    logger,
    upstream: { binance: tuning, coingecko: tuning },
    timing: { sectorGapMs: 0 },
  });
  const pubsub = createMemoryPubSub();
  market = createMarketService({
    provider,
    logger,
    pubsub,
    refreshMs: 60_000,
    clock,
    fearGreedIndex: options.fearGreed ? createFearGreedIndex({ url: `${fng.url}/fng/`, upstream: tuning }) : undefined,
  });
  return { market, pubsub };
}

const sentiment = (m: MarketService) => sentimentDataSchema.parse(JSON.parse(m.hot().sentiment).data);

describe("market service on the live provider", () => {
  it("serves a live snapshot, and keeps the last good one while Binance fails", async () => {
    const { market, pubsub } = service();
    const ticks: string[] = [];
    await pubsub.subscribe(TICK_CHANNEL, (message) => ticks.push(message));
    await market.start();
    const view = market.view();
    expect(view.source).toEqual({
      mode: "live",
      provider: "Binance · CoinGecko",
      at: new Date(FIXTURE_NOW).toISOString(),
    });
    expect(view.status.label).toBe("Live market · 2026-03-31");
    expect(view.listed.map((l) => l.coin.coinAbbr)).toEqual([
      "BTC",
      "ETH",
      "XRP",
      "BNB",
      "SOL",
      "TRX",
      "DOGE",
      "ADA",
      "BCH",
    ]);
    expect(market.coin("btc").coin).toEqual({
      coinCode: "btc",
      coinAbbr: "BTC",
      coinName: "Bitcoin",
      coinImageUrl: "https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png",
      lastPrice: 66797.37,
      change: Math.round((66797.37 / 66010.93 - 1) * 10_000) / 100,
      // the list's figures: the rolling windows' changes, the 24h USDT volume, supply × price, CoinGecko's rank
      change1h: 0.02,
      change7d: -5.8,
      volume24h: 1234617690.8920753,
      marketCap: 20_000_000 * 66797.37,
      rank: 1,
    });
    expect(ticks).toHaveLength(1);

    binance.handle(() => ({ status: 502, body: "Bad Gateway" }));
    clock.advance(MINUTE);
    await market.refresh();
    await market.refresh();
    expect(market.view()).toBe(view);
    expect(lines.filter((l) => l.msg === "market refresh failed; serving the last snapshot")).toHaveLength(1);

    binance.handle(binanceFixtures());
    await market.refresh();
    expect(market.view().at).toBe(FIXTURE_NOW + MINUTE);
    expect(lines.some((l) => l.msg === "market refresh recovered")).toBe(true);
  });

  it("starts while Binance is down, answers 503 Serverbusy, and recovers on the next refresh", async () => {
    binance.handle(() => ({ hang: true }));
    const { market } = service();
    await expect(market.start()).resolves.toBeUndefined();
    const error = (() => {
      try {
        market.view();
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, key: "Serverbusy" });
    expect(() => market.hot()).toThrow(ApiError);
    expect(market.coins()).toEqual([]);
    expect(lines.some((l) => l.msg === "market source unreachable at start; retrying every refresh")).toBe(true);

    binance.handle(binanceFixtures());
    await market.refresh();
    expect(market.view().listed).toHaveLength(9);
    expect(market.coins()[0]).toEqual({ symbol: "BTC", name: "Bitcoin" });
  });

  it("uses the public fear-and-greed index when configured, asked at most once an hour", async () => {
    const { market } = service({ fearGreed: true });
    await market.start();
    const index = sentiment(market).Fear_and_Greed_Index;
    expect(index.method).toBe(
      `Fear and Greed Index (${new URL(fng.url).host}): the public index's daily values (0-100) and bands as it publishes them, read at most once an hour.`,
    );
    expect(index.data).toHaveLength(30);
    expect(index.data[0]).toEqual({
      value: 12,
      value_classification: "Extreme Fear",
      timestamp: "2026-03-31T00:00:00.000Z",
    });
    expect(index.data.at(-1)).toEqual({
      value: 29,
      value_classification: "Fear",
      timestamp: "2026-03-02T00:00:00.000Z",
    });
    expect(fng.requests).toEqual(["/fng/?limit=30&format=json"]);
    // the public index in use, no daily candles are read to compute one
    expect(binance.requests.filter((r) => r.startsWith("/api/v3/klines"))).toEqual([]);

    clock.advance(30 * MINUTE);
    await market.refresh();
    expect(fng.requests).toHaveLength(1);
    clock.advance(30 * MINUTE);
    await market.refresh();
    await vi.waitFor(() => expect(fng.requests).toHaveLength(2));
  });

  it("falls back to the computed index until the public one first answers", async () => {
    fng.handle(() => json({ error: "unavailable" }, 503));
    const { market } = service({ fearGreed: true });
    await market.start();
    const computed = sentiment(market).Fear_and_Greed_Index;
    expect(computed.method).toMatch(/^Computed from the market data/);
    expect(computed.method).toContain("has not answered yet: this is the computed index");
    expect(computed.data).toHaveLength(30);
    expect(computed.data[0]?.timestamp).toBe("2026-03-31T00:00:00.000Z");
    expect(lines.filter((l) => l.msg === "fear-and-greed index unavailable")).toHaveLength(1);

    // asked again 10 minutes after a failure, not on every refresh
    fng.handle(fearGreedFixtures());
    await market.refresh();
    expect(fng.requests).toHaveLength(1);
    clock.advance(10 * MINUTE);
    await market.refresh();
    const index = sentiment(market).Fear_and_Greed_Index;
    expect(index.method).toMatch(/^Fear and Greed Index/);
    expect(index.data[0]?.value).toBe(12);

    // once it has answered, a failure keeps its last values
    fng.handle(() => json({ error: "unavailable" }, 503));
    clock.advance(HOUR);
    await market.refresh();
    await vi.waitFor(() => expect(fng.requests).toHaveLength(3));
    await market.refresh();
    expect(sentiment(market).Fear_and_Greed_Index.data[0]?.value).toBe(12);
  });
});
