/**
 * Spec §5's large amounts (volumes, market caps, supplies), written once for the app, the chat's answers and the
 * bot: "1,315.53B", "4.56M", "12,345.67". 1e9 and more in B, 1e6 and more in M, else thousands commas; there is no
 * T step, so values beyond a thousand billions stay in B with separators. Up to 2 decimals, trailing zeros trimmed,
 * half away from zero on the decimal the value prints as; the unit follows the rounded figure (999,999.999 → "1M").
 * The suffixes are the same in English and Chinese. Callers decide what a missing or non-finite value shows.
 *
 * The scale machinery below is shared with other K/M/B-style figures (the app's points).
 */

/**
 * Moves the decimal point of a finite number by `places` (negative = divide by 10^-places).
 *
 * Plain division can land on a neighbouring double (1.1e6 / 1e6 is fine, but not every quotient is), and the
 * formatters round from the shortest decimal form of a double. Rewriting the exponent of that shortest form
 * gives the double whose shortest form is the shifted decimal, so 999995000 becomes exactly "999.995".
 */
export function shiftDecimal(value: number, places: number): number {
  const [mantissa = "0", exponent = "0"] = value.toExponential().split("e");
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

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

// Spec §5: 1e9+ as B, 1e6+ as M, else thousands commas.
const AMOUNT_UNITS = [scaleUnit(0, "", 2), scaleUnit(6, "M", 2), scaleUnit(9, "B", 2)];

/** A finite large amount as text (see the top of this file). */
export function amountText(value: number): string {
  return formatOnScale(value, AMOUNT_UNITS);
}
