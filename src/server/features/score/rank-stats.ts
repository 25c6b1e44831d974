/**
 * Rank statistics the score is built and judged with: ranks are robust to the heavy tails of crypto returns and
 * volumes, and a percentile rank says plainly where a coin stands among the others.
 */

/** 1-based ranks in ascending order; tied values share the mean of the ranks they span. */
export function midRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end += 1;
    // positions start..end (0-based) hold one value: each gets the mean of ranks start+1..end+1
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) {
      const entry = order[k];
      if (entry) ranks[entry.index] = rank;
    }
    start = end + 1;
  }
  return ranks;
}

/**
 * Percentile ranks 0-100 of the values present (null stays null): the lowest value gets 0, the highest 100, ties
 * the same; a single value gets 50. `higherIsBetter: false` turns the scale round (the lowest gets 100).
 */
export function percentileRanks(values: readonly (number | null)[], higherIsBetter = true): (number | null)[] {
  const present = values.flatMap((value, index) => (value === null ? [] : [{ value, index }]));
  const ranks = midRanks(present.map((entry) => entry.value));
  const out = values.map((): number | null => null);
  const n = present.length;
  present.forEach((entry, k) => {
    const rank = ranks[k] ?? 1;
    const percentile = n === 1 ? 50 : ((rank - 1) / (n - 1)) * 100;
    out[entry.index] = higherIsBetter ? percentile : 100 - percentile;
  });
  return out;
}

/** Pearson's correlation; null when either side does not vary or there are fewer than 3 pairs. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 3) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i] ?? 0;
    my += ys[i] ?? 0;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Spearman's rank correlation: Pearson's over mid-ranks, so ties are handled as the textbook does. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  return pearson(midRanks(xs), midRanks(ys));
}
