/**
 * The figures a forecast is judged by, shared by the backtest and the live record so both read the same.
 */

/**
 * Wilson score interval of a proportion (z = 1.96: 95 %). Unlike the plain ±z·√(p(1−p)/n) it stays inside [0, 1]
 * and is honest for small n, which is what a win rate over a few dozen calls needs. null with no trial.
 */
export function wilson(successes: number, n: number, z = 1.959963984540054): [number, number] | null {
  if (!(n > 0)) return null;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

/** Spec §9's similarity, percent: 100 × (1 − |f − a| / a). Not clipped here; averages clip each term at 0. */
export function similarity(forecast: number, actual: number): number {
  return 100 * (1 - Math.abs(forecast - actual) / actual);
}

/**
 * The direction a forecast calls from the origin's close: 1 up, −1 down, 0 flat (exactly equal, as the naive
 * forecast always is): a flat forecast is not a call.
 */
export function direction(from: number, to: number): -1 | 0 | 1 {
  return to > from ? 1 : to < from ? -1 : 0;
}
