import { describe, expect, it } from "vitest";
import { shiftDecimal } from "./decimal-shift.ts";

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
