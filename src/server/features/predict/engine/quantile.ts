/**
 * The k-th smallest value (0-based) of the first `length` entries, by quickselect in place: the band needs two order
 * statistics per step, and a full sort of every step's residuals would eat most of the engine's time budget.
 */
export function kthSmallest(values: Float64Array, length: number, k: number): number {
  let left = 0;
  let right = length - 1;
  while (right > left) {
    const pivot = values[(left + right) >> 1] ?? 0;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] ?? 0) < pivot) i += 1;
      while ((values[j] ?? 0) > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k] ?? 0;
}

/**
 * Split-conformal quantile indices (0-based) for a central band of the given coverage over n scores: the lower
 * bound is the floor((n+1)·(1−c)/2)-th order statistic, the upper the ceil((n+1)·(1+c)/2)-th, clamped to the sample.
 * The +1 is the finite-sample correction that makes the band's coverage at least nominal for exchangeable scores.
 */
export function conformalRanks(n: number, coverage: number): [number, number] {
  const tail = (1 - coverage) / 2;
  const lower = Math.floor((n + 1) * tail) - 1;
  const upper = Math.ceil((n + 1) * (1 - tail)) - 1;
  return [Math.min(Math.max(lower, 0), n - 1), Math.min(Math.max(upper, 0), n - 1)];
}
