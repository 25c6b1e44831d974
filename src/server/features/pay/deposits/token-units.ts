import { MICRO_PER_USDT } from "../../../../contract/constants.ts";

/**
 * A token's smallest units and micro-USDT (6 decimals, how the USDT account keeps amounts). USDT has 6 decimals on
 * ETH, POLYGON and TRON and 18 on BSC; any count is handled.
 */

const MICRO_DECIMALS = 6;

/** Units received as micro-USDT, rounded down (a fraction of a micro-USDT is not credited). */
export function unitsToMicro(units: bigint, decimals: number): bigint {
  if (decimals >= MICRO_DECIMALS) return units / 10n ** BigInt(decimals - MICRO_DECIMALS);
  return units * 10n ** BigInt(MICRO_DECIMALS - decimals);
}

/** Micro-USDT to ask for in the token's units, rounded up (the transfer must cover the amount). */
export function microToUnits(micro: number, decimals: number): bigint {
  const value = BigInt(micro);
  if (decimals >= MICRO_DECIMALS) return value * 10n ** BigInt(decimals - MICRO_DECIMALS);
  const step = 10n ** BigInt(MICRO_DECIMALS - decimals);
  return (value + step - 1n) / step;
}

/** Micro-USDT as a decimal USDT string without trailing zeros ("19.99", "0"). */
export function microText(micro: number): string {
  const whole = Math.floor(micro / MICRO_PER_USDT);
  const fraction = String(micro % MICRO_PER_USDT)
    .padStart(MICRO_DECIMALS, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A decimal USDT string ("0.5") as micro-USDT. */
export function textToMicro(usdt: string): number {
  const [whole = "0", fraction = ""] = usdt.split(".");
  return Number(whole) * MICRO_PER_USDT + Number(fraction.padEnd(MICRO_DECIMALS, "0"));
}
