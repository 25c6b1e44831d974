import { describe, expect, it } from "vitest";
import { amountText, formatOnScale, scaleUnit, shiftDecimal } from "./number-format.ts";

describe("amountText (spec §5 large amounts)", () => {
  it("writes billions as B and millions as M with up to 2 decimals, never T", () => {
    expect(amountText(1_315_530_000_000)).toBe("1,315.53B");
    expect(amountText(1_234_567_890)).toBe("1.23B");
    expect(amountText(1_550_000_000)).toBe("1.55B");
    expect(amountText(4_567_890)).toBe("4.57M");
    expect(amountText(1.5e21)).toBe("1,500,000,000,000B");
  });

  it("uses thousands commas below a million and trims trailing zeros", () => {
    expect(amountText(12_345.678)).toBe("12,345.68");
    expect(amountText(12_345)).toBe("12,345");
    expect(amountText(999)).toBe("999");
    expect(amountText(1_200_000_000)).toBe("1.2B");
    expect(amountText(3_000_000)).toBe("3M");
  });

  it("switches exactly at 1e6 and 1e9, and moves up when rounding reaches the next unit", () => {
    expect(amountText(999_999.99)).toBe("999,999.99");
    expect(amountText(1_000_000)).toBe("1M");
    expect(amountText(999_999.999)).toBe("1M");
    expect(amountText(999_994_999)).toBe("999.99M");
    expect(amountText(999_995_000)).toBe("1B");
  });

  it("rounds half away from zero on the printed decimal and keeps the sign unless the figure is zero", () => {
    expect(amountText(1.005)).toBe("1.01");
    expect(amountText(-1_235_000)).toBe("-1.24M");
    expect(amountText(0)).toBe("0");
    expect(amountText(-0.004)).toBe("0");
  });
});

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

describe("shiftDecimal", () => {
  it("moves the decimal point of the printed form, without binary division error", () => {
    expect(shiftDecimal(999_995_000, -6)).toBe(999.995);
    expect(shiftDecimal(1_234_567_890, -9)).toBe(1.23456789);
    expect(shiftDecimal(0.0000123, 7)).toBe(123);
    expect(shiftDecimal(4.35, 2)).toBe(435);
  });

  it("handles zero, negatives and exponent-form values", () => {
    expect(shiftDecimal(0, -6)).toBe(0);
    expect(shiftDecimal(-1_500_000, -6)).toBe(-1.5);
    expect(shiftDecimal(1.5e21, -9)).toBe(1.5e12);
    expect(shiftDecimal(1e-10, 10)).toBe(1);
  });
});
