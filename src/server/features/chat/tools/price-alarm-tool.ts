import { tool } from "ai";
import { z } from "zod";
import { alarmLimitTexts as limits } from "../../../../contract/alarms.ts";
import type { ChatCitation } from "../../../../contract/chat.ts";
import { ApiError } from "../../../api-error.ts";
import type { ChatAlarms, ChatListedCoin, ChatMarket, ChatMarketView } from "./chat-data.ts";
import type { PriceAlarmRefusedOutput, PriceAlarmSetOutput } from "./tool-outputs.ts";

export const setPriceAlarmInputSchema = z.object({
  symbol: z.string().trim().min(1).max(40).describe("the coin's symbol, e.g. ETH (or its name, e.g. Ethereum)"),
  price: z.number().positive().optional().describe("the target price in USDT, e.g. 3000; give this or percent"),
  percent: z
    .number()
    .optional()
    .describe("instead of price: a move from the price now, in percent; negative for a fall, e.g. -5 or 10"),
  direction: z
    .enum(["above", "below"])
    .optional()
    .describe("fire when the price goes above or below the target; may be left out (the side the target is on)"),
});
export type SetPriceAlarmInput = z.infer<typeof setPriceAlarmInputSchema>;

/**
 * The alarm service's refusals, in the app's words (the message keys' texts in message-key-text.ts), in English
 * and Chinese: the tool's message gives the English one to the models, MountainLion writes the question's language.
 */
export const alarmRefusalTexts: Readonly<Record<string, { en: string; zh: string }>> = {
  alarmUnknownCoin: {
    en: "There is no market price for this coin, so no alarm can watch it.",
    zh: "这个币没有市场价格，无法为它设置提醒。",
  },
  alarmPriceAbsurd: {
    en: `This price is too far from the current price (more than ${limits.factor} times either way).`,
    zh: `这个价格离当前价格太远（高于或低于 ${limits.factor} 倍以上）。`,
  },
  alarmPercentOutOfRange: {
    en:
      `The move must be at least ${limits.min}%, a fall of at most ${limits.fall}% ` +
      `or a rise of at most ${limits.rise}%.`,
    zh: `涨跌幅至少为 ${limits.min}%，跌幅最多 ${limits.fall}%，涨幅最多 ${limits.rise}%。`,
  },
  alarmAlreadyCrossed: {
    en: "The price is already past this target. Choose the other direction or another price.",
    zh: "价格已经越过这个目标。请选择另一个方向或另一个价格。",
  },
  alarmLimitReached: {
    en: `You have the most armed alarms allowed (${limits.max}). Delete one first.`,
    zh: `你已达到可同时生效的提醒上限（${limits.max} 个）。请先删除一个。`,
  },
  invalidValue: {
    en: "The alarm's price or move is not a number it can watch.",
    zh: "提醒的价格或涨跌幅不是有效的数字。",
  },
};

const COIN_SYMBOL = /^[A-Za-z0-9]{1,20}$/;

type AlarmBody = Parameters<ChatAlarms["add"]>[1];

/** The alarm asked for: a price (with its direction, if given), else a move whose sign follows the direction. */
function bodyOf(coinAbbr: string, input: Omit<SetPriceAlarmInput, "symbol">): AlarmBody | undefined {
  const { price, percent, direction } = input;
  if (price !== undefined) return { coinAbbr, kind: "price", price, ...(direction ? { direction } : {}) };
  if (percent === undefined) return undefined;
  // "falls 5%" is -5, "rises 10%" +10, whichever sign the number came with
  const signed = direction === "below" ? -Math.abs(percent) : direction === "above" ? Math.abs(percent) : percent;
  return { coinAbbr, kind: "percent", percent: signed };
}

export interface PriceAlarmToolDeps {
  market: ChatMarket;
  /** the alarm service; absent: this server has no alarms */
  alarms: ChatAlarms | undefined;
  /** the signed-in user the chat answers; undefined for a visitor */
  userId: number | undefined;
  find: (view: ChatMarketView, query: string) => ChatListedCoin | undefined;
}

/**
 * setPriceAlarm: sets a price alarm for the signed-in user through the alarm service (the same alarms as the app's
 * token page and the bot's /alerts): a target price, or a percent move from the price now. A visitor, a server
 * without alarms, or a refusal of the service (unknown coin, absurd price, already crossed, too many alarms) is an
 * output with set: false and the reason in words, never a throw.
 */
export function priceAlarmTool(deps: PriceAlarmToolDeps) {
  return tool({
    description:
      "Sets a price alarm for the signed-in user, the same as the app's price alarms: it fires once when the coin's " +
      "USDT price reaches the target (a price, or a percent move from the price now), shown in the app and sent by " +
      "the Telegram bot when the account has Telegram. Use it only when the user asks to be alerted or reminded. " +
      "The output says what was set (pair, direction, target, the price now and its source) or why nothing was " +
      "set (set: false: not signed in, or the alarm service's refusal): tell the user exactly that.",
    inputSchema: setPriceAlarmInputSchema,
    execute: async ({ symbol, price, percent, direction }): Promise<PriceAlarmSetOutput | PriceAlarmRefusedOutput> => {
      const query = symbol.toUpperCase();
      const refused = (
        reason: PriceAlarmRefusedOutput["reason"],
        message: string,
        key: string | null = null,
        citation: ChatCitation | null = null,
      ): PriceAlarmRefusedOutput => ({ set: false, reason, key, query, message, citation });
      if (!deps.alarms) return refused("notAvailable", "price alarms are not available on this server");
      if (deps.userId === undefined) {
        return refused("signIn", "the user is not signed in: price alarms belong to an account; ask them to sign in");
      }
      const view = deps.market.view();
      const citation: ChatCitation = { tool: "setPriceAlarm", source: view.source.provider, at: view.source.at };
      const listed = deps.find(view, symbol);
      const coinAbbr = listed?.coin.coinAbbr ?? (COIN_SYMBOL.test(symbol) ? query : undefined);
      const refusal = (key: string) => refused("refused", alarmRefusalTexts[key]?.en ?? key, key, citation);
      if (coinAbbr === undefined) return refusal("alarmUnknownCoin");
      const body = bodyOf(coinAbbr, { price, percent, direction });
      if (!body) return refused("needTarget", "give a target price or a percent move", null, citation);
      try {
        const alarm = await deps.alarms.add(deps.userId, body);
        return {
          set: true,
          alarm: {
            id: alarm.id,
            symbol: alarm.coinAbbr,
            pair: alarm.coinPair,
            kind: alarm.kind,
            direction: alarm.direction,
            target: alarm.price,
            percent: alarm.percent,
            basePrice: alarm.basePrice,
          },
          citation: { tool: "setPriceAlarm", source: alarm.source, at: view.source.at },
        };
      } catch (error) {
        if (error instanceof ApiError && (alarmRefusalTexts[error.key] || error.key === "required")) {
          return refusal(error.key === "required" ? "invalidValue" : error.key);
        }
        throw error;
      }
    },
  });
}
