import { describe, expect, it } from "vitest";
import { displayPrice } from "./price-format.ts";

describe("displayPrice (spec §5: prices to 4 decimals, small prices with a subscript zero count)", () => {
  it("writes up to four decimals with thousands separators, trailing zeros trimmed", () => {
    expect(displayPrice(64_123.456_78)).toBe("64,123.4568");
    expect(displayPrice(1.5)).toBe("1.5");
    expect(displayPrice(3_050)).toBe("3,050");
    expect(displayPrice(0.1234)).toBe("0.1234");
  });

  it("keeps two significant digits below 0.001 and counts four or more zeros as a subscript", () => {
    expect(displayPrice(0.00012)).toBe("0.00012");
    expect(displayPrice(0.000_012_3)).toBe("0.0₄123");
    expect(displayPrice(0.000_000_000_012_345_6)).toBe("0.0₁₀1235");
  });

  it("writes zero, negative and non-finite values plainly", () => {
    expect(displayPrice(0)).toBe("0");
    expect(displayPrice(-2.5)).toBe("-2.5");
    expect(displayPrice(Number.NaN)).toBe("—");
  });
});
