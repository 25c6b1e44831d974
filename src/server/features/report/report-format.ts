import { amountText } from "../../../contract/number-format.ts";
import { priceText } from "../../../contract/price-format.ts";

/**
 * The report's figures as text, for its risk sentences and its PDF: prices and amounts by the app's one formatter
 * (src/contract), percents as the app writes changes (2 decimals, a sign only when the figure is not 0.00).
 */

export const NO_VALUE = "--";

const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A change in percent: "+1.23%", "-4.50%", "0.00%". */
export function signedPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  const text = twoDecimals.format(Math.abs(value));
  const sign = Number(text.replaceAll(",", "")) === 0 ? "" : value > 0 ? "+" : "-";
  return `${sign}${text}%`;
}

/** A level in percent, no sign: "48.21%". */
export function percent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  return `${twoDecimals.format(value)}%`;
}

/** A share 0..1 as a percent: 0.5432 → "54.32%". */
export function share(value: number | null): string {
  return value === null ? NO_VALUE : percent(value * 100);
}

/** A ratio or coefficient: "0.87". */
export function ratio(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  return twoDecimals.format(value);
}

export function price(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_VALUE : priceText(value);
}

export function amount(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_VALUE : amountText(value);
}

/** "2025-03-14" (UTC), the day a figure is of. */
export function day(iso: string | null): string {
  return iso ? iso.slice(0, 10) : NO_VALUE;
}

/** "2025-03-14 08:00 UTC". */
export function dateTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
