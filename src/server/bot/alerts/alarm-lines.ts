import type { InlineKeyboardButton } from "grammy/types";
import { type AlarmListData, alarmDirectionOf, type PriceAlarm } from "../../../contract/alarms.ts";
import { escapeHtml } from "../../escape-html.ts";
import { formatPercent, formatTime } from "../../features/chat/mountainlion/format.ts";
import type { BotContextFlavor, BotLanguage } from "../bot-context.ts";
import { displayPrice } from "../cards/price-format.ts";
import { alarmTexts } from "./alarm-texts.ts";

/** How an alarm reads in the bot's messages: prices and moves through the app's formatters, times in UTC. */

type Translate = BotContextFlavor["t"];

/** The most alarms one /alerts message lists (each has its buttons; Telegram takes 100 buttons a message). */
export const LISTED_MAX = 30;

/** Callback data of the alarms' buttons: small, and only an id the user's account is checked against. */
export const alarmCallback = {
  remove: (id: number) => `al:d:${id}`,
  rearm: (id: number) => `al:r:${id}`,
  list: "al:l",
  pattern: /^al:(?:([dr]):([1-9]\d{0,14})|(l))$/,
};

export const utcTime = (ms: number) => formatTime(new Date(ms).toISOString());
export const movePercent = (percent: number, language: BotLanguage) => formatPercent(percent, language);

/** "ETH/USDT", or "SOL/USDT -5.00%" for a move */
export function pairOf(alarm: PriceAlarm, language: BotLanguage): string {
  return alarm.kind === "percent" && alarm.percent !== null
    ? `${alarm.coinPair} ${movePercent(alarm.percent, language)}`
    : alarm.coinPair;
}

/** A button's short name for an alarm, the same in both languages: "ETH ↓ 3,000". */
export function alarmShortName(alarm: PriceAlarm): string {
  return `${alarm.coinAbbr} ${alarm.direction === "above" ? "↑" : "↓"} ${displayPrice(alarm.price)}`;
}

/** One alarm's line: armed ones with the price they were set at, fired ones with the price and time that fired them. */
export function alarmLine(alarm: PriceAlarm, t: Translate, language: BotLanguage): string {
  const common = { pair: pairOf(alarm, language), target: displayPrice(alarm.price) };
  if (alarm.unused || alarm.firedAt === null) {
    const text = t(alarm.direction === "above" ? alarmTexts.armedAbove : alarmTexts.armedBelow, {
      ...common,
      base: displayPrice(alarm.basePrice),
    });
    return `⏳ ${escapeHtml(text)}`;
  }
  const text = t(alarm.direction === "above" ? alarmTexts.firedAbove : alarmTexts.firedBelow, {
    ...common,
    fired: displayPrice(alarm.firedPrice ?? Number.NaN),
    time: utcTime(alarm.firedAt),
  });
  return `🔔 ${escapeHtml(text)}`;
}

/** The /alerts list as Telegram HTML: the count of armed alarms, each alarm, the market feeds, how to set one. */
export function alarmListHtml(data: AlarmListData, t: Translate, language: BotLanguage): string {
  const usage = escapeHtml(t(alarmTexts.usage));
  if (data.list.length === 0) return `${escapeHtml(t(alarmTexts.none))}\n\n${usage}`;
  const shown = data.list.slice(0, LISTED_MAX);
  const sources = [...new Set(shown.map((alarm) => alarm.source))].join(", ");
  return [
    `<b>${escapeHtml(t(alarmTexts.title, { armed: data.armed, max: data.armedMax }))}</b>`,
    ...shown.map((alarm) => alarmLine(alarm, t, language)),
    "",
    `<i>${escapeHtml(t(alarmTexts.prices, { source: sources }))}</i>`,
    usage,
  ].join("\n");
}

/**
 * Whether re-arming a fired alarm may be accepted now: a percent alarm re-arms from the price now; a price alarm only
 * while the price is on the side it watches from (past its target the service refuses: already crossed), and not
 * without a price.
 */
export function mayRearm(alarm: PriceAlarm, priceNow: number | undefined): boolean {
  if (alarm.kind === "percent") return true;
  return priceNow !== undefined && alarmDirectionOf(alarm.price, priceNow) === alarm.direction;
}

/** A row for each listed alarm: delete, and re-arm for a fired one that may be re-armed now (mayRearm). */
export function alarmButtons(
  data: AlarmListData,
  t: Translate,
  priceNow: (coinAbbr: string) => number | undefined,
): InlineKeyboardButton[][] {
  return data.list.slice(0, LISTED_MAX).map((alarm) => {
    const name = alarmShortName(alarm);
    const remove = {
      text: `🗑 ${t(alarmTexts.deleteButton, { alarm: name })}`,
      callback_data: alarmCallback.remove(alarm.id),
    };
    if (alarm.unused || !mayRearm(alarm, priceNow(alarm.coinAbbr))) return [remove];
    return [
      { text: `🔁 ${t(alarmTexts.rearmButton, { alarm: name })}`, callback_data: alarmCallback.rearm(alarm.id) },
      remove,
    ];
  });
}
