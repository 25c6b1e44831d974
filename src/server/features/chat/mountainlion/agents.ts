import { type AgentId, AgentIds } from "../../../../contract/agents.ts";
import { reportStep } from "./agent-report.ts";
import { selectionStep } from "./coin-selection.ts";
import type { ToolResult } from "./compose.ts";
import { faqAnswer } from "./faq.ts";
import type { AnswerLanguage } from "./format.ts";
import { coinsOf, findCoins, horizonOf, type Question } from "./intent.ts";
import type { ModeStep } from "./mode-step.ts";

/**
 * The agent a chat is for (its agentId) as it reaches a model: one line of the system prompt, as the input mode
 * does, telling every model (MountainLion included) what the agent does. MountainLion reads the line back and
 * answers as that agent; an agent without a line is answered as the plain chat.
 */
export const AGENT_HINT: Partial<Record<AgentId, string>> = {
  [AgentIds.researchReport]:
    "Agent: research report. Write a structured research report on the coin the user names: overview (price, rank, market cap, categories), price action (7/30/90-day returns), volatility and drawdown, correlation with BTC, the news of the window, the forecast with its record, and data-based risks, with markdown headings and tables and every figure's source and time.",
  [AgentIds.pricePrediction]:
    "Agent: price prediction. For any coin the user names, give its forecast from the predict tool with its record against 'no change', the 80% band, a plain caveat and the link to its Predict page; advice stays declined.",
  [AgentIds.swap]:
    "Agent: swap. Swaps are placed on the swap screen (AI swap), not from the chat: point the user there.",
  "7": "Agent: NFT recommendation. This product has no NFT data yet: say so plainly and give no NFT figures.",
  "12": "Agent: NFT comparison. This product has no NFT data yet: say so plainly and give no NFT figures.",
  "8": "Agent: wallet. The wallet agent is not available yet; the wallet the user signs in with is shown in Settings.",
  [AgentIds.coinSelection]:
    "Agent: AI coin selection. Screen coins with the aiScores tool by the user's constraints (category, score, size, volatility) and show a ranked table with score, band and parts, and the score's validation.",
  [AgentIds.customerService]:
    "Agent: customer service. Answer questions about this product from its help (the productHelp tool); when the help has no answer, say so and point to Feedback.",
  [AgentIds.investAssistant]:
    "Agent: AI invest assistant (chart screenshot strategy). Read the user's chart screenshot if you can see images; if you cannot, say so and offer the data-based trend analysis of the coin they name.",
};

/** The system prompt's line for a chat's agent; undefined for no agent or one without a line. */
export function agentHint(agentId: string): string | undefined {
  return Object.hasOwn(AGENT_HINT, agentId) ? AGENT_HINT[agentId as AgentId] : undefined;
}

/** The agent whose line the system prompt holds. */
export function agentOf(system: string | undefined): AgentId | undefined {
  if (!system) return undefined;
  for (const [id, hint] of Object.entries(AGENT_HINT)) {
    if (hint && system.includes(hint)) return id as AgentId;
  }
  return undefined;
}

const firstCoin = (question: Question) => coinsOf(question.intent)[0] ?? findCoins(question.text)[0];

/**
 * The question as the agent reads it: the price prediction agent reads any coin named as a forecast request, the
 * AI invest assistant as a trend question (a request for a price alarm stays one); other agents leave it as it is.
 */
export function agentQuestion(agent: AgentId | undefined, question: Question): Question {
  // a price alarm to set is set in any chat
  if (question.intent.kind === "alarm") return question;
  const coin = firstCoin(question);
  if (agent === AgentIds.pricePrediction && coin && !question.forecast) {
    const horizon = question.intent.kind === "predict" ? question.intent.horizon : horizonOf(question.text);
    const symbols = coinsOf(question.intent).length > 0 ? coinsOf(question.intent).slice(0, 2) : [coin];
    return { ...question, intent: { kind: "predict", symbols, ...(horizon ? { horizon } : {}) } };
  }
  if (agent === AgentIds.investAssistant && coin) {
    const symbols = coinsOf(question.intent).length > 0 ? coinsOf(question.intent).slice(0, 3) : [coin];
    // the agent's own lead says that images cannot be read (agentLead)
    return { ...question, attachments: false, intent: { kind: "trend", symbols, interval: "1d" } };
  }
  return question;
}

