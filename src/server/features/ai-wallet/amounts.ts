import { formatUnits } from "viem";
import { fieldError } from "./ai-wallet-errors.ts";

/** A decimal amount in a token's units, as typed and as the raw integer the chain moves. */
export interface Amounts {
  /** the decimal text without needless zeros ("1.5") */
  text: string;
  raw: bigint;
}

/** Reads a decimal amount (decimalAmountSchema's shape) exactly: more decimals than the token has, or 0, are refused. */
export function parseAmount(text: string, decimals: number): Amounts {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw fieldError("amount", "invalidValue", "amount must be a decimal number");
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) {
    throw fieldError("amount", "invalidValue", `amount has more than the token's ${decimals} decimals`);
  }
  const raw = BigInt(whole + fraction.padEnd(decimals, "0"));
  if (raw <= 0n) throw fieldError("amount", "invalidValue", "amount must be above 0");
  return { text: formatUnits(raw, decimals), raw };
}

export const formatAmount = (raw: bigint, decimals: number) => formatUnits(raw, decimals);
