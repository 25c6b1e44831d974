import pino from "pino";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../providers/clock.ts";
import type { MarketProvider } from "../../providers/market/market-provider.ts";
import { openReplayMarket } from "../../providers/market/replay-market.ts";
import { createMemoryPubSub } from "../../providers/pubsub.ts";
import { createMarketService, TICK_CHANNEL } from "./market.service.ts";
import { classify, fearGreedSeries } from "./sentiment.ts";

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("market service", () => {
  it("keeps serving the last good snapshot when the provider fails, and logs it once", async () => {
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const replay = await openReplayMarket({ wall: clock, start: "2026-03-10T12:30:00Z" });
    let failing = false;
    const provider: MarketProvider = {
      kind: "replay",
      name: "test",
      snapshot: () => (failing ? Promise.reject(new Error("provider down")) : replay.snapshot()),
      klines: (...args) => replay.klines(...args),
      coins: () => replay.coins(),
    };
    const { logger, lines } = capturingLogger();
    const pubsub = createMemoryPubSub();
    const ticks: string[] = [];
    await pubsub.subscribe(TICK_CHANNEL, (message) => ticks.push(message));
    const market = createMarketService({
      provider,
      logger,
      pubsub,
      refreshMs: 60_000,
    });
    await market.start();
    const before = market.hot();
    const view = market.view();
    expect(ticks).toHaveLength(1);

    failing = true;
    clock.advance(3_600_000);
    await market.refresh();
    await market.refresh();
    expect(market.view()).toBe(view);
    expect(market.hot()).toEqual(before);
    expect(lines.filter((line) => line.msg === "market refresh failed; serving the last snapshot")).toHaveLength(1);
    expect(ticks).toHaveLength(1);

    failing = false;
    await market.refresh();
    expect(market.view().at).toBe(view.at + 3_600_000);
    expect(ticks).toHaveLength(2);
    await market.stop();
  });

  it("refuses to start without a first snapshot", async () => {
    const provider: MarketProvider = {
      kind: "replay",
      name: "test",
      snapshot: () => Promise.reject(new Error("provider down")),
      klines: async () => [],
      coins: async () => [],
    };
    const { logger } = capturingLogger();
    const market = createMarketService({
      provider,
      logger,
      pubsub: createMemoryPubSub(),
      refreshMs: 60_000,
    });
    await expect(market.start()).rejects.toThrow("provider down");
  });
});

describe("fear and greed", () => {
  it("classifies by the documented bands", () => {
    expect([0, 24, 25, 44, 45, 55, 56, 75, 76, 100].map(classify)).toEqual([
      "Extreme Fear",
      "Extreme Fear",
      "Fear",
      "Fear",
      "Neutral",
      "Neutral",
      "Greed",
      "Greed",
      "Extreme Greed",
      "Extreme Greed",
    ]);
  });

  it("reads a steady rise with every coin up as greed, a steady fall with every coin down as fear", () => {
    const series = (step: number) =>
      Array.from({ length: 120 }, (_, i) => {
        const close = 100 * (1 + step) ** i * (i % 2 === 0 ? 1.001 : 0.999);
        return { openTime: i * 86_400_000, open: close, high: close, low: close, close, volume: 1, quoteVolume: 1 };
      });
    const up = series(0.01);
    const down = series(-0.01);
    const rising = fearGreedSeries(up, [up, up]);
    const falling = fearGreedSeries(down, [down, down]);
    expect(rising).toHaveLength(30);
    for (const day of rising) expect(day.value).toBeGreaterThan(55);
    for (const day of falling) expect(day.value).toBeLessThan(45);
  });
});
