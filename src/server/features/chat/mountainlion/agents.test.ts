import { beforeAll, describe, expect, it } from "vitest";
import { AgentIds } from "../../../../contract/agents.ts";
import { Quotas } from "../../../../contract/constants.ts";
import { priceText } from "../../../../contract/price-format.ts";
import { systemPrompt } from "../chat-prompt.ts";
import type { ChatPredictions, ChatScores } from "../tools/chat-data.ts";
import { findFaqEntry } from "../tools/faq.ts";
import {
  FIXTURE_VALIDATION,
  fixturePredictions,
  fixtureScore,
  fixtureScores,
  fixtureStep,
} from "../tools/forecast-fixtures.ts";
import { openReplayChatData, type ReplayChatData } from "../tools/replay-chat-data.ts";
import { agentHint, agentOf } from "./agents.ts";
import { readScreen } from "./coin-selection.ts";
import { parseQuestion } from "./intent.ts";
import { askWithReplayTools } from "./replay-asking.ts";

/**
 * MountainLion's forecast answers and its agents (the chat's agentId, as one line of the system prompt), over the
 * shipped replay with stand-in predict and score services (tools/forecast-fixtures.ts).
 */

const AT = "2026-03-09T12:30:00.000Z";
const WHEN = "2026-03-09 12:30 UTC";
let data: ReplayChatData;
let predictions: ChatPredictions;
let scores: ChatScores;

beforeAll(async () => {
  data = await openReplayChatData(AT);
  predictions = fixturePredictions(data.market, { beatsNaive: (abbr) => abbr !== "DOGE", tooNew: ["XYZ"] });
  const coin = (abbr: string, rank: number) => {
    const listed = data.view.listed.find((l) => l.coin.coinAbbr === abbr);
    if (!listed) throw new Error(`${abbr} is not listed`);
    return { coinAbbr: abbr, coinName: listed.coin.coinName, rank, marketCap: null };
  };
  scores = fixtureScores(
    [
      { coin: coin("FET", 40), score: fixtureScore("FET", [80, 60, 70, 75, 65], 4.1, AT), categories: ["ai"] },
      { coin: coin("TAO", 30), score: fixtureScore("TAO", [50, 40, 60, 55, 45], 5.2, AT), categories: ["ai"] },
      { coin: coin("BTC", 1), score: fixtureScore("BTC", [70, 80, 90, 60, 70], 1.8, AT), categories: [] },
      { coin: coin("ETH", 2), score: fixtureScore("ETH", [40, 70, 90, 30, 60], 2.9, AT), categories: [] },
      { coin: coin("DOGE", 9), score: fixtureScore("DOGE", [60, 30, 80, 70, 90], 6.3, AT), categories: ["meme"] },
    ],
    { provider: data.view.source.provider, at: AT },
  );
});

function ask(
  question: string,
  options: { agent?: string; language?: "en" | "cn"; withForecasts?: boolean; mode?: "search" | "deepThink" } = {},
) {
  const language = options.language ?? "en";
  const withForecasts = options.withForecasts ?? true;
  const hint = options.agent ? agentHint(options.agent) : undefined;
  return askWithReplayTools(data, question, {
    language,
    services: withForecasts ? { predictions, scores } : {},
    system: [
      systemPrompt({
        language,
        mode: options.mode ?? "search",
        now: new Date(AT),
        model: { vision: false, tools: true },
      }),
      hint,
    ]
      .filter(Boolean)
      .join("\n"),
  });
}

const callsOf = (result: Awaited<ReturnType<typeof ask>>) =>
  result.steps.map((step) => step.toolCalls.map((c) => [c.toolName, c.input]));

async function lastClose(symbol: string, interval: "1h" | "1d") {
  const candle = (await data.market.klines(symbol, interval, { limit: 1 })).at(-1);
  if (!candle) throw new Error("no candle");
  return candle;
}

