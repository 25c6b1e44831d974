import type { ToolExecutionOptions } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import type { CandleData } from "../../../../contract/market.ts";
import type { ChatMarket, ChatMarketView } from "./chat-data.ts";
import { openReplayChatData, type ReplayChatData } from "./replay-chat-data.ts";
import {
  analyseDaily,
  lastAverage,
  maxDrawdown,
  relativeStrength,
  returnStdev,
  technicalAnalysisOutputSchema,
  technicalAnalysisTool,
} from "./technical-analysis.ts";
import { notFoundOutputSchema } from "./tool-outputs.ts";

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const options: ToolExecutionOptions = { toolCallId: "test", messages: [] };

/** Daily candles closing at the given prices, high and low 1 above and below the close. */
const candles = (closes: readonly number[], start = START): CandleData[] =>
  closes.map((close, i) => ({
    time: start + i * DAY,
    open: close,
    high: close + 1,
    low: close - 1,
    close,
    volume: 1,
  }));

describe("the figures", () => {
  it("averages the last closes, and has none without enough of them", () => {
    expect(lastAverage([1, 2, 3, 4], 2)).toBe(3.5);
    expect(lastAverage([1, 2, 3], 4)).toBeNull();
  });

  it("takes the sample stdev of simple returns", () => {
    // returns +10 % and -10 %: mean 0, sample stdev √(0.01 + 0.01) = 0.1414…
    expect(returnStdev([100, 110, 99], 30)).toBeCloseTo(Math.sqrt(0.02), 12);
    expect(returnStdev([100, 110], 30)).toBeNull();
  });

  it("finds the deepest fall below an earlier peak", () => {
    expect(maxDrawdown([100, 120, 90, 130, 104, 125])).toEqual({ fall: 90 / 120 - 1, peakIndex: 1, troughIndex: 2 });
    expect(maxDrawdown([1, 2, 3]).fall).toBe(0);
  });

  it("compares returns over the same days, and leaves out a benchmark without those days", () => {
    const coin = candles([100, 110, 120, 130]);
    const bench = candles([50, 50, 55, 60]);
    expect(relativeStrength(coin, bench, [2, 3])).toEqual([
      {
        days: 2,
        since: new Date(START + 2 * DAY).toISOString(),
        coinReturn: 18.18,
        benchmarkReturn: 20,
        difference: -1.82,
      },
      { days: 3, since: new Date(START + DAY).toISOString(), coinReturn: 30, benchmarkReturn: 20, difference: 10 },
    ]);
    expect(relativeStrength(coin, candles([50, 50, 55], START + DAY * 10), [2])).toEqual([]);
  });

  it("reads a short history honestly: no MA50, a window of what there is", () => {
    const figures = analyseDaily(candles([10, 11, 12, 11, 13]), 90);
    expect(figures.days).toBe(5);
    expect(figures.movingAverages.long).toEqual({ period: 50, value: null, distancePercent: null });
    expect(figures.movingAverages.shortVsLong).toBeNull();
    expect(figures.range7d).toMatchObject({ days: 5, low: 9, high: 14 });
    expect(figures.maxDrawdown).toMatchObject({ percent: -8.33, peak: 12, trough: 11 });
  });
});

describe("the technicalAnalysis tool", () => {
  let data: ReplayChatData;
  beforeAll(async () => {
    data = await openReplayChatData("2026-03-20T09:00:00.000Z");
  });
  const find = (view: ChatMarketView, query: string) =>
    view.listed.find((l) => l.coin.coinAbbr === query.toUpperCase());
  const run = async (market: ChatMarket, input: Record<string, unknown>) => {
    const execute = technicalAnalysisTool({ market, find }).execute;
    if (!execute) throw new Error("no execute");
    return await execute(input as { symbol: string }, options);
  };

  it("cites the last daily close and measures BTC against ETH", async () => {
    const output = technicalAnalysisOutputSchema.parse(await run(data.market, { symbol: "btc" }));
    expect(output).toMatchObject({ symbol: "BTC", interval: "1d", days: 90, to: "2026-03-20T00:00:00.000Z" });
    expect(output.benchmark.symbol).toBe("ETH");
    expect(output.benchmark.strength.map((s) => s.days)).toEqual([30, 90]);
    expect(output.citation).toEqual({ tool: "technicalAnalysis", source: "Binance (replay)", at: output.to });
  });

  it("answers an unknown coin with not found, and an unknown benchmark with no comparison", async () => {
    const missing = notFoundOutputSchema.parse(await run(data.market, { symbol: "xyz" }));
    expect(missing).toMatchObject({ found: false, reason: "unknownSymbol", query: "XYZ" });
    const alone = technicalAnalysisOutputSchema.parse(await run(data.market, { symbol: "SOL", benchmark: "XYZ" }));
    expect(alone.benchmark).toEqual({ symbol: "XYZ", found: false, strength: [] });
  });

  it("says when the coin has no daily candles", async () => {
    const empty: ChatMarket = { ...data.market, klines: async () => [] };
    const output = notFoundOutputSchema.parse(await run(empty, { symbol: "SOL" }));
    expect(output).toMatchObject({ reason: "noCandles", query: "SOL 1d" });
  });
});
