import { describe, expect, it } from "vitest";
import { formatOnScale, scaleUnit } from "./scaled-units.ts";

describe("formatOnScale", () => {
  it("picks the largest unit the magnitude reaches, and moves up when rounding reaches the next", () => {
    const units = [scaleUnit(0, "", 1), scaleUnit(2, "h", 1)];
    expect(formatOnScale(99.94, units)).toBe("99.9");
    expect(formatOnScale(99.96, units)).toBe("1h");
    expect(formatOnScale(250, units)).toBe("2.5h");
    expect(formatOnScale(-250, units)).toBe("-2.5h");
  });

  it("refuses an empty scale", () => {
    expect(() => formatOnScale(1, [])).toThrow("at least one unit");
  });
});
