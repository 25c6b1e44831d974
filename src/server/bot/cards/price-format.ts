/**
 * Prices as the app shows them (spec §5: prices to 4 decimals, small prices with a subscript count of zeros):
 * "64,123.4567", "1.5", "0.00012", "0.0₄123" (0.0000123). Up to 4 decimals (5 below 0.001, so two significant
 * digits stay), trailing zeros trimmed, thousands separators; from 4 zeros after the point the zeros are written as
 * a subscript count followed by up to 4 significant digits. The app's own formatter (src/client/shared/format) is
 * the reference; the bot writes the same figures in its messages.
 */

const SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉";
const SUBSCRIPT_MIN_ZEROS = 4;
const significant = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 4, useGrouping: false });
const fourDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });
const fiveDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 5 });

const subscript = (count: number) =>
  Array.from(String(count), (digit) => SUBSCRIPT_DIGITS[Number(digit)] ?? digit).join("");

export function displayPrice(value: number): string {
  if (!Number.isFinite(value)) return "—";
  const magnitude = Math.abs(value);
  if (magnitude === 0) return "0";
  const sign = value < 0 ? "-" : "";
  if (magnitude < 1) {
    const match = /^0\.(0*)([1-9]\d*)$/.exec(significant.format(magnitude));
    const [, zeros = "", digits = ""] = match ?? [];
    if (zeros.length >= SUBSCRIPT_MIN_ZEROS) return `${sign}0.0${subscript(zeros.length)}${digits}`;
  }
  return sign + (magnitude < 0.001 ? fiveDecimals : fourDecimals).format(magnitude);
}
