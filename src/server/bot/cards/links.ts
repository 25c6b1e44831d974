import type { InlineKeyboardButton } from "grammy/types";
import { isLoopbackHost } from "../../addresses.ts";
import { escapeHtml } from "../../escape-html.ts";
import type { BotMessage } from "../bot-context.ts";

/**
 * Where the bot's buttons lead: the mini app (config.telegram.miniAppUrl) opened with a start parameter, which the
 * app reads as Telegram's `startapp` (tgWebAppStartParam) or, in a browser, as the `startapp` query parameter
 * (src/client/host), so one parameter works in both.
 *
 * Telegram's rules decide the kind of button:
 * - a web_app button opens the mini app inside Telegram, but only in a private chat and only for an https URL;
 * - elsewhere (groups, inline results, where web_app buttons are refused) a url button to the bot's t.me deep link
 *   (https://t.me/<bot>?startapp=<param>) opens the same mini app inside Telegram;
 * - an http mini app URL (a local server in development) cannot be a mini app at all: a url button opens it in a
 *   browser, with the same `startapp` parameter;
 * - a loopback address (localhost, 127.0.0.1) is refused by Telegram as a button's address: there is no button,
 *   and the message says the address instead (openAppAt).
 */

/** Where the mini app's address cannot be a button (a local development server): the address itself. */
export const openAppAt: BotMessage = /*i18n*/ {
  id: "Open the app: {url}",
  message: "Open the app: {url}",
  comment: "where the mini app's address cannot be a button (a local development server): the address itself",
};

/** Telegram's start parameters: up to 64 of A-Z, a-z, 0-9, _ and -. */
const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

export function isStartParam(value: string): boolean {
  return START_PARAM.test(value);
}

/** Where a button is shown: web_app buttons only work in a private chat. */
export type ButtonPlace = "private" | "group" | "inline";

export interface BotLinks {
  /** the mini app's URL with `startapp` set (the URL as configured when no parameter is given) */
  appUrl(startParam?: string): string;
  /** https://t.me/<bot>?startapp=<param>: opens the bot's mini app from anywhere in Telegram */
  deepLink(botUsername: string, startParam?: string): string;
  /**
   * a button that opens the mini app at `startParam`, of the kind Telegram allows at that place; undefined where
   * the mini app's address is a loopback one, which Telegram refuses (say `appUrl(startParam)` in the text instead)
   */
  appButton(
    text: string,
    place: ButtonPlace,
    botUsername: string,
    startParam?: string,
  ): InlineKeyboardButton | undefined;
  /** an absolute address of a page of the web app (e.g. a shared chat's /chatDetail/<code>) */
  pageUrl(path: string): string;
}

export interface BotLinksOptions {
  /** config.telegram.miniAppUrl */
  miniAppUrl: string;
  /** config.publicUrl: where the web app's pages are served; the mini app's origin when unset */
  publicUrl?: string;
}

export function createBotLinks(options: BotLinksOptions): BotLinks {
  const miniApp = new URL(options.miniAppUrl);
  const https = miniApp.protocol === "https:";
  const loopback = isLoopbackHost(miniApp.hostname.replace(/^\[|\]$/g, ""));
  const pagesBase = new URL(options.publicUrl ?? miniApp.origin);

  const checked = (startParam: string | undefined) => {
    if (startParam !== undefined && !isStartParam(startParam)) {
      throw new Error(`not a Telegram start parameter: ${JSON.stringify(startParam)}`);
    }
    return startParam;
  };

  const appUrl = (startParam?: string) => {
    const param = checked(startParam);
    if (param === undefined) return miniApp.href;
    const url = new URL(miniApp.href);
    url.searchParams.set("startapp", param);
    return url.href;
  };

  const deepLink = (botUsername: string, startParam?: string) => {
    const param = checked(startParam);
    const base = `https://t.me/${encodeURIComponent(botUsername)}`;
    // an empty startapp opens the bot's main mini app without a parameter
    return param === undefined ? `${base}?startapp` : `${base}?startapp=${param}`;
  };

  return {
    appUrl,
    deepLink,
    appButton(text, place, botUsername, startParam) {
      if (loopback) return undefined;
      if (!https) return { text, url: appUrl(startParam) };
      if (place === "private") return { text, web_app: { url: appUrl(startParam) } };
      return { text, url: deepLink(botUsername, startParam) };
    },
    pageUrl(path) {
      return new URL(path, pagesBase).href;
    },
  };
}

/** Where a message's buttons will be shown, from the chat it is sent to. */
export function placeOf(chatType: string | undefined): ButtonPlace {
  return chatType === "private" ? "private" : "group";
}

/** The line that gives the mini app's address where no button can (HTML, escaped). */
export function appAddressHtml(
  links: BotLinks,
  t: (message: BotMessage, values?: Record<string, string | number>) => string,
  startParam?: string,
): string {
  return escapeHtml(t(openAppAt, { url: links.appUrl(startParam) }));
}
