const SUBSCRIPT_DIGITS = ["₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"];

/** A non-negative integer written with Unicode subscript digits: 12 → "₁₂". */
export function toSubscriptDigits(count: number): string {
  return Array.from(String(count), (digit) => SUBSCRIPT_DIGITS[Number(digit)] ?? digit).join("");
}
