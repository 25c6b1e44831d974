import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { isLoopbackHost } from "../../addresses.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { openInApp } from "../welcome-texts.ts";

const openAt: BotMessage = /*i18n*/ {
  id: "Open the app: {url}",
  message: "Open the app: {url}",
  comment: "where the mini app's address cannot be a button (a local development server): the address itself",
};

/** The mini app's address, opened at a start parameter (`coin_BTC`, `chat_<id>`, ...) the client routes. */
export function miniAppLink(miniAppUrl: string, startParam?: string): string {
  if (!startParam) return miniAppUrl;
  const url = new URL(miniAppUrl);
  url.searchParams.set("startapp", startParam);
  return url.toString();
}

/**
 * The button that opens the mini app, as Telegram takes it here: a web_app button in a private chat when the
 * address is https (Telegram refuses web_app buttons with http addresses, and in groups); a plain url button
 * otherwise (local development over http opens the page in the browser); none for a loopback address, which
 * Telegram refuses as a button's address: the caller writes it into the text instead.
 */
export function miniAppButton(
  chatType: string | undefined,
  miniAppUrl: string,
  text: string,
  startParam?: string,
): InlineKeyboardButton | undefined {
  const url = miniAppLink(miniAppUrl, startParam);
  const parsed = new URL(url);
  if (isLoopbackHost(parsed.hostname.replace(/^\[|\]$/g, ""))) return undefined;
  if (parsed.protocol === "https:" && chatType === "private") return { text, web_app: { url } };
  return { text, url };
}

export interface AppReply {
  text: string;
  other: { reply_markup?: InlineKeyboardMarkup; link_preview_options?: { is_disabled: boolean } };
}

/**
 * A reply whose button opens the mini app (at startParam), in the context's language; where no button can be
 * given the address is appended to the text.
 */
export function appReply(
  ctx: BotContext,
  miniAppUrl: string,
  text: string,
  options: { label?: string; startParam?: string } = {},
): AppReply {
  const label = options.label ?? ctx.t(openInApp);
  const button = miniAppButton(ctx.chat?.type, miniAppUrl, label, options.startParam);
  if (button) return { text, other: { reply_markup: { inline_keyboard: [[button]] } } };
  const url = miniAppLink(miniAppUrl, options.startParam);
  return { text: `${text}\n\n${ctx.t(openAt, { url })}`, other: { link_preview_options: { is_disabled: true } } };
}
