import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { BotLanguage, BotMessage } from "./bot-context.ts";

/** The bot's catalogs: `npm run i18n` extracts them from src/server/bot and checks every Chinese text is there. */
const CATALOG_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "locales");
export const botLanguages: readonly BotLanguage[] = ["en", "zh"];

async function readCatalog(language: BotLanguage): Promise<Messages> {
  const file = path.join(CATALOG_DIR, language, "messages.po");
  const catalog = await formatter().parse(readFileSync(file, "utf8"), {
    locale: language,
    sourceLocale: "en",
    filename: file,
  });
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(catalog)) {
    const text = entry.translation || entry.message;
    if (text) messages[id] = compileMessage(text);
  }
  return messages;
}

export interface BotTranslator {
  translate(language: BotLanguage, message: BotMessage, values?: Record<string, string | number>): string;
}

/** Loads both catalogs once; a text missing from a catalog falls back to its English source. */
export async function createBotTranslator(): Promise<BotTranslator> {
  const catalogs = new Map<BotLanguage, I18n>();
  for (const language of botLanguages) {
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: language, messages: await readCatalog(language) });
    catalogs.set(language, i18n);
  }
  return {
    translate(language, message, values) {
      const i18n = catalogs.get(language) ?? catalogs.get("en");
      if (!i18n) return message.message;
      return i18n._({ id: message.id, message: message.message, values });
    },
  };
}

/** Telegram's language_code (an IETF tag such as "zh-hans" or "en-US") as one of the bot's languages. */
export function botLanguageOf(code: string | undefined | null): BotLanguage | undefined {
  if (!code) return undefined;
  const lower = code.toLowerCase();
  if (lower === "zh" || lower.startsWith("zh-")) return "zh";
  if (lower === "en" || lower.startsWith("en-")) return "en";
  return undefined;
}
