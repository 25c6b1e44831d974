import { isDisplayable, type MaybeNumber, NO_VALUE } from "./no-value.ts";

const upToTwoDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** A share already in percent (0.3 means 0.3 %), without a sign: "0.3%", "15%", "1,000%"; up to 2 decimals. */
export function formatPercent(value: MaybeNumber): string {
  return isDisplayable(value) ? `${upToTwoDecimals.format(value)}%` : NO_VALUE;
}
