import { amountText, shiftDecimal } from "../../../../contract/number-format.ts";
import type { AiScorePart } from "../../../../contract/score.ts";
import { isDisplayable, type MaybeNumber, NO_VALUE } from "../../../shared/format/no-value.ts";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import { formatPercentChange } from "../../../shared/format/percent-change.ts";

/**
 * The score's figures as text, through the one number formatter (src/contract/number-format.ts) and the app's
 * percent-change format: the score and its points ("71.3"), weights as shares ("25%"), each part's raw value in
 * its unit, and the validation's mean correlation ("0.03").
 */

/** A 0-100 score or a part's points: 71.25 → "71.25". */
export function scoreText(value: MaybeNumber): string {
  return isDisplayable(value) ? amountText(value) : NO_VALUE;
}

/** A weight (0..1) as a share of the score: 0.25 → "25%". */
export function weightText(weight: MaybeNumber): string {
  return isDisplayable(weight) ? `${amountText(shiftDecimal(weight, 2))}%` : NO_VALUE;
}

/** A rank correlation (-1..1): 0.0312 → "0.03". */
export function correlationText(value: MaybeNumber): string {
  return isDisplayable(value) ? amountText(value) : NO_VALUE;
}

/**
 * A part's raw value in its unit. Trend and relative strength are signed changes ("+4.20%"), volatility a plain
 * percentage ("3.1%"), liquidity a USDT amount ("1.23B USDT"), news flow a count ("12"); null → NO_VALUE.
 */
export function partValueText(part: Pick<AiScorePart, "id" | "value" | "unit">): string {
  const { value, unit } = part;
  if (!isDisplayable(value)) return NO_VALUE;
  if (unit === "%") {
    return part.id === "volatility" ? `${amountText(value)}%` : formatPercentChange(value);
  }
  if (unit === "items") return formatCompactNumber(value);
  return `${formatCompactNumber(value)} ${unit}`;
}
