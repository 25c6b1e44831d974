import { describe, expect, it } from "vitest";
import { midRanks, percentileRanks, spearman } from "./rank-stats.ts";

describe("rank statistics", () => {
  it("gives tied values the mean of the ranks they span", () => {
    expect(midRanks([10, 30, 20, 20])).toEqual([1, 4, 2.5, 2.5]);
    expect(midRanks([5, 5, 5])).toEqual([2, 2, 2]);
  });

  it("maps values to percentile ranks 0-100, ties equal, missing values left out", () => {
    expect(percentileRanks([3, 1, null, 2])).toEqual([100, 0, null, 50]);
    // lower is better: the scale turns round
    expect(percentileRanks([3, 1, null, 2], false)).toEqual([0, 100, null, 50]);
    expect(percentileRanks([1, 2, 2, 3])).toEqual([0, 50, 50, 100]);
    // one coin alone is the middle one
    expect(percentileRanks([null, 7])).toEqual([null, 50]);
  });

  it("computes Spearman's rho on the textbook example (IQ against hours of TV a week)", () => {
    const iq = [106, 86, 100, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 0, 27, 50, 28, 29, 20, 12, 6, 17];
    // 1 - 6·194 / (10·99) = -29/165
    expect(spearman(iq, tv)).toBeCloseTo(-29 / 165, 12);
  });

  it("handles ties with mid-ranks (Pearson's correlation of the ranks)", () => {
    // ranks [1, 2.5, 2.5, 4] against [1, 2, 3, 4]: 4.5 / sqrt(4.5 · 5)
    expect(spearman([1, 2, 2, 3], [10, 20, 30, 40])).toBeCloseTo(3 / Math.sqrt(10), 12);
    expect(spearman([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 12);
    // no spread on one side: no correlation to speak of
    expect(spearman([1, 1, 1, 1], [1, 2, 3, 4])).toBeNull();
  });
});
