import { Composer } from "grammy";
import type { BotContext, BotLanguage, BotMessage } from "../bot-context.ts";
import type { TelegramChats } from "../chats.ts";
import { staleButton } from "../runtime/fallbacks.ts";

const choose: BotMessage = /*i18n*/ {
  id: "Which language should I answer in?",
  message: "Which language should I answer in?",
};
const saved: BotMessage = /*i18n*/ { id: "Language saved", message: "Language saved" };
const done: BotMessage = /*i18n*/ {
  id: "Done: I will answer in English from now on.",
  message: "Done: I will answer in English from now on.",
  comment: "said in the language just chosen: the Chinese text names Chinese",
};

/** Each language named in itself, as language pickers do. */
const choices: readonly { language: BotLanguage; label: string }[] = [
  { language: "en", label: "English" },
  { language: "zh", label: "中文" },
];

export const LANGUAGE_CALLBACK = /^lang:(en|zh)$/;

/**
 * /language: buttons English / 中文; the choice is stored for the chat (telegram_chats.language, which wins over
 * Telegram's language_code from then on) and confirmed in the new language: the button's answer and the message
 * edited in place.
 */
export function languageFeature(deps: { chats: TelegramChats }): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("language", async (ctx) => {
    await ctx.reply(ctx.t(choose), {
      reply_markup: {
        inline_keyboard: [choices.map(({ language, label }) => ({ text: label, callback_data: `lang:${language}` }))],
      },
    });
  });
  composer.callbackQuery(LANGUAGE_CALLBACK, async (ctx) => {
    const chatId = ctx.chat?.id;
    const language = ctx.match[1] === "zh" ? "zh" : "en";
    if (chatId === undefined) return staleButton(ctx);
    await deps.chats.setLanguage(chatId, language);
    ctx.lang = language;
    await ctx.answerCallbackQuery({ text: ctx.t(saved) });
    await ctx.editMessageText(ctx.t(done));
  });
  return composer;
}
