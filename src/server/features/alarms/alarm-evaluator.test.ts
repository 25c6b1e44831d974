import pino from "pino";
import { describe, expect, it } from "vitest";
import { priceTicker } from "../../../../tests/support/price-ticker.ts";
import { createMemoryPubSub } from "../../providers/pubsub.ts";
import { TICK_CHANNEL } from "../market/market.service.ts";
import { buildMarketView, type MarketView } from "../market/market-view.ts";
import { createAlarmEvaluator } from "./alarm-evaluator.ts";
import type { AlarmChannel, AlarmSweep, FiredAlarm } from "./alarm-ports.ts";
import type { AlarmRow, TickPrice } from "./alarms.repository.ts";

const AT = Date.parse("2026-03-20T09:00:00.000Z");
const silent = pino({ level: "silent" });

const tick = (at: number, price: number) =>
  JSON.stringify({
    at: new Date(at).toISOString(),
    ticks: [{ coinAbbr: "ETH", lastPrice: price, change: null }],
  });

const row = (id: number, firedAt: Date, firedSource: string | null): AlarmRow => ({
  id,
  userId: 7,
  coinAbbr: "ETH",
  kind: "price",
  direction: "above",
  targetPrice: 2_100,
  percent: null,
  basePrice: 2_000,
  createdAt: new Date(AT - 3_600_000),
  firedAt,
  firedPrice: 2_150,
  firedSource,
  seenAt: null,
});

const ticker = (symbol: string, lastPrice: number) => priceTicker(symbol, lastPrice, AT);

/** A market before its first snapshot, or with this one. */
const marketOf = (view?: MarketView) => ({
  view: () => {
    if (!view) throw new Error("no snapshot yet");
    return view;
  },
});

describe("alarm evaluator", () => {
  it("evaluates one tick at a time; of the ticks that came meanwhile only the latest", async () => {
    const pubsub = createMemoryPubSub();
    const evaluated: TickPrice[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const evaluator = createAlarmEvaluator({
      repository: {
        async fire(prices) {
          evaluated.push([...prices]);
          if (evaluated.length === 1) await held;
          return [];
        },
      },
      market: marketOf(),
      providerName: () => "Test feed",
      pubsub,
      logger: silent,
      channels: [],
      leaseMs: 5_000,
    });
    await evaluator.start();
    await pubsub.publish(TICK_CHANNEL, tick(AT, 1));
    await expect.poll(() => evaluated.length).toBe(1);
    for (const price of [2, 3, 4]) await pubsub.publish(TICK_CHANNEL, tick(AT + price, price));
    release();
    await evaluator.idle();
    expect(evaluated.map((prices) => prices[0]?.price)).toEqual([1, 4]);
    await evaluator.stop();
  });

  it("hands fired alarms to each channel with the feed that fired them, then lets each sweep", async () => {
    const pubsub = createMemoryPubSub();
    const delivered: FiredAlarm[][] = [];
    const sweeps: AlarmSweep[] = [];
    const channel: AlarmChannel = {
      name: "test",
      async deliver(fired) {
        delivered.push([...fired]);
      },
      async sweep(sweep) {
        sweeps.push(sweep);
      },
    };
    const sources: string[] = [];
    const evaluator = createAlarmEvaluator({
      repository: {
        async fire(_prices, firedAt, source) {
          sources.push(source);
          return [row(1, firedAt, source)];
        },
      },
      // before the node's first snapshot the provider's configured name is the source, never an empty one
      market: marketOf(),
      providerName: () => "Test feed",
      pubsub,
      logger: silent,
      channels: [channel],
      leaseMs: 5_000,
    });
    const fired = await evaluator.evaluate(tick(AT, 2_150));
    expect(sources).toEqual(["Test feed"]);
    expect(fired).toHaveLength(1);
    expect(delivered).toEqual([fired]);
    expect(fired[0]).toMatchObject({
      userId: 7,
      alarm: { id: 1, unused: false, firedPrice: 2_150, source: "Test feed" },
      market: { provider: "Test feed", at: new Date(AT).toISOString() },
    });
    expect(sweeps.map((sweep) => sweep.at.getTime())).toEqual([AT]);
    // an alarm a sweep reads back keeps the feed and time that fired it
    const earlier = new Date(AT - 600_000);
    const [again] = sweeps[0]?.firedOf([row(2, earlier, "Old feed")]) ?? [];
    expect(again).toMatchObject({
      alarm: { id: 2, source: "Old feed", firedAt: earlier.getTime() },
      market: { provider: "Old feed", at: earlier.toISOString() },
    });
  });

  it("evaluates the snapshot the market started with when it starts", async () => {
    const view = buildMarketView(
      { at: AT, tickers: [ticker("BTC", 70_000), ticker("ETH", 2_000)] },
      [],
      "replay",
      "Binance (replay)",
    );
    const evaluated: { prices: TickPrice[]; at: Date; source: string }[] = [];
    const evaluator = createAlarmEvaluator({
      repository: {
        async fire(prices, at, source) {
          evaluated.push({ prices: [...prices], at, source });
          return [];
        },
      },
      market: marketOf(view),
      providerName: () => "Binance",
      pubsub: createMemoryPubSub(),
      logger: silent,
      channels: [],
      leaseMs: 5_000,
    });
    await evaluator.start();
    await evaluator.idle();
    expect(evaluated).toEqual([
      {
        prices: expect.arrayContaining([
          { coinAbbr: "BTC", price: 70_000 },
          { coinAbbr: "ETH", price: 2_000 },
        ]),
        at: new Date(view.source.at),
        source: "Binance (replay)",
      },
    ]);
    await evaluator.stop();
  });
});