describe("forecast questions", () => {
  const cases: [string, { symbols: string[]; horizon?: "day" | "week" }][] = [
    ["predict BTC for tomorrow", { symbols: ["BTC"], horizon: "day" }],
    ["BTC price prediction", { symbols: ["BTC"] }],
    ["where will ETH be next week", { symbols: ["ETH"], horizon: "week" }],
    ["预测一下比特币明天的价格", { symbols: ["BTC"], horizon: "day" }],
    ["SOL 未来7天走势预测", { symbols: ["SOL"], horizon: "week" }],
    ["forecast for DOGE", { symbols: ["DOGE"] }],
  ];
  for (const [question, intent] of cases) {
    it(`reads "${question}" as a forecast request`, () => {
      const parsed = parseQuestion(question);
      expect(parsed.intent).toEqual({ kind: "predict", ...intent });
      expect(parsed.forecast).toBe(false);
    });
  }

  it("a follow-up keeps the forecast request and its horizon", () => {
    expect(parseQuestion("and ETH?", ["predict BTC for tomorrow"]).intent).toEqual({
      kind: "predict",
      symbols: ["ETH"],
      horizon: "day",
    });
    expect(parseQuestion("forecast for next week", ["SOL price"]).intent).toEqual({
      kind: "predict",
      symbols: ["SOL"],
      horizon: "week",
    });
  });

  it("keeps declining advice and calls, even with a forecast word", () => {
    expect(parseQuestion("should I buy BTC? predict it").intent.kind).toBe("trend");
    expect(parseQuestion("Will BTC go up tomorrow?").forecast).toBe(true);
    expect(parseQuestion("比特币明天会涨吗").intent.kind).toBe("trend");
  });

  it("predict BTC for tomorrow: the next 24 hours every 4 hours, the band, the record, the caveat and the page", async () => {
    const result = await ask("predict BTC for tomorrow");
    expect(callsOf(result)[0]).toEqual([["predict", { symbol: "BTC", interval: "1h" }]]);
    const origin = await lastClose("BTC", "1h");
    const text = result.text;
    expect(text).toContain("**Bitcoin (BTC) · price forecast**");
    expect(text).toContain(`**${priceText(origin.close)} USDT**`);
    expect(text).toContain("The next 24 hours (every 4th hour)");
    for (const step of [4, 8, 12, 16, 20, 24]) {
      const s = fixtureStep(origin.close, step, true);
      expect(text).toContain(`| ${step} |`);
      expect(text).toContain(`| ${priceText(s.forecast)} | ${priceText(s.lo80)} – ${priceText(s.hi80)} |`);
    }
    expect(text).not.toContain("| 28 |");
    expect(text).toContain(
      'its average error was **0.97×** that of "no change" (below 1 beats it); it called the direction right 53.1% of 1890 times, 95% interval 50.8%–55.3%; the 80% band held 79.2% of actual closes.',
    );
    expect(text).toContain("270 origins from 2025-06-01 to 2026-02-28");
    expect(text).toContain('Model: theta (fixture-1); it beat "no change" on its validation.');
    expect(text).toContain("Live record (last 24 hours");
    expect(text).toContain("random walk");
    expect(text).toContain("not financial advice");
    expect(text).toContain("[Open the BTC forecast on the Predict page](/predict/BTC)");
    expect(text).toContain(`Source: Binance (replay), ${WHEN}`);
  });

  it("SOL 未来7天走势预测: the 7 daily steps, in Chinese", async () => {
    const result = await ask("SOL 未来7天走势预测", { language: "cn" });
    expect(callsOf(result)[0]).toEqual([["predict", { symbol: "SOL", interval: "1d" }]]);
    const origin = await lastClose("SOL", "1d");
    for (let step = 1; step <= 7; step += 1) {
      expect(result.text).toContain(`| ${priceText(fixtureStep(origin.close, step, true).forecast)} |`);
    }
    expect(result.text).toContain("未来 7 天");
    expect(result.text).toContain("平均误差是“不变”预测的 **0.97 倍**");
    expect(result.text).toContain("[在预测页面查看 SOL 的预测](/predict/SOL)");
    expect(result.text).toContain(`来源：Binance (replay)，${WHEN}`);
  });

  it("a coin without hourly data asked for tomorrow gets its daily step 1, and says so", async () => {
    const result = await ask("predict SOL for tomorrow");
    expect(result.text).toContain("SOL has no hourly forecast; here is its daily one.");
    expect(result.text).toContain("Tomorrow (daily step 1)");
    expect(result.text).not.toContain("| 2 |");
  });

  it("where no model beats no change, the forecast is no change and says so", async () => {
    const result = await ask("DOGE price prediction");
    expect(result.text).toContain('No model beat "no change" on this coin, so the forecast is "no change"');
    const origin = await lastClose("DOGE", "1d");
    expect(result.text).toContain(
      `| ${priceText(origin.close)} | ${priceText(fixtureStep(origin.close, 1, false).lo80)}`,
    );
  });

  it("without the predict service, forecasts are said to be unavailable; a coin too new has none", async () => {
    const none = await ask("predict BTC for tomorrow", { withForecasts: false });
    expect(none.text).toContain("price forecasts are not available on this server");
    expect(none.text).not.toContain("/predict/BTC)");
    const unknown = await ask("predict XYZ");
    expect(unknown.text).toContain("Not found: there is no market data for **XYZ**");
  });

  it("advice stays declined, and points to the forecast and its record", async () => {
    const result = await ask("Should I buy BTC?");
    expect(callsOf(result)[0]?.map(([name]) => name)).toEqual(["candleStats"]);
    expect(result.text).toContain("I don't make calls on where a price will go or give advice");
    expect(result.text).toContain("[/predict/BTC](/predict/BTC)");
  });

  it("a forecast asked in deep think mode is the same forecast", async () => {
    const result = await ask("BTC forecast for next week", { mode: "deepThink" });
    expect(callsOf(result)[0]).toEqual([["predict", { symbol: "BTC", interval: "1d" }]]);
  });
});

