import type { Api } from "grammy";
import type { BotCommand } from "grammy/types";
import type { BotLanguage, BotMessage } from "../bot-context.ts";
import type { BotTranslator } from "../i18n.ts";
import { openInApp } from "../welcome-texts.ts";

/** The bot's commands, in the order Telegram's menu and /help list them. */
export const botCommands: readonly { command: string; description: BotMessage }[] = [
  { command: "start", description: /*i18n*/ { id: "Start and open the app", message: "Start and open the app" } },
  {
    command: "price",
    description: /*i18n*/ { id: "A coin's price, e.g. /price BTC", message: "A coin's price, e.g. /price BTC" },
  },
  {
    command: "predict",
    description: /*i18n*/ {
      id: "A coin's price forecast with its track record, e.g. /predict BTC",
      message: "A coin's price forecast with its track record, e.g. /predict BTC",
    },
  },
  { command: "news", description: /*i18n*/ { id: "The latest crypto news", message: "The latest crypto news" } },
  {
    command: "alerts",
    description: /*i18n*/ {
      id: "Your price alarms; set one, e.g. /alerts ETH below 3000",
      message: "Your price alarms; set one, e.g. /alerts ETH below 3000",
    },
  },
  {
    command: "subscribe",
    description: /*i18n*/ { id: "A daily market digest", message: "A daily market digest" },
  },
  {
    command: "language",
    description: /*i18n*/ { id: "Answer in English or Chinese", message: "Answer in English or Chinese" },
  },
  { command: "help", description: /*i18n*/ { id: "What I can do", message: "What I can do" } },
  {
    command: "paysupport",
    description: /*i18n*/ { id: "Help with payments", message: "Help with payments" },
  },
];

export function commandList(translator: BotTranslator, language: BotLanguage): BotCommand[] {
  return botCommands.map(({ command, description }) => ({
    command,
    description: translator.translate(language, description),
  }));
}

/**
 * What the bot tells Telegram once per process when it starts: the command menu (English by default, Chinese for
 * users whose Telegram speaks Chinese) and the menu button that opens the mini app. Telegram takes web_app menu
 * buttons only with https addresses: over http (local development) the menu button is left as it is.
 */
export async function announceCommands(api: Api, translator: BotTranslator, miniAppUrl: string): Promise<void> {
  await api.setMyCommands(commandList(translator, "en"));
  await api.setMyCommands(commandList(translator, "zh"), { language_code: "zh" });
  if (new URL(miniAppUrl).protocol === "https:") {
    await api.setChatMenuButton({
      menu_button: { type: "web_app", text: translator.translate("en", openInApp), web_app: { url: miniAppUrl } },
    });
  }
}
