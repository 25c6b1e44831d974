import { describe, expect, it } from "vitest";
import { formatCompactNumber } from "./numbers.ts";

describe("formatCompactNumber", () => {
  it("shows billions as B and millions as M with up to 2 decimals", () => {
    expect(formatCompactNumber(1_234_567_890)).toBe("1.23B");
    expect(formatCompactNumber(4_560_000)).toBe("4.56M");
    expect(formatCompactNumber(4_567_890)).toBe("4.57M");
  });

  it("trims trailing zeros", () => {
    expect(formatCompactNumber(1_200_000_000)).toBe("1.2B");
    expect(formatCompactNumber(3_000_000)).toBe("3M");
    expect(formatCompactNumber(12_345.6)).toBe("12,345.6");
    expect(formatCompactNumber(12_345)).toBe("12,345");
  });

  it("uses thousands separators with up to 2 decimals below a million", () => {
    expect(formatCompactNumber(12_345.67)).toBe("12,345.67");
    expect(formatCompactNumber(12_345.678)).toBe("12,345.68");
    expect(formatCompactNumber(999)).toBe("999");
    expect(formatCompactNumber(1000)).toBe("1,000");
    expect(formatCompactNumber(0.5)).toBe("0.5");
  });

  it("switches units exactly at 1e6 and 1e9", () => {
    expect(formatCompactNumber(999_999)).toBe("999,999");
    expect(formatCompactNumber(999_999.99)).toBe("999,999.99");
    expect(formatCompactNumber(1_000_000)).toBe("1M");
    expect(formatCompactNumber(999_990_000)).toBe("999.99M");
    expect(formatCompactNumber(1_000_000_000)).toBe("1B");
  });

  it("moves up a unit when rounding reaches it", () => {
    expect(formatCompactNumber(999_999.999)).toBe("1M");
    expect(formatCompactNumber(999_999.995)).toBe("1M");
    expect(formatCompactNumber(999_995_000)).toBe("1B");
    expect(formatCompactNumber(999_999_999.9)).toBe("1B");
    expect(formatCompactNumber(999_994_999)).toBe("999.99M");
  });

  it("rounds half away from zero on the printed decimal", () => {
    expect(formatCompactNumber(1.005)).toBe("1.01");
    expect(formatCompactNumber(2.675)).toBe("2.68");
    expect(formatCompactNumber(1_235_000)).toBe("1.24M");
    expect(formatCompactNumber(-1_235_000)).toBe("-1.24M");
  });

  it("keeps B beyond a thousand billions, with separators", () => {
    expect(formatCompactNumber(1_234_000_000_000)).toBe("1,234B");
    expect(formatCompactNumber(1.5e21)).toBe("1,500,000,000,000B");
  });

  it("keeps the sign of negative values", () => {
    expect(formatCompactNumber(-1_234_567_890)).toBe("-1.23B");
    expect(formatCompactNumber(-4_560_000)).toBe("-4.56M");
    expect(formatCompactNumber(-12_345.67)).toBe("-12,345.67");
    expect(formatCompactNumber(-999_999.999)).toBe("-1M");
  });

  it("shows zero, and values that round to zero, without a sign", () => {
    expect(formatCompactNumber(0)).toBe("0");
    expect(formatCompactNumber(-0)).toBe("0");
    expect(formatCompactNumber(0.004)).toBe("0");
    expect(formatCompactNumber(-0.004)).toBe("0");
    expect(formatCompactNumber(-0.005)).toBe("-0.01");
  });

  it("shows -- for missing and non-finite values", () => {
    expect(formatCompactNumber(Number.NaN)).toBe("--");
    expect(formatCompactNumber(Number.POSITIVE_INFINITY)).toBe("--");
    expect(formatCompactNumber(Number.NEGATIVE_INFINITY)).toBe("--");
    expect(formatCompactNumber(undefined)).toBe("--");
    expect(formatCompactNumber(null)).toBe("--");
  });
});
