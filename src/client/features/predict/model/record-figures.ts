import { amountText, shiftDecimal } from "../../../../contract/number-format.ts";
import { isDisplayable, type MaybeNumber, NO_VALUE } from "../../../shared/format/no-value.ts";

/**
 * The figures of a forecast's record as text, through the one number formatter (src/contract/number-format.ts):
 * shares as percentages, the error ratio against "no change", the win-rate window as a span of hours or days.
 */

/** A share (0..1) as a percentage: 0.8234 → "82.34%". */
export function shareText(share: MaybeNumber): string {
  return isDisplayable(share) ? `${amountText(shiftDecimal(share, 2))}%` : NO_VALUE;
}

/** A figure already in percent (similarity, MAPE): 97.8123 → "97.81%". */
export function percentText(percent: MaybeNumber): string {
  return isDisplayable(percent) ? `${amountText(percent)}%` : NO_VALUE;
}

/** The model's error over the naive forecast's, as shown: 0.9812 → "0.98". */
export function ratioText(ratio: MaybeNumber): string {
  return isDisplayable(ratio) ? amountText(ratio) : NO_VALUE;
}

/** How far below "no change" an error ratio must be shown to read as plainly better rather than slightly. */
const PLAINLY_BETTER_BELOW = 0.95;

export type RatioVerdict = "better" | "slightlyBetter" | "same" | "worse";

/**
 * What the shown ratio means against "no change". It follows the figure as written, so "1" never reads as better
 * or worse and "0.98" never as "the same".
 */
export function ratioVerdict(ratio: number): RatioVerdict {
  const shown = Number(ratioText(ratio).replaceAll(",", ""));
  if (shown < PLAINLY_BETTER_BELOW) return "better";
  if (shown < 1) return "slightlyBetter";
  if (shown === 1) return "same";
  return "worse";
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A win-rate window as hours (up to two days) or whole days: 24 h → 24 hours, 90 d → 90 days. */
export function windowSpan(windowMs: number): { unit: "hours" | "days"; count: number } {
  if (windowMs < 2 * DAY_MS) return { unit: "hours", count: Math.round(windowMs / HOUR_MS) };
  return { unit: "days", count: Math.round(windowMs / DAY_MS) };
}
