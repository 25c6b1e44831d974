import { describe, expect, it } from "vitest";
import { fearGreedBands, fearGreedBandsText, fearGreedClassOf } from "./fear-greed.ts";

describe("fear-and-greed bands", () => {
  it.each([
    [-5, "Extreme Fear"],
    [0, "Extreme Fear"],
    [24, "Extreme Fear"],
    [24.6, "Extreme Fear"],
    [25, "Fear"],
    [44, "Fear"],
    [45, "Neutral"],
    [55, "Neutral"],
    [56, "Greed"],
    [75, "Greed"],
    [76, "Extreme Greed"],
    [100, "Extreme Greed"],
    [140, "Extreme Greed"],
  ])("puts %d in the %s band", (value, band) => {
    expect(fearGreedClassOf(value)).toBe(band);
  });

  it("covers 0-100 without a gap or an overlap", () => {
    expect(fearGreedBands[0]?.min).toBe(0);
    expect(fearGreedBands.at(-1)?.max).toBe(100);
    for (const [index, band] of fearGreedBands.entries()) {
      const next = fearGreedBands[index + 1];
      if (next) expect(next.min).toBe(band.max + 1);
    }
  });

  it("states the bands in words", () => {
    expect(fearGreedBandsText()).toBe(
      "0-24 Extreme Fear, 25-44 Fear, 45-55 Neutral, 56-75 Greed, 76-100 Extreme Greed",
    );
  });
});
