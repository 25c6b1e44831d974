import { formatBalance } from "../../shared/format/balance.ts";

/**
 * A USDT amount as the contract sends it (a decimal string, at most 6 decimals: "19.99", "0.000001") written with
 * the balance formatter: every decimal USDT has, thousands separators, no trailing zeros.
 */
export function usdtFigure(amount: string): string {
  return formatBalance(Number(amount));
}
