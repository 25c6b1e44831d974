import type { Context } from "grammy";

/** The languages the bot speaks: those of the app's catalogs. */
export type BotLanguage = "en" | "zh";

/**
 * One message of the bot's catalog (src/server/bot/locales), written where it is used as
 * `/*i18n*\/ { id: "Open in app", message: "Open in app" }` so `lingui extract` finds it. The key is the English
 * text itself, the msgid the app's catalog has for the same text, so one translation serves both.
 */
export interface BotMessage {
  id: string;
  message: string;
  /** a note for translators */
  comment?: string;
}

/** What every update's context carries besides grammY's own. */
export interface BotContextFlavor {
  /** the reply language: the chat's /language choice, else Telegram's language_code, else English */
  lang: BotLanguage;
  /** the message in the reply language, ICU placeholders filled ({name}) */
  t(message: BotMessage, values?: Record<string, string | number>): string;
}

export type BotContext = Context & BotContextFlavor;
