/**
 * Spec §5's price text, written once for the app and the bot: "64,123.4567", "1.5", "0.00012", "0.0₄123"
 * (0.0000123), "0". Up to 4 decimals (5 below 0.001), trailing zeros trimmed, thousands separators, half away from
 * zero. When the value has 4 or more zeros after the point (after rounding to 4 significant digits), the zeros are
 * written as a subscript count followed by up to 4 significant digits. Negative prices keep the sign. Callers
 * decide what a missing or non-finite value shows.
 */

const SUBSCRIPT_DIGITS = ["₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"];

/** A non-negative integer written with Unicode subscript digits: 12 → "₁₂". */
export function toSubscriptDigits(count: number): string {
  return Array.from(String(count), (digit) => SUBSCRIPT_DIGITS[Number(digit)] ?? digit).join("");
}

/**
 * Zeros after the decimal point from which the subscript form is used. At 4 zeros (below 0.0001) four
 * decimals would show nothing at all, and "0.0₄123" is also shorter than "0.0000123"; with fewer zeros the
 * plain form is as short and easier to read.
 */
const SUBSCRIPT_MIN_ZEROS = 4;
const SUBSCRIPT_SIGNIFICANT_DIGITS = 4;

const significant = new Intl.NumberFormat("en-US", {
  maximumSignificantDigits: SUBSCRIPT_SIGNIFICANT_DIGITS,
  useGrouping: false,
});
// Spec §5: prices to 4 decimals.
const fourDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });
// Between 0.0001 and 0.001 four decimals leave a single significant digit (0.00012 → "0.0001"); one more
// decimal keeps two, which is the least a price needs to be comparable.
const fiveDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 5 });
const FIVE_DECIMALS_BELOW = 0.001;

/** A finite price as text (see above). */
export function priceText(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude === 0) return "0";
  // No small price rounds to zero (the subscript form keeps its digits), so the sign is always meaningful.
  return `${value < 0 ? "-" : ""}${magnitudeText(magnitude)}`;
}

function magnitudeText(magnitude: number): string {
  if (magnitude < 1) {
    // Rounding first decides the zero count: 0.000099996 rounds to 0.0001 and is shown plainly.
    const match = /^0\.(0*)([1-9]\d*)$/.exec(significant.format(magnitude));
    const [, zeros = "", digits = ""] = match ?? [];
    if (zeros.length >= SUBSCRIPT_MIN_ZEROS) return `0.0${toSubscriptDigits(zeros.length)}${digits}`;
  }
  return (magnitude < FIVE_DECIMALS_BELOW ? fiveDecimals : fourDecimals).format(magnitude);
}
