import { shiftDecimal } from "./decimal-shift.ts";

/** One step of a K/M/B-style scale: values are divided by 10^exponent and shown with the suffix. */
export interface ScaleUnit {
  readonly exponent: number;
  readonly suffix: string;
  /** en-US, so separators and digits do not depend on the reader's language. */
  readonly formatter: Intl.NumberFormat;
}

export function scaleUnit(exponent: number, suffix: string, maximumFractionDigits: number): ScaleUnit {
  return { exponent, suffix, formatter: new Intl.NumberFormat("en-US", { maximumFractionDigits }) };
}

/**
 * Formats a finite number on a scale given smallest unit first (the first unit should have exponent 0).
 *
 * The unit is chosen from the magnitude, then rounding is applied, and if the rounded figure reaches the next
 * unit it moves up: 999,999.999 rounds to 1,000,000 at two decimals, which must read "1M", not "1,000,000".
 * The sign is added only when the rounded figure is not zero, so -0.001 never shows as "-0".
 */
export function formatOnScale(value: number, units: readonly ScaleUnit[]): string {
  const magnitude = Math.abs(value);
  let index = 0;
  for (const [candidate, unit] of units.entries()) {
    if (magnitude >= 10 ** unit.exponent) index = candidate;
  }
  let unit = units[index];
  if (unit === undefined) throw new Error("formatOnScale needs at least one unit");
  let text = unit.formatter.format(shiftDecimal(magnitude, -unit.exponent));
  let next = units[index + 1];
  while (next !== undefined && roundedFigure(text) >= 10 ** (next.exponent - unit.exponent)) {
    unit = next;
    index += 1;
    text = unit.formatter.format(shiftDecimal(magnitude, -unit.exponent));
    next = units[index + 1];
  }
  const sign = value < 0 && roundedFigure(text) !== 0 ? "-" : "";
  return `${sign}${text}${unit.suffix}`;
}

/** The en-US output holds only digits, commas and one point, so dropping the commas gives the number back. */
function roundedFigure(text: string): number {
  return Number(text.replaceAll(",", ""));
}
