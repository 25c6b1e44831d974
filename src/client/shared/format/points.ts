import { formatOnScale, scaleUnit } from "../../../contract/number-format.ts";
import { isDisplayable, type MaybeNumber, NO_VALUE } from "./no-value.ts";

// Spec §9: points shown as K/M/B (M from 1e6, B from 1e9). Below 1000 points are whole numbers, so fractions
// (which the API should not send) are rounded away rather than shown.
const POINTS_UNITS = [scaleUnit(0, "", 0), scaleUnit(3, "K", 2), scaleUnit(6, "M", 2), scaleUnit(9, "B", 2)];

/**
 * Point balances and rewards: "999", "1.5K", "12.35M", "2B".
 * Up to 2 decimals in K/M/B, trailing zeros trimmed, half away from zero; the unit follows the rounded figure
 * (999.5 → "1K", 999,995 → "1M").
 */
export function formatPoints(value: MaybeNumber): string {
  if (!isDisplayable(value)) return NO_VALUE;
  return formatOnScale(value, POINTS_UNITS);
}
