import { MICRO_PER_USDT } from "../../../contract/constants.ts";

/** Decimal USDT ("19.99", at most 6 decimals) as micro-USDT: exact, no floating point on the way. */
export function usdtToMicro(usdt: string): number {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(usdt);
  if (!match) throw new RangeError(`not a USDT amount: ${usdt}`);
  const micro = Number(match[1]) * MICRO_PER_USDT + Number((match[2] ?? "").padEnd(6, "0"));
  if (!Number.isSafeInteger(micro)) throw new RangeError(`USDT amount out of range: ${usdt}`);
  return micro;
}

/** Micro-USDT as decimal USDT without trailing zeros: 19_990_000 -> "19.99", 0 -> "0"; never negative. */
export function microToUsdt(micro: number): string {
  if (!Number.isSafeInteger(micro) || micro < 0) throw new RangeError(`not a micro-USDT amount: ${micro}`);
  const whole = Math.floor(micro / MICRO_PER_USDT);
  const fraction = String(micro % MICRO_PER_USDT)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
