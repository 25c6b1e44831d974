import { formatBalance } from "./balance.ts";
import { NO_VALUE } from "./no-value.ts";

/**
 * A token amount the API sends as a decimal string ("0.0321", "1000"), shown like a balance (formatBalance: up to
 * 6 decimals, thousands separators); null, or text that is not a number, reads NO_VALUE.
 */
export function formatTokenAmount(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === "") return NO_VALUE;
  return formatBalance(Number(value));
}
