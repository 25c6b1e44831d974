import { describe, expect, it } from "vitest";
import { NO_VALUE } from "./no-value.ts";
import { formatPercent } from "./percent.ts";
import { formatTokenAmount } from "./token-amount.ts";

describe("formatTokenAmount", () => {
  it("shows a decimal string like a balance, and nothing as NO_VALUE", () => {
    expect(formatTokenAmount("1234.5678912")).toBe("1,234.567891");
    expect(formatTokenAmount("0.0321")).toBe("0.0321");
    expect(formatTokenAmount("0")).toBe("0");
    expect(formatTokenAmount(null)).toBe(NO_VALUE);
    expect(formatTokenAmount("")).toBe(NO_VALUE);
    expect(formatTokenAmount("abc")).toBe(NO_VALUE);
  });
});

describe("formatPercent", () => {
  it("writes a share in percent with up to 2 decimals and no sign", () => {
    expect(formatPercent(0.3)).toBe("0.3%");
    expect(formatPercent(15)).toBe("15%");
    expect(formatPercent(0.125)).toBe("0.13%");
    expect(formatPercent(null)).toBe(NO_VALUE);
  });
});
