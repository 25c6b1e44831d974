import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PriceAlarm } from "../../../contract/alarms.ts";
import { formatPercentChange } from "../../shared/format/percent-change.ts";
import { formatPrice } from "../../shared/format/price.ts";

/**
 * What an alarm watches and what it saw, as one sentence each, for the popover, the popup and the toasts. Every
 * price goes through the one price formatter; prices are in USDT.
 */

/** "ETH rises to 3,100" or, for a percent alarm, "ETH rises to 3,134.36 (+5.00%)". */
export function watchText(alarm: Pick<PriceAlarm, "coinAbbr" | "direction" | "price" | "percent">): MessageDescriptor {
  const coin = alarm.coinAbbr;
  const target = formatPrice(alarm.price);
  if (alarm.percent !== null) {
    const move = formatPercentChange(alarm.percent);
    return alarm.direction === "above"
      ? msg`${coin} rises to ${target} (${move})`
      : msg`${coin} falls to ${target} (${move})`;
  }
  return alarm.direction === "above" ? msg`${coin} rises to ${target}` : msg`${coin} falls to ${target}`;
}

/** "ETH fell to 2,985.1 (target 3,000)": the price of the tick that fired it against the target. */
export function firedText(
  alarm: Pick<PriceAlarm, "coinAbbr" | "direction" | "price" | "firedPrice">,
): MessageDescriptor {
  const coin = alarm.coinAbbr;
  const fired = formatPrice(alarm.firedPrice);
  const target = formatPrice(alarm.price);
  return alarm.direction === "above"
    ? msg`${coin} rose to ${fired} (target ${target})`
    : msg`${coin} fell to ${fired} (target ${target})`;
}

/** The toast after an alarm was set. */
export function alarmSetText(alarm: PriceAlarm): MessageDescriptor {
  const coin = alarm.coinAbbr;
  const target = formatPrice(alarm.price);
  return alarm.direction === "above"
    ? msg`Alarm set: ${coin} rises to ${target}`
    : msg`Alarm set: ${coin} falls to ${target}`;
}

/** The toast after a fired alarm was armed again. */
export function alarmRearmedText(alarm: PriceAlarm): MessageDescriptor {
  const coin = alarm.coinAbbr;
  const target = formatPrice(alarm.price);
  return alarm.direction === "above"
    ? msg`Alarm re-armed: ${coin} rises to ${target}`
    : msg`Alarm re-armed: ${coin} falls to ${target}`;
}

/**
 * A number as a person types it: "3,000", " 2985.10 ", "+5", "-5 %"; undefined when it is not one.
 * Thousands commas, spaces and a percent sign are ignored.
 */
export function parseTypedNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s,%]/g, "");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}
