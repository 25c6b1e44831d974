import { describe, expect, it } from "vitest";
import { toSubscriptDigits } from "./subscript-digits.ts";

describe("toSubscriptDigits", () => {
  it("writes every digit as its subscript", () => {
    expect(toSubscriptDigits(0)).toBe("₀");
    expect(toSubscriptDigits(4)).toBe("₄");
    expect(toSubscriptDigits(1234567890)).toBe("₁₂₃₄₅₆₇₈₉₀");
  });
});
