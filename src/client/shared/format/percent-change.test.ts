import { describe, expect, it } from "vitest";
import { changeDirection, formatPercentChange } from "./percent-change.ts";

describe("formatPercentChange", () => {
  it("always shows 2 decimals and an explicit sign", () => {
    expect(formatPercentChange(1.23)).toBe("+1.23%");
    expect(formatPercentChange(-4.5)).toBe("-4.50%");
    expect(formatPercentChange(10)).toBe("+10.00%");
    expect(formatPercentChange(0)).toBe("0.00%");
  });

  it("rounds half away from zero on the printed decimal", () => {
    expect(formatPercentChange(1.005)).toBe("+1.01%");
    expect(formatPercentChange(-1.005)).toBe("-1.01%");
    expect(formatPercentChange(2.344)).toBe("+2.34%");
    expect(formatPercentChange(0.005)).toBe("+0.01%");
  });

  it("gives no sign to a change that rounds to zero", () => {
    expect(formatPercentChange(0.004)).toBe("0.00%");
    expect(formatPercentChange(-0.004)).toBe("0.00%");
    expect(formatPercentChange(-0)).toBe("0.00%");
  });

  it("uses thousands separators for large changes", () => {
    expect(formatPercentChange(12_345.678)).toBe("+12,345.68%");
    expect(formatPercentChange(-1000)).toBe("-1,000.00%");
  });

  it("shows -- for missing and non-finite values", () => {
    expect(formatPercentChange(Number.NaN)).toBe("--");
    expect(formatPercentChange(Number.POSITIVE_INFINITY)).toBe("--");
    expect(formatPercentChange(undefined)).toBe("--");
    expect(formatPercentChange(null)).toBe("--");
  });
});

describe("changeDirection", () => {
  it("is up for a positive change and down for a negative one", () => {
    expect(changeDirection(1.23)).toBe("up");
    expect(changeDirection(0.005)).toBe("up");
    expect(changeDirection(-4.5)).toBe("down");
    expect(changeDirection(-0.005)).toBe("down");
  });

  it("is flat for zero and for changes shown as 0.00%", () => {
    expect(changeDirection(0)).toBe("flat");
    expect(changeDirection(-0)).toBe("flat");
    expect(changeDirection(0.004)).toBe("flat");
    expect(changeDirection(-0.004)).toBe("flat");
  });

  it("is flat for missing and non-finite values", () => {
    expect(changeDirection(Number.NaN)).toBe("flat");
    expect(changeDirection(Number.POSITIVE_INFINITY)).toBe("flat");
    expect(changeDirection(undefined)).toBe("flat");
    expect(changeDirection(null)).toBe("flat");
  });
});
