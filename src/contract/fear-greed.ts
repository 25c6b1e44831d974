/**
 * The fear-and-greed index's five bands, one definition for the server that classifies a value and the app
 * that draws the gauge: whole numbers 0-100, each band from `min` to `max` inclusive.
 */
export const fearGreedClasses = ["Extreme Fear", "Fear", "Neutral", "Greed", "Extreme Greed"] as const;
export type FearGreedClass = (typeof fearGreedClasses)[number];

export interface FearGreedBand {
  label: FearGreedClass;
  min: number;
  max: number;
}

export const fearGreedBands: readonly FearGreedBand[] = [
  { label: "Extreme Fear", min: 0, max: 24 },
  { label: "Fear", min: 25, max: 44 },
  { label: "Neutral", min: 45, max: 55 },
  { label: "Greed", min: 56, max: 75 },
  { label: "Extreme Greed", min: 76, max: 100 },
];

/** The band of a value; values outside 0-100 (or between whole numbers) go to the nearest band. */
export function fearGreedClassOf(value: number): FearGreedClass {
  const band = fearGreedBands.find((candidate) => value < candidate.max + 1);
  return band?.label ?? "Extreme Greed";
}

/** "0-24 Extreme Fear, 25-44 Fear, ...", as the index's method text states them. */
export function fearGreedBandsText(): string {
  return fearGreedBands.map((band) => `${band.min}-${band.max} ${band.label}`).join(", ");
}
