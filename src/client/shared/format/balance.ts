import { isDisplayable, type MaybeNumber, NO_VALUE } from "./no-value.ts";

// Spec §5 "balance 6 digits", read as 6 decimal places: the precision of USDT and most wallets' displays.
const sixDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });
const SMALLEST_SHOWN = 0.000001;

/**
 * Wallet and token balances: "1,234.567891", "0.5", "0".
 * Up to 6 decimals, trailing zeros trimmed, thousands separators, half away from zero. A non-zero balance
 * below 0.000001 reads "<0.000001" (">-0.000001" if negative) so a dust balance never looks empty.
 */
export function formatBalance(value: MaybeNumber): string {
  if (!isDisplayable(value)) return NO_VALUE;
  const magnitude = Math.abs(value);
  if (magnitude === 0) return "0";
  if (magnitude < SMALLEST_SHOWN) return value < 0 ? ">-0.000001" : "<0.000001";
  // From 0.000001 up nothing rounds to zero, so the sign is always meaningful.
  return `${value < 0 ? "-" : ""}${sixDecimals.format(magnitude)}`;
}
