import { priceText } from "../../../contract/price-format.ts";
import { isDisplayable, type MaybeNumber, NO_VALUE } from "./no-value.ts";

/** Token prices as spec §5 writes them (src/contract/price-format.ts): "64,123.4567", "0.0₄123", or NO_VALUE. */
export function formatPrice(value: MaybeNumber): string {
  return isDisplayable(value) ? priceText(value) : NO_VALUE;
}

/**
 * A price with its currency's sign: "$64,123.4567", "€55,321.1", "-CN¥0.0₄123"; the minus goes before the sign.
 * The figure is the one spec §5 price text (formatPrice).
 */
export function formatMoney(value: MaybeNumber, sign: string): string {
  if (!isDisplayable(value)) return NO_VALUE;
  return `${value < 0 ? "-" : ""}${sign}${formatPrice(Math.abs(value))}`;
}

/** A price in US dollars: "$64,123.4567", "-$0.0₄123"; the sign goes before the dollar sign. */
export function formatUsd(value: MaybeNumber): string {
  return formatMoney(value, "$");
}
