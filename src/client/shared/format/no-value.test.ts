import { describe, expect, it } from "vitest";
import { isDisplayable } from "./no-value.ts";

describe("isDisplayable", () => {
  it("accepts finite numbers, including zero and negatives", () => {
    expect(isDisplayable(0)).toBe(true);
    expect(isDisplayable(-0)).toBe(true);
    expect(isDisplayable(-12.5)).toBe(true);
    expect(isDisplayable(Number.MAX_VALUE)).toBe(true);
  });

  it("rejects missing and non-finite values", () => {
    expect(isDisplayable(undefined)).toBe(false);
    expect(isDisplayable(null)).toBe(false);
    expect(isDisplayable(Number.NaN)).toBe(false);
    expect(isDisplayable(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isDisplayable(Number.NEGATIVE_INFINITY)).toBe(false);
  });
});
