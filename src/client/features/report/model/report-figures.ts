import { isDisplayable, type MaybeNumber, NO_VALUE } from "../../../shared/format/no-value.ts";

/** The report's figures that are levels, not changes: no sign, always 2 decimals, en-US digits as elsewhere. */
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A level in percent (a volatility): "48.21%". */
export function levelPercentText(value: MaybeNumber): string {
  return isDisplayable(value) ? `${twoDecimals.format(value)}%` : NO_VALUE;
}

/** A share 0..1 as a percent: 0.5432 → "54.32%". */
export function shareText(value: MaybeNumber): string {
  return isDisplayable(value) ? levelPercentText(value * 100) : NO_VALUE;
}

/** A coefficient or ratio: "0.87", "-0.12". */
export function coefficientText(value: MaybeNumber): string {
  return isDisplayable(value) ? twoDecimals.format(value) : NO_VALUE;
}
