import type { ToolExecutionOptions } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../../contract/errors.ts";
import { ApiError } from "../../../api-error.ts";
import type { ChatPredictions } from "./chat-data.ts";
import { createChatTools } from "./chat-tools.ts";
import { pearson } from "./coin-profile.ts";
import { fixturePredictions, fixtureScore, fixtureScores } from "./forecast-fixtures.ts";
import { openReplayChatData, type ReplayChatData } from "./replay-chat-data.ts";
import { toolOutputSchemas } from "./tool-outputs.ts";
import { toolSummary } from "./tool-summary.ts";

/** The predict, coinProfile and aiScores tools over the shipped replay, with stand-in predict and score services. */

const AT = "2026-03-09T12:30:00.000Z";
let data: ReplayChatData;

beforeAll(async () => {
  data = await openReplayChatData(AT);
});

const options: ToolExecutionOptions = { toolCallId: "t", messages: [] };

function tools(extra: Partial<Parameters<typeof createChatTools>[0]> = {}) {
  const all = createChatTools({ market: data.market, news: data.news, fx: data.fx, language: "en", ...extra });
  const run = (name: "predict" | "coinProfile" | "aiScores", input: unknown) =>
    (all[name].execute as (input: unknown, options: ToolExecutionOptions) => Promise<unknown>)(input, options);
  // each output checked against its tool's output schema
  return {
    predict: async (input: unknown) => toolOutputSchemas.predict.parse(await run("predict", input)),
    coinProfile: async (input: unknown) => toolOutputSchemas.coinProfile.parse(await run("coinProfile", input)),
    aiScores: async (input: unknown) => toolOutputSchemas.aiScores.parse(await run("aiScores", input)),
  };
}

describe("predict", () => {
  it("without the predict service answers that forecasts are not available", async () => {
    const out = await tools().predict({ symbol: "BTC" });
    expect(out).toMatchObject({ found: false, reason: "notAvailable", query: "BTC" });
  });

  it("gives the Predict page's forecast, record, page and source", async () => {
    const out = await tools({ predictions: fixturePredictions(data.market) }).predict({
      symbol: "bitcoin",
      interval: "1d",
    });
    if (!out.found) throw new Error("not found");
    expect(out.symbol).toBe("BTC");
    expect(out.interval).toBe("1d");
    expect(out.steps).toHaveLength(7);
    expect(out.backtest).toMatchObject({ maeRatio: 0.9731, directionCalls: 1890, coverage80: 0.792 });
    expect(out.page).toBe("/predict/BTC");
    expect(out.citation).toEqual({ tool: "predict", source: "Binance (replay)", at: AT });
  });

  it("an interval the coin has no candles for falls back to its own, and says which was asked", async () => {
    const out = await tools({ predictions: fixturePredictions(data.market) }).predict({
      symbol: "SOL",
      interval: "1h",
    });
    expect(out).toMatchObject({ found: true, interval: "1d", unavailableInterval: "1h" });
  });

  it("an unknown coin and a coin too new for a tested forecast are not found, never forecast", async () => {
    const predictions = fixturePredictions(data.market, { tooNew: ["SOL"] });
    const unknown = await tools({ predictions }).predict({ symbol: "NOPE" });
    expect(unknown).toMatchObject({ found: false, reason: "unknownSymbol" });
    const young = await tools({ predictions }).predict({ symbol: "SOL" });
    expect(young).toMatchObject({ found: false, reason: "notEnoughHistory", query: "SOL" });
  });

  it("other failures of the service are not hidden", async () => {
    const broken: ChatPredictions = {
      info: async () => {
        throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 500);
      },
    };
    await expect(tools({ predictions: broken }).predict({ symbol: "BTC" })).rejects.toThrow();
  });
});

describe("coinProfile", () => {
  it("measures returns, volatility, drawdown and the correlation with BTC from daily candles", async () => {
    const out = await tools().coinProfile({ symbol: "ETH" });
    if (!out.found) throw new Error("not found");
    const days = await data.market.klines("ETH", "1d", { limit: 91 });
    const last = days.at(-1)?.close ?? 0;
    const before30 = days.at(-31)?.close ?? 1;
    expect(out.returns.find((r) => r.days === 30)?.change).toBe(Math.round((last / before30 - 1) * 10_000) / 100);
    expect(out.correlation?.benchmark).toBe("BTC");
    expect(out.correlation?.days).toBe(90);
    expect(out.maxDrawdown?.percent).toBeLessThanOrEqual(0);
    expect(out.categories).toBeNull();
    expect(out.citation.at).toBe("2026-03-09T00:00:00.000Z");
  });

  it("pearson: 1 for lines moving together, -1 apart, null without spread", () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});

describe("aiScores", () => {
  const coin = (coinAbbr: string, rank: number) => ({ coinAbbr, coinName: coinAbbr, rank, marketCap: null });
  const scores = () =>
    fixtureScores(
      [
        { coin: coin("AAA", 1), score: fixtureScore("AAA", [90, 90, 90, 90, 90], 1, AT), categories: ["ai"] },
        { coin: coin("BBB", 2), score: fixtureScore("BBB", [50, 50, 50, 50, 50], 2, AT), categories: ["ai"] },
        { coin: coin("CCC", 60), score: fixtureScore("CCC", [70, 70, 70, 70, 70], 3, AT), categories: [] },
        { coin: coin("DDD", 70), score: fixtureScore("DDD", [30, 30, 30, 30, 30], 4, AT), categories: [] },
      ],
      { provider: "Binance (replay)", at: AT },
    );

  it("ranks by score through the filters, with the validation", async () => {
    const t = tools({ scores: scores() });
    const all = await t.aiScores({});
    if (!all.found) throw new Error("not found");
    expect(all.rows.map((r) => r.symbol)).toEqual(["AAA", "CCC", "BBB", "DDD"]);
    expect(all.validation?.meanSpearman).toBe(0.041);
    const calm = await t.aiScores({ volatility: "low" });
    if (!calm.found) throw new Error("not found");
    // the median of 1, 2, 3, 4 is 2.5
    expect(calm.rows.map((r) => r.symbol)).toEqual(["AAA", "BBB"]);
    expect(calm.volatilityRule).toContain("2.5%");
    const small = await t.aiScores({ minRank: 51, minScore: 50 });
    expect(small).toMatchObject({ found: true, matched: 1, rows: [{ symbol: "CCC" }] });
    const ai = await t.aiScores({ category: "ai", limit: 1 });
    expect(ai).toMatchObject({ found: true, counted: 2, matched: 2, rows: [{ symbol: "AAA" }] });
  });

  it("without the score service answers that the score is not available", async () => {
    expect(await tools().aiScores({})).toMatchObject({ found: false, reason: "notAvailable" });
  });
});

describe("summaries", () => {
  it("say what the new tools looked up, in English and Chinese", () => {
    expect(toolSummary("predict", { symbol: "btc" }, "en")).toBe("Read the BTC forecast and its record");
    expect(toolSummary("coinProfile", { symbol: "sol" }, "cn")).toBe(
      "计算了 SOL 的收益、波动率、回撤和与 BTC 的相关性",
    );
    expect(toolSummary("aiScores", { category: "ai" }, "en")).toBe("Screened the ai coins by AI score");
  });
});