const visionText = (language: AnswerLanguage) =>
  language === "zh"
    ? "我是离线分析助手 MountainLion，读不了图片：要分析 K 线截图，需要配置一个支持图像的模型。我可以根据应用里的行情数据分析你说的币的走势。"
    : "I'm MountainLion, the offline analyst, and I can't read images: reading a chart screenshot needs a vision-capable model to be configured. I can analyse the trend of the coin you name from the app's market data instead.";

/** What the invest assistant says before its data-based answer. */
export function agentLead(agent: AgentId | undefined, question: Question): string | undefined {
  if (agent === AgentIds.investAssistant && question.intent.kind !== "alarm" && firstCoin(question)) {
    return visionText(question.language);
  }
  return undefined;
}

function fixedText(agent: AgentId, language: AnswerLanguage): string | undefined {
  const c = language === "zh";
  switch (agent) {
    case AgentIds.swap:
      return c
        ? "兑换在兑换页面完成：从 AI 兑换（兑换标签）打开，在那里查看报价并在自己的钱包里签名。在对话的 AI 一键买入模式里，我可以按市场价算出一笔金额能买多少，并把这笔兑换交给兑换页，但不会从对话里下单或替你签名。"
        : "Swaps are made on the swap screen: open it from AI swap (the swap tab), see the quote there and sign it in your own wallet. In the chat's AI one-click buy mode I can work out what an amount buys at the market price and hand the swap to the swap screen, but no order is placed or signed from the chat.";
    case "8":
      return c
        ? "钱包智能体暂未开放。目前你登录所用的钱包显示在设置里；我无法查看余额、转账或授权，也不会编造。"
        : "The wallet agent is not available yet. Today the wallet you sign in with is shown in Settings; I can't see balances, transfers or approvals, and I won't make them up.";
    case "7":
    case "12":
      return c
        ? "本产品还没有 NFT 数据，所以我无法推荐或对比 NFT 系列，也不会编造地板价或成交量。我可以回答代币的价格、走势、新闻和预测。"
        : "This product has no NFT data yet, so I can't recommend or compare NFT collections, and I won't make up floor prices or volumes. I can answer about tokens: prices, trends, news and forecasts.";
    default:
      return undefined;
  }
}

/**
 * What an agent does on its own (the report, the coin screen, the help, the agents the product does not serve in
 * the chat); undefined: the question goes on as the chat's (after agentQuestion).
 */
export function agentStep(
  agent: AgentId | undefined,
  question: Question,
  results: readonly ToolResult[],
  offered: ReadonlySet<string>,
): ModeStep | undefined {
  if (!agent) return undefined;
  const { language } = question;
  const fixed = fixedText(agent, language);
  if (fixed) return { kind: "answer", text: fixed };
  switch (agent) {
    case AgentIds.customerService:
      return { kind: "answer", text: faqAnswer(question.text, language) };
    case AgentIds.researchReport:
      return reportStep(firstCoin(question), results, offered, language);
    case AgentIds.coinSelection:
      return selectionStep(question.text, results, offered, language);
    case AgentIds.investAssistant:
      if (firstCoin(question)) return undefined;
      return {
        kind: "answer",
        text: `${visionText(language)}\n\n${language === "zh" ? "你想看哪个币？例如 BTC 或以太坊。" : "Which coin should I look at? For example BTC or Ethereum."}`,
      };
    case AgentIds.pricePrediction:
      if (firstCoin(question) || question.forecast) return undefined;
      if (question.intent.kind !== "unknown" && question.intent.kind !== "needCoin") return undefined;
      return {
        kind: "answer",
        text:
          language === "zh"
            ? "你想看哪个币的预测？例如：*预测一下比特币明天的价格*、*SOL 未来7天走势预测*。"
            : "Which coin should I forecast? For example: *predict BTC for tomorrow*, *where will ETH be next week*.",
      };
    default:
      return undefined;
  }
}
