import { isDisplayable, type MaybeNumber, NO_VALUE } from "./no-value.ts";
import { formatOnScale, scaleUnit } from "./scaled-units.ts";

// Spec §5: 1e9+ as B, 1e6+ as M, else thousands commas. There is no K step here (points have one, see
// points.ts). The suffixes are the same in English and Chinese, so no locale is taken.
const COMPACT_UNITS = [scaleUnit(0, "", 2), scaleUnit(6, "M", 2), scaleUnit(9, "B", 2)];

/**
 * Large amounts (volumes, market caps, supplies): "1.23B", "4.56M", "12,345.67".
 * Up to 2 decimals, trailing zeros trimmed, rounded half away from zero on the decimal the value prints as;
 * the unit follows the rounded figure (999,999.999 → "1M"). Values beyond 1000B stay in B ("1,234B").
 */
export function formatCompactNumber(value: MaybeNumber): string {
  if (!isDisplayable(value)) return NO_VALUE;
  return formatOnScale(value, COMPACT_UNITS);
}
