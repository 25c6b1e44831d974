import { Bot, type Composer, type MiddlewareFn } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { BotContext, BotLanguage } from "./bot-context.ts";
import { type BotTranslator, botLanguageOf } from "./i18n.ts";

/**
 * The Telegram bot: one grammY Bot whose context knows the reply language (`ctx.lang`) and translates (`ctx.t`).
 * Features are grammY composers (commands, inline mode, callbacks, ...) handed in by the composition root
 * (src/server/bot/telegram-bot.ts), each in a file of its own.
 */
export interface TelegramBotOptions {
  token: string;
  /** TELEGRAM_API_ROOT: Telegram's, or a loopback stand-in in tests */
  apiRoot: string;
  translator: BotTranslator;
  /** the language chosen for a chat with /language (or the app's settings), if any */
  chosenLanguage(chatId: number): Promise<BotLanguage | undefined>;
  /** the bot's identity when known (tests, or a node that already asked getMe): saves the getMe call at start */
  botInfo?: UserFromGetMe;
}

export function languageMiddleware(options: Pick<TelegramBotOptions, "translator" | "chosenLanguage">) {
  const middleware: MiddlewareFn<BotContext> = async (ctx, next) => {
    const chatId = ctx.chat?.id ?? ctx.from?.id;
    const chosen = chatId === undefined ? undefined : await options.chosenLanguage(chatId);
    ctx.lang = chosen ?? botLanguageOf(ctx.from?.language_code) ?? "en";
    ctx.t = (message, values) => options.translator.translate(ctx.lang, message, values);
    await next();
  };
  return middleware;
}

export function createBot(options: TelegramBotOptions, features: Composer<BotContext>[]): Bot<BotContext> {
  const bot = new Bot<BotContext>(options.token, {
    client: { apiRoot: options.apiRoot },
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });
  bot.use(languageMiddleware(options));
  for (const feature of features) bot.use(feature);
  return bot;
}
