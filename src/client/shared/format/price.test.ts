import { describe, expect, it } from "vitest";
import { formatMoney, formatPrice, formatUsd } from "./price.ts";

describe("formatPrice", () => {
  it("shows prices to 4 decimals with thousands separators", () => {
    expect(formatPrice(64_123.4567)).toBe("64,123.4567");
    expect(formatPrice(64_123.45678)).toBe("64,123.4568");
    expect(formatPrice(3456.1)).toBe("3,456.1");
    expect(formatPrice(1)).toBe("1");
    expect(formatPrice(0.5)).toBe("0.5");
    expect(formatPrice(0.012345)).toBe("0.0123");
  });

  it("rounds half away from zero on the printed decimal", () => {
    expect(formatPrice(1.00005)).toBe("1.0001");
    expect(formatPrice(0.99999)).toBe("1");
    expect(formatPrice(9999.99995)).toBe("10,000");
  });

  it("shows large prices in full", () => {
    expect(formatPrice(1_234_567_890.12)).toBe("1,234,567,890.12");
    expect(formatPrice(1e21)).toBe("1,000,000,000,000,000,000,000");
  });

  it("keeps two significant digits between 0.0001 and 0.001", () => {
    expect(formatPrice(0.00012)).toBe("0.00012");
    expect(formatPrice(0.000123)).toBe("0.00012");
    expect(formatPrice(0.0009)).toBe("0.0009");
    expect(formatPrice(0.00099999)).toBe("0.001");
    expect(formatPrice(0.0001)).toBe("0.0001");
    expect(formatPrice(0.001)).toBe("0.001");
    expect(formatPrice(0.0012345)).toBe("0.0012");
  });

  it("writes 4 or more zeros after the point as a subscript count", () => {
    expect(formatPrice(0.0000123)).toBe("0.0₄123");
    expect(formatPrice(0.00001)).toBe("0.0₄1");
    expect(formatPrice(0.000099)).toBe("0.0₄99");
    expect(formatPrice(0.00000123)).toBe("0.0₅123");
    expect(formatPrice(1e-10)).toBe("0.0₉1");
    expect(formatPrice(1.5e-12)).toBe("0.0₁₁15");
  });

  it("keeps up to 4 significant digits in the subscript form, trailing zeros trimmed", () => {
    expect(formatPrice(0.0000123456)).toBe("0.0₄1235");
    expect(formatPrice(0.000012)).toBe("0.0₄12");
    expect(formatPrice(0.00001200001)).toBe("0.0₄12");
    expect(formatPrice(0.0000099995)).toBe("0.0₄1");
  });

  it("uses the plain form when rounding lifts a value to 0.0001", () => {
    expect(formatPrice(0.000099996)).toBe("0.0001");
  });

  it("handles the smallest doubles", () => {
    expect(formatPrice(Number.MIN_VALUE)).toBe("0.0₃₂₃5");
  });

  it("shows zero as 0", () => {
    expect(formatPrice(0)).toBe("0");
    expect(formatPrice(-0)).toBe("0");
  });

  it("keeps the sign of negative prices", () => {
    expect(formatPrice(-64_123.4567)).toBe("-64,123.4567");
    expect(formatPrice(-0.0000123)).toBe("-0.0₄123");
    expect(formatPrice(-0.00012)).toBe("-0.00012");
  });

  it("shows -- for missing and non-finite values", () => {
    expect(formatPrice(Number.NaN)).toBe("--");
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe("--");
    expect(formatPrice(Number.NEGATIVE_INFINITY)).toBe("--");
    expect(formatPrice(undefined)).toBe("--");
    expect(formatPrice(null)).toBe("--");
  });
});

describe("formatUsd", () => {
  it("puts a dollar sign before the price", () => {
    expect(formatUsd(64_123.4567)).toBe("$64,123.4567");
    expect(formatUsd(0.0000123)).toBe("$0.0₄123");
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(-0)).toBe("$0");
  });

  it("puts the minus sign before the dollar sign", () => {
    expect(formatUsd(-12.5)).toBe("-$12.5");
    expect(formatUsd(-0.0000123)).toBe("-$0.0₄123");
  });

  it("shows -- without a dollar sign for missing and non-finite values", () => {
    expect(formatUsd(Number.NaN)).toBe("--");
    expect(formatUsd(Number.NEGATIVE_INFINITY)).toBe("--");
    expect(formatUsd(undefined)).toBe("--");
    expect(formatUsd(null)).toBe("--");
  });
});

describe("formatMoney", () => {
  it("writes the currency's sign before the spec §5 price text, the minus before the sign", () => {
    expect(formatMoney(55_677.24329, "€")).toBe("€55,677.2433");
    expect(formatMoney(0.0000107, "CN¥")).toBe("CN¥0.0₄107");
    expect(formatMoney(-12.5, "¥")).toBe("-¥12.5");
    expect(formatMoney(Number.NaN, "€")).toBe("--");
  });
});
