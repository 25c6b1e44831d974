import { generateText, stepCountIs } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import { type ChatMode, chatModes } from "../../../../contract/chat.ts";
import { systemPrompt } from "../chat-prompt.ts";
import { STEP_LIMIT } from "../model-run.ts";
import { createChatTools } from "../tools/chat-tools.ts";
import { openReplayChatData, type ReplayChatData } from "../tools/replay-chat-data.ts";
import { chatModeOf } from "./modes.ts";
import { createMountainLion } from "./mountainlion-model.ts";

const AT = "2026-03-20T09:00:00.000Z";
const prompt = (mode: ChatMode, language: "en" | "cn" = "en") =>
  systemPrompt({ language, mode, now: new Date(AT), model: { vision: false, tools: true } });

describe("the chat's mode reaches MountainLion in its system prompt", () => {
  it.each(chatModes)("%s", (mode) => {
    expect(chatModeOf(prompt(mode))).toBe(mode);
    expect(chatModeOf(prompt(mode, "cn"))).toBe(mode);
  });

  it("is search without the chat's system prompt", () => {
    expect(chatModeOf(undefined)).toBe("search");
    expect(chatModeOf("Answer in English.")).toBe("search");
  });
});

/**
 * Golden cases of the two modes: the question, the tools called step by step, and what the answer must and must
 * not say. Figures are checked against the candles in deep-think.test.ts and ai-buy.test.ts.
 */
interface ModeCase {
  question: string;
  mode: ChatMode;
  language: "en" | "cn";
  steps: string[][];
  says: string[];
  never: RegExp[];
}

const ORDER_PLACED = /\border (?:is |was |has been )?(?:placed|filled|executed)\b|\bbought\b|已下单|下单成功|购买成功/i;

const GOLDEN: readonly ModeCase[] = [
  {
    question: "ETH analysis",
    mode: "deepThink",
    language: "en",
    steps: [["tokenPrice", "technicalAnalysis"], ["marketSentiment", "newsSearch"], []],
    says: ["**Deep think · Ethereum (ETH)**", "### Relative strength against BTC", "### How I reasoned", "### Limits"],
    never: [],
  },
  {
    question: "以太坊走势怎么样",
    mode: "deepThink",
    language: "cn",
    steps: [["tokenPrice", "technicalAnalysis"], ["marketSentiment", "newsSearch"], []],
    says: ["**深度思考 · Ethereum (ETH)**", "### 相对 BTC 的强弱", "### 我的推理过程", "### 分析的局限"],
    never: [],
  },
  {
    question: "Will DOGE go up tomorrow?",
    mode: "deepThink",
    language: "en",
    steps: [["tokenPrice", "technicalAnalysis"], ["marketSentiment", "newsSearch"], []],
    says: ["I don't make calls on where a price will go", "### Trend", "it is not a forecast or advice"],
    never: [/will (rise|go up)/i],
  },
  {
    question: "what moved today?",
    mode: "deepThink",
    language: "en",
    steps: [["marketSentiment", "topMovers", "topMovers", "technicalAnalysis"], ["newsSearch"], []],
    says: ["**Deep think · the market**", "### Movers (24h)", "### The benchmark: Bitcoin (BTC)"],
    never: [],
  },
  {
    question: "buy 250 USDT of BNB",
    mode: "aiSwap",
    language: "en",
    steps: [["tokenPrice", "technicalAnalysis"], []],
    says: ["**AI one-click buy · 250 USDT of", "BNB's 7-day range", "I haven't placed any order"],
    never: [ORDER_PLACED],
  },
  {
    question: "用 300 USDT 买 SOL",
    mode: "aiSwap",
    language: "cn",
    steps: [["tokenPrice", "technicalAnalysis"], []],
    says: ["**AI 一键买入 · 用 300 USDT 买 Solana (SOL)**", "SOL 近 7 日区间", "我没有下任何订单"],
    never: [ORDER_PLACED],
  },
  {
    question: "Swap 1 BNB to USDT on BSC",
    mode: "aiSwap",
    language: "en",
    steps: [["tokenPrice", "technicalAnalysis"], []],
    says: ["**AI one-click buy · swap 1 BNB to USDT**", "1 BNB is worth about **", "I haven't placed any order"],
    never: [ORDER_PLACED, /BSC/],
  },
  {
    question: "买 ETH",
    mode: "aiSwap",
    language: "cn",
    steps: [["tokenPrice"], []],
    says: ["你想买多少？", "我没有下任何订单"],
    never: [ORDER_PLACED],
  },
];

let data: ReplayChatData;

beforeAll(async () => {
  data = await openReplayChatData(AT);
});

describe("golden cases of deep think and AI one-click buy", () => {
  it.each(GOLDEN)("$mode: $question", async (golden) => {
    const result = await generateText({
      model: createMountainLion(),
      tools: createChatTools({ ...data, language: golden.language }),
      stopWhen: stepCountIs(STEP_LIMIT),
      system: prompt(golden.mode, golden.language),
      prompt: golden.question,
    });
    expect(result.steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual(golden.steps);
    for (const text of golden.says) expect(result.text).toContain(text);
    for (const pattern of golden.never) expect(result.text).not.toMatch(pattern);
  });
});
