import { describe, expect, it } from "vitest";
import { sparkline } from "./sparkline.ts";

describe("sparkline", () => {
  it("draws the lowest value as ▁ and the highest as █, one character per value", () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe("▁▂▃▄▅▆▇█");
    expect(sparkline([10, 0, 10])).toBe("█▁█");
  });

  it("keeps the last values when there are more than the width, and leaves out non-numbers", () => {
    expect(sparkline([100, 1, 2], 2)).toBe("▁█");
    expect(sparkline([1, Number.NaN, 2, Number.POSITIVE_INFINITY])).toBe("▁█");
  });

  it("draws a flat series at mid height and nothing for no values", () => {
    expect(sparkline([5, 5, 5])).toBe("▄▄▄");
    expect(sparkline([])).toBe("");
  });
});
