import { Composer } from "grammy";
import type { Message, MessageEntity, User } from "grammy/types";
import { escapeHtml } from "../../escape-html.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { appAddressHtml, type BotLinks, placeOf } from "../cards/links.ts";
import { shortAnswerHtml } from "../cards/telegram-html.ts";
import { safeError } from "../runtime/safe-error.ts";
import { type ShortAnswerer, telegramOwner } from "./ask-answerer.ts";

/**
 * Free text: a question to MountainLion, answered in a few lines with a button to continue in the app.
 * - In a private chat every text message that is not a command is a question.
 * - In a group only a message that mentions the bot (@name) or replies to one of its messages is; the mention is
 *   taken out of the question. Other group messages are left alone (and go on to the features after this one).
 * - Only the first QUESTION_MAX characters of a message are read, and the answer says so.
 * - The app's chat quota applies: an asker with no chats left today gets the app's message instead of an answer.
 */

export const QUESTION_MAX = 2000;

export interface AskFeatureDeps {
  answerer: ShortAnswerer;
  links: BotLinks;
  logger: Logger;
  /** the id of the account linked to a Telegram user, when there is one (bot core's identity) */
  accountOf?: (from: User) => Promise<number | undefined>;
}

export const askTexts = {
  cutQuestion: /*i18n*/ {
    id: "Your message is long: I read only its first {count} characters.",
    message: "Your message is long: I read only its first {count} characters.",
  },
  cutAnswer: /*i18n*/ {
    id: "This is the short version: continue in the app for the whole answer.",
    message: "This is the short version: continue in the app for the whole answer.",
  },
  empty: /*i18n*/ {
    id: "Ask me about a coin, for example: BTC price, ETH trend, or compare BTC and ETH.",
    message: "Ask me about a coin, for example: BTC price, ETH trend, or compare BTC and ETH.",
  },
  failed: /*i18n*/ {
    id: "Sorry, I could not answer that just now. Please try again.",
    message: "Sorry, I could not answer that just now. Please try again.",
  },
  continueInApp: /*i18n*/ { id: "Continue in app", message: "Continue in app" },
  // the app's texts for spec §8 5004 and 20006 (src/client/shared/i18n/message-key-text.ts), same keys
  noFreeChat: /*i18n*/ { id: "You have used up today's free chats.", message: "You have used up today's free chats." },
  chatQuotaRedeem: /*i18n*/ {
    id: "Your chat quota is used up. Redeem more chats with points.",
    message: "Your chat quota is used up. Redeem more chats with points.",
  },
} satisfies Record<string, BotMessage>;

const isCommand = (message: Message) =>
  (message.entities ?? []).some((entity) => entity.type === "bot_command" && entity.offset === 0);

/** The entities of a message that name this bot: "@bot" mentions and mentions of its user. */
function botMentions(message: Message, bot: User): MessageEntity[] {
  const text = message.text ?? "";
  const username = `@${bot.username ?? ""}`.toLowerCase();
  return (message.entities ?? []).filter(
    (entity) =>
      (entity.type === "mention" &&
        text.slice(entity.offset, entity.offset + entity.length).toLowerCase() === username) ||
      (entity.type === "text_mention" && entity.user.id === bot.id),
  );
}

/** The question a message asks, or undefined when the message is not for this feature. */
export function questionOf(message: Message, bot: User): string | undefined {
  const text = message.text;
  if (text === undefined || isCommand(message) || message.via_bot?.id === bot.id) return undefined;
  if (message.chat.type === "private") return text.trim();
  if (message.chat.type !== "group" && message.chat.type !== "supergroup") return undefined;
  const mentions = botMentions(message, bot);
  const repliesToBot = message.reply_to_message?.from?.id === bot.id;
  if (mentions.length === 0 && !repliesToBot) return undefined;
  // the mentions taken out, last first so the earlier offsets still hold (offsets count UTF-16 units)
  let question = text;
  for (const entity of [...mentions].sort((a, b) => b.offset - a.offset)) {
    question = question.slice(0, entity.offset) + question.slice(entity.offset + entity.length);
  }
  return question.replace(/\s+/g, " ").trim();
}

/** The first `max` characters (code points) of the text, and whether it was longer. */
export function cutQuestion(text: string, max = QUESTION_MAX): { text: string; cut: boolean } {
  const chars = Array.from(text);
  return chars.length > max ? { text: chars.slice(0, max).join(""), cut: true } : { text, cut: false };
}

/** A "typing…" indicator only for answers that take this long: each chat action counts against Telegram's limits. */
export const TYPING_AFTER_MS = 1_500;

export function createAskFeature(deps: AskFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("message:text", async (ctx, next) => {
    const asked = questionOf(ctx.msg, ctx.me);
    if (asked === undefined) return next();
    const place = placeOf(ctx.chat.type);
    const button = deps.links.appButton(ctx.t(askTexts.continueInApp), place, ctx.me.username);
    const options = {
      parse_mode: "HTML" as const,
      link_preview_options: { is_disabled: true },
      ...(button ? { reply_markup: { inline_keyboard: [[button]] } } : {}),
      // in a group the answer replies to the question (and still goes when the question was deleted meanwhile)
      ...(place === "private"
        ? {}
        : { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } }),
    };
    const withAddress = (html: string) => (button ? html : `${html}\n\n${appAddressHtml(deps.links, ctx.t)}`);
    if (!asked) {
      await ctx.reply(withAddress(escapeHtml(ctx.t(askTexts.empty))), options);
      return;
    }
    const question = cutQuestion(asked);
    let userId: number | undefined;
    try {
      userId = deps.accountOf ? await deps.accountOf(ctx.from) : undefined;
    } catch (error) {
      deps.logger.warn({ err: safeError(error, ctx.api.token) }, "bot: account of a Telegram user not found");
    }
    // "typing…" in a private chat while a slow answer is made; a failure to show it is no reason not to answer
    const typing =
      place === "private"
        ? setTimeout(() => void ctx.replyWithChatAction("typing").catch(() => undefined), TYPING_AFTER_MS)
        : undefined;
    const result = await deps.answerer
      .answer({ question: question.text, language: ctx.lang, owner: telegramOwner(ctx.from.id, userId) })
      .catch((error: unknown) => {
        deps.logger.error({ err: safeError(error, ctx.api.token) }, "bot: question not answered");
        return { kind: "failed" } as const;
      })
      .finally(() => clearTimeout(typing));

    const parts: string[] = [];
    if (question.cut) {
      parts.push(`<i>${escapeHtml(ctx.t(askTexts.cutQuestion, { count: QUESTION_MAX.toLocaleString("en-US") }))}</i>`);
    }
    if (result.kind === "answer") {
      const short = shortAnswerHtml(result.markdown);
      parts.push(short.html);
      if (short.cut) parts.push(`<i>${escapeHtml(ctx.t(askTexts.cutAnswer))}</i>`);
    } else if (result.kind === "quota") {
      parts.push(escapeHtml(ctx.t(askTexts[result.key])));
    } else {
      parts.push(escapeHtml(ctx.t(askTexts.failed)));
    }
    await ctx.reply(withAddress(parts.join("\n\n")), options);
  });
  return composer;
}
