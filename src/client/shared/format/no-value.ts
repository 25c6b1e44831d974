/** What every number formatter shows when there is nothing sensible to show (missing, NaN, ±Infinity). */
export const NO_VALUE = "--";

/** Null and undefined are accepted so callers can pass optional API fields straight through. */
export type MaybeNumber = number | null | undefined;

export function isDisplayable(value: MaybeNumber): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
