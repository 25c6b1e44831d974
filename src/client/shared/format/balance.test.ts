import { describe, expect, it } from "vitest";
import { formatBalance } from "./balance.ts";

describe("formatBalance", () => {
  it("shows up to 6 decimals with thousands separators, trailing zeros trimmed", () => {
    expect(formatBalance(1234.567891)).toBe("1,234.567891");
    expect(formatBalance(1234.5678915)).toBe("1,234.567892");
    expect(formatBalance(0.5)).toBe("0.5");
    expect(formatBalance(100)).toBe("100");
    expect(formatBalance(1_234_567_890.123456)).toBe("1,234,567,890.123456");
  });

  it("rounds half away from zero on the printed decimal", () => {
    expect(formatBalance(0.0000015)).toBe("0.000002");
    expect(formatBalance(0.9999995)).toBe("1");
    expect(formatBalance(999.9999999)).toBe("1,000");
  });

  it("shows the smallest step as is and anything below it as <0.000001", () => {
    expect(formatBalance(0.000001)).toBe("0.000001");
    expect(formatBalance(0.00000099)).toBe("<0.000001");
    expect(formatBalance(0.0000005)).toBe("<0.000001");
    expect(formatBalance(1e-18)).toBe("<0.000001");
    expect(formatBalance(Number.MIN_VALUE)).toBe("<0.000001");
  });

  it("shows zero as 0", () => {
    expect(formatBalance(0)).toBe("0");
    expect(formatBalance(-0)).toBe("0");
  });

  it("keeps the sign of negative balances", () => {
    expect(formatBalance(-1234.5)).toBe("-1,234.5");
    expect(formatBalance(-0.000001)).toBe("-0.000001");
    expect(formatBalance(-0.00000001)).toBe(">-0.000001");
  });

  it("shows -- for missing and non-finite values", () => {
    expect(formatBalance(Number.NaN)).toBe("--");
    expect(formatBalance(Number.POSITIVE_INFINITY)).toBe("--");
    expect(formatBalance(undefined)).toBe("--");
    expect(formatBalance(null)).toBe("--");
  });
});