describe("agents", () => {
  it("travel as one line of the system prompt, read back by MountainLion", () => {
    expect(agentHint("")).toBeUndefined();
    expect(agentHint("99")).toBeUndefined();
    const hint = agentHint(AgentIds.researchReport);
    expect(hint).toContain("research report");
    expect(agentOf(`You are MountainLion.\n${hint}`)).toBe(AgentIds.researchReport);
    expect(agentOf("You are MountainLion.")).toBeUndefined();
  });

  it("price prediction: any coin named is a forecast request", async () => {
    const result = await ask("ETH", { agent: AgentIds.pricePrediction });
    expect(callsOf(result)[0]).toEqual([["predict", { symbol: "ETH" }]]);
    const week = await ask("How about SOL this week?", { agent: AgentIds.pricePrediction });
    expect(callsOf(week)[0]).toEqual([["predict", { symbol: "SOL", interval: "1d" }]]);
    const none = await ask("hello there, what now", { agent: AgentIds.pricePrediction });
    expect(none.text).toContain("Which coin should I forecast?");
  });

  it("research report: overview, price action, risk figures, correlation, news, forecast and risks, with sources", async () => {
    const result = await ask("report on SOL", { agent: AgentIds.researchReport });
    expect(callsOf(result)[0]).toEqual([
      ["coinProfile", { symbol: "SOL" }],
      ["newsSearch", { query: "SOL", limit: 8, period: "14d" }],
      ["predict", { symbol: "SOL", interval: "1d" }],
    ]);
    const text = result.text;
    for (const heading of [
      "## Research report: Solana (SOL)",
      "### Overview",
      "### Price action",
      "### Volatility and drawdown",
      "### Correlation with BTC",
      "### News of the last 14 days",
      "### Forecast and its record",
      "### Risks",
    ]) {
      expect(text).toContain(heading);
    }
    const days = await data.market.klines("SOL", "1d", { limit: 91 });
    const last = days.at(-1)?.close ?? 0;
    const before7 = days.at(-8)?.close ?? 1;
    const change = Math.round((last / before7 - 1) * 10_000) / 100;
    expect(text).toContain(`| 7 days | ${change > 0 ? "+" : ""}${change.toFixed(2)}% |`);
    expect(text).toMatch(/Correlation of the last \d+ daily returns: \*\*-?\d\.\d\d\*\*/);
    expect(text).toContain("this report describes data and is not advice");
    expect(text).toContain("Source: Binance (replay), 2026-03-09 00:00 UTC");
    const zh = await ask("SOL 研报", { agent: AgentIds.researchReport, language: "cn" });
    expect(zh.text).toContain("## 研究报告：Solana (SOL)");
    expect(zh.text).toContain("### 风险");
  });

  it("research report without a coin asks for one", async () => {
    const result = await ask("write a report", { agent: AgentIds.researchReport });
    expect(result.text).toContain("Which coin should the report be on?");
  });

  it("AI coin selection reads the constraints, in English and Chinese", () => {
    expect(readScreen("top 5 AI coins with score above 60")).toEqual({ category: "ai", minScore: 60, limit: 5 });
    expect(readScreen("low volatility large caps")).toEqual({ maxRank: 20, volatility: "low" });
    expect(readScreen("评分60分以上的前3个meme币")).toEqual({ category: "meme", minScore: 60, limit: 3 });
    expect(readScreen("小市值高波动的AI币")).toEqual({ category: "ai", minRank: 51, volatility: "high" });
  });

  it("AI coin selection: a ranked table with score, band and parts, and the score's validation", async () => {
    const result = await ask("top 5 AI coins with score above 60", { agent: AgentIds.coinSelection });
    expect(callsOf(result)[0]).toEqual([["aiScores", { category: "ai", minScore: 60, limit: 5 }]]);
    const text = result.text;
    expect(text).toContain("Screen: category: ai; score ≥ 60. 1 of 2 scored coins match");
    expect(text).toContain(
      "| 1 | Artificial Superintelligence Alliance (FET) #40 | **70** | positive | 80 (20%) | 60 (20%) | 70 (20%) | 75 (20%) | 65 (20%) |",
    );
    expect(text).not.toContain("(TAO)");
    expect(text).toContain(
      `over ${FIXTURE_VALIDATION.weeks} weeks (2025-05-05 to 2026-02-02), its mean weekly Spearman rank correlation with the next week's returns was **0.041**`,
    );
    expect(text).toContain(`Source: Binance (replay), ${WHEN}`);
    const calm = await ask("low volatility large caps", { agent: AgentIds.coinSelection });
    expect(calm.text).toContain("(BTC) #1");
    expect(calm.text).toContain("(ETH) #2");
    expect(calm.text).not.toContain("(DOGE)");
    const zh = await ask("评分60分以上的前3个meme币", { agent: AgentIds.coinSelection, language: "cn" });
    expect(zh.text).toContain("(DOGE)");
    expect(zh.text).toContain("Spearman 秩相关系数平均为 **0.041**");
  });

  it("AI coin selection without the score service says it is not available", async () => {
    const result = await ask("top 5 AI coins", { agent: AgentIds.coinSelection, withForecasts: false });
    expect(result.text).toContain("the AI score is not available on this server");
  });

  it("AI invest assistant: cannot read images, offers the coin's trend from the data", async () => {
    const result = await ask("here is my BTC chart, what strategy?", { agent: AgentIds.investAssistant });
    expect(callsOf(result)[0]?.map(([name]) => name)).toEqual(["candleStats"]);
    expect(result.text).toContain("I can't read images: reading a chart screenshot needs a vision-capable model");
    expect(result.text).toContain("on daily candles");
    const none = await ask("look at my screenshot", { agent: AgentIds.investAssistant });
    expect(none.text).toContain("Which coin should I look at?");
    expect(callsOf(none)[0]).toEqual([]);
  });

  it("customer service answers from the help, in English and Chinese", async () => {
    const quota = await ask("How many questions can I ask per day?", { agent: AgentIds.customerService });
    expect(quota.text).toContain(`A visitor (not signed in) can ask ${Quotas.visitorDailyChats} question a day`);
    expect(quota.text).toContain(`${Quotas.plusExtraDailyChats} more with PLUS`);
    expect(quota.text).toContain("Source: MountainLion help (FAQ)");
    expect(callsOf(quota)[0]).toEqual([]);
    const signIn = await ask("怎么登录？", { agent: AgentIds.customerService, language: "cn" });
    expect(signIn.text).toContain("**怎么登录？**");
    expect(signIn.text).toContain("TON Connect");
    const unknown = await ask("what's the weather in Paris", { agent: AgentIds.customerService });
    expect(unknown.text).toContain("The help has no answer to that");
    expect(unknown.text).toContain("Feedback");
    expect(findFaqEntry("where does the price data come from?")?.id).toBe("data");
    expect(findFaqEntry("how are forecasts tested?")?.id).toBe("forecasts");
    expect(findFaqEntry("/subscribe 是什么命令")?.id).toBe("bot");
    expect(findFaqEntry("如何删除我的对话记录")?.id).toBe("privacy");
  });

  it("swap, wallet and NFT agents say plainly what serves them today, with no figures", async () => {
    const swap = await ask("swap 100 USDT for ETH", { agent: AgentIds.swap });
    expect(swap.text).toContain("Swaps are made on the swap screen");
    const wallet = await ask("What is in my wallet?", { agent: "8" });
    expect(wallet.text).toContain("The wallet agent is not available yet");
    const nft = await ask("Which NFT collections are trending?", { agent: "7" });
    expect(nft.text).toContain("This product has no NFT data yet");
    const compare = await ask("比较两个 NFT 系列", { agent: "12", language: "cn" });
    expect(compare.text).toContain("本产品还没有 NFT 数据");
    for (const result of [wallet, nft, compare]) {
      expect(callsOf(result)[0]).toEqual([]);
      expect(result.text).not.toMatch(/\d/);
    }
  });
});
