import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { formatBalance } from "../../shared/format/balance.ts";

/**
 * A USDT amount as the contract sends it (a decimal string, at most 6 decimals: "19.99", "0.000001") written with
 * the balance formatter: every decimal USDT has, thousands separators, no trailing zeros.
 */
export function usdtFigure(amount: string): string {
  return formatBalance(Number(amount));
}

/** "19.99 USDT": the figure with its unit, as one message (the unit's place may differ by language). */
export function usdtAmount(amount: string): MessageDescriptor {
  const figure = usdtFigure(amount);
  return msg`${figure} USDT`;
}
