import { amountText } from "../../../../contract/number-format.ts";
import { alarmRefusalTexts } from "../tools/price-alarm-tool.ts";
import type { PriceAlarmRefusedOutput, PriceAlarmSetOutput } from "../tools/tool-outputs.ts";
import { type AnswerLanguage, formatPercent, formatPrice } from "./format.ts";
import type { Intent } from "./intent.ts";
import type { PlannedCall } from "./planned-call.ts";

/**
 * A price alarm asked for in the chat: the setPriceAlarm call for it, and the answer that says exactly what was set
 * (pair, direction, target, the price now; the source line follows) or why nothing was: a visitor is asked to sign
 * in, a refusal of the alarm service is given in the app's words. A request without a coin or a target is asked
 * for them, with examples.
 */

type L = AnswerLanguage;
type AlarmIntent = Extract<Intent, { kind: "alarm" }>;

const usdt = (value: number) => `${formatPrice(value)} USDT`;

const EXAMPLES: Record<L, string> = {
  en: "*tell me when ETH drops below 3000*, *alert me if SOL rises 10%*",
  zh: "*提醒我 BTC 跌破 60000*、*SOL 涨 10% 时提醒我*",
};

/** The call that sets the alarm, or none while the coin or the target is missing. */
export function alarmCalls(intent: AlarmIntent): PlannedCall[] {
  const { symbol, ask } = intent;
  if (symbol === undefined) return [];
  if (ask.kind === "price") {
    return [
      {
        toolName: "setPriceAlarm",
        input: { symbol, price: ask.price, ...(ask.direction ? { direction: ask.direction } : {}) },
      },
    ];
  }
  if (ask.kind === "percent") return [{ toolName: "setPriceAlarm", input: { symbol, percent: ask.percent } }];
  return [];
}

/** What is missing from a request that sets nothing yet. */
export function alarmQuestion(intent: AlarmIntent, language: L): string {
  const c = language === "zh";
  const { symbol, ask } = intent;
  if (symbol === undefined) {
    return c
      ? `你想为哪个币设置提醒？请告诉我币种和价格或涨跌幅，例如 ${EXAMPLES.zh}。`
      : `Which coin should the alarm watch? Tell me the coin and a price or a move, for example ${EXAMPLES.en}.`;
  }
  if (ask.kind === "unsigned") {
    const move = `${amountText(ask.percent)}%`;
    return c
      ? `${symbol} 涨 ${move} 还是跌 ${move}？例如 *${symbol} 涨 ${move} 时提醒我* 或 *${symbol} 跌 ${move} 时提醒我*。`
      : `Should ${symbol} rise ${move} or fall ${move}? For example *alert me if ${symbol} rises ${move}* or *alert me if ${symbol} falls ${move}*.`;
  }
  return c
    ? `${symbol} 到什么价格时提醒你？请给出价格或涨跌幅，例如 *${symbol} 跌破某个价格时提醒我* 或 *${symbol} 涨 10% 时提醒我*。`
    : `At what price should I alert you about ${symbol}? Give a price or a move, for example *tell me when ${symbol} drops below a price* or *alert me if ${symbol} rises 10%*.`;
}

function setBlock(output: PriceAlarmSetOutput, language: L): string {
  const c = language === "zh";
  const { alarm } = output;
  const above = alarm.direction === "above";
  const move =
    alarm.percent === null
      ? ""
      : c
        ? `（较设置时的 ${usdt(alarm.basePrice)} ${formatPercent(alarm.percent, language)}）`
        : ` (${formatPercent(alarm.percent, language)} from ${usdt(alarm.basePrice)})`;
  const head = c
    ? `**已设置价格提醒：${alarm.pair} ${above ? "高于" : "低于"} ${usdt(alarm.target)}${move}。**`
    : `**Price alarm set: ${alarm.pair} ${above ? "above" : "below"} ${usdt(alarm.target)}${move}.**`;
  const now = c
    ? `${alarm.symbol} 当前价格 **${usdt(alarm.basePrice)}**。`
    : `${alarm.symbol} is at **${usdt(alarm.basePrice)}** now.`;
  const how = c
    ? "价格到达时我会提醒你一次：应用内弹窗；如果你的账户绑定了 Telegram，还会收到机器人的消息。提醒列表里可以删除它，触发后也可以重新启用。"
    : "I'll alert you once when the price gets there: a dialog in the app, and a message from the Telegram bot if your account has Telegram. Your alarm list has it: delete it there, or re-arm it after it fires.";
  return [head, now, how].join("\n\n");
}

function refusedBlock(output: PriceAlarmRefusedOutput, language: L): string {
  const c = language === "zh";
  switch (output.reason) {
    case "signIn":
      return c
        ? "价格提醒属于账户：请先**登录**，再让我设置，我会为你设好。"
        : "Price alarms belong to an account: **sign in** and ask me again, and I'll set it for you.";
    case "notAvailable":
      return c ? "这个服务器没有开启价格提醒。" : "Price alarms are not available on this server.";
    case "needTarget":
      return c ? `请给出价格或涨跌幅，例如 ${EXAMPLES.zh}。` : `Give me a price or a move, for example ${EXAMPLES.en}.`;
    default: {
      const words = (output.key && alarmRefusalTexts[output.key]) || undefined;
      const reason = words ? words[language] : output.message;
      return c
        ? `**没有设置提醒（${output.query}）。** ${reason}`
        : `**No alarm was set (${output.query}).** ${reason}`;
    }
  }
}

/** The answer's block for one setPriceAlarm output. */
export function alarmBlock(output: PriceAlarmSetOutput | PriceAlarmRefusedOutput, language: L): string {
  return output.set ? setBlock(output, language) : refusedBlock(output, language);
}
