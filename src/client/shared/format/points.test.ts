import { describe, expect, it } from "vitest";
import { formatPoints } from "./points.ts";

describe("formatPoints", () => {
  it("shows points below 1000 as the integer", () => {
    expect(formatPoints(0)).toBe("0");
    expect(formatPoints(1)).toBe("1");
    expect(formatPoints(300)).toBe("300");
    expect(formatPoints(999)).toBe("999");
  });

  it("rounds fractional points below 1000 to the integer", () => {
    expect(formatPoints(12.4)).toBe("12");
    expect(formatPoints(12.5)).toBe("13");
    expect(formatPoints(999.4)).toBe("999");
  });

  it("uses K, M and B with up to 2 decimals, trailing zeros trimmed", () => {
    expect(formatPoints(1500)).toBe("1.5K");
    expect(formatPoints(4000)).toBe("4K");
    expect(formatPoints(12_345)).toBe("12.35K");
    expect(formatPoints(12_345_678)).toBe("12.35M");
    expect(formatPoints(2_000_000_000)).toBe("2B");
    expect(formatPoints(1_234_567_890)).toBe("1.23B");
  });

  it("switches units exactly at 1e3, 1e6 and 1e9", () => {
    expect(formatPoints(1000)).toBe("1K");
    expect(formatPoints(999_999)).toBe("1M");
    expect(formatPoints(999_990)).toBe("999.99K");
    expect(formatPoints(1_000_000)).toBe("1M");
    expect(formatPoints(999_990_000)).toBe("999.99M");
    expect(formatPoints(1_000_000_000)).toBe("1B");
  });

  it("moves up a unit when rounding reaches it", () => {
    expect(formatPoints(999.5)).toBe("1K");
    expect(formatPoints(999.999)).toBe("1K");
    expect(formatPoints(999_995)).toBe("1M");
    expect(formatPoints(999_999_999)).toBe("1B");
  });

  it("keeps B beyond a thousand billions", () => {
    expect(formatPoints(5_000_000_000_000)).toBe("5,000B");
  });

  it("keeps the sign of negative values, but not of a rounded zero", () => {
    expect(formatPoints(-1500)).toBe("-1.5K");
    expect(formatPoints(-300)).toBe("-300");
    expect(formatPoints(-0.4)).toBe("0");
    expect(formatPoints(-0)).toBe("0");
  });

  it("shows -- for missing and non-finite values", () => {
    expect(formatPoints(Number.NaN)).toBe("--");
    expect(formatPoints(Number.POSITIVE_INFINITY)).toBe("--");
    expect(formatPoints(undefined)).toBe("--");
    expect(formatPoints(null)).toBe("--");
  });
});
