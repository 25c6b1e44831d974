import { isDisplayable, type MaybeNumber, NO_VALUE } from "./no-value.ts";

export type ChangeDirection = "up" | "down" | "flat";

const SIGNS: Record<ChangeDirection, string> = { up: "+", down: "-", flat: "" };
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A change already in percent (1.23 means 1.23 %): "+1.23%", "-4.50%", "0.00%", "+12,345.68%".
 * Always 2 decimals, half away from zero; a change that rounds to 0.00 gets no sign, so the text never
 * claims a direction its colour (changeDirection) does not have.
 */
export function formatPercentChange(value: MaybeNumber): string {
  if (!isDisplayable(value)) return NO_VALUE;
  const text = twoDecimals.format(Math.abs(value));
  return `${SIGNS[directionOf(value, text)]}${text}%`;
}

/** Which colour a change takes; it follows the shown figure, so 0.004 is "flat" like its "0.00%". */
export function changeDirection(value: MaybeNumber): ChangeDirection {
  if (!isDisplayable(value)) return "flat";
  return directionOf(value, twoDecimals.format(Math.abs(value)));
}

function directionOf(value: number, roundedMagnitude: string): ChangeDirection {
  if (Number(roundedMagnitude.replaceAll(",", "")) === 0) return "flat";
  return value > 0 ? "up" : "down";
}
