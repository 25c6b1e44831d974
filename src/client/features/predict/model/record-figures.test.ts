import { describe, expect, it } from "vitest";
import { WIN_RATE_WINDOW_MS } from "../../../../contract/predict.ts";
import { percentText, ratioText, ratioVerdict, shareText, windowSpan } from "./record-figures.ts";

describe("record figures", () => {
  it("writes shares and percentages with the one number formatter", () => {
    expect(shareText(0.82)).toBe("82%");
    expect(shareText(0.55321)).toBe("55.32%");
    expect(shareText(null)).toBe("--");
    expect(percentText(97.8123)).toBe("97.81%");
    expect(ratioText(0.9812)).toBe("0.98");
  });

  it("judges the error ratio by the figure shown", () => {
    expect(ratioVerdict(0.9)).toBe("better");
    expect(ratioVerdict(0.98)).toBe("slightlyBetter");
    expect(ratioVerdict(0.9999)).toBe("same");
    expect(ratioVerdict(1.004)).toBe("same");
    expect(ratioVerdict(1.03)).toBe("worse");
  });

  it("names the win-rate windows of the contract", () => {
    expect(windowSpan(WIN_RATE_WINDOW_MS["1h"])).toEqual({ unit: "hours", count: 24 });
    expect(windowSpan(WIN_RATE_WINDOW_MS["1d"])).toEqual({ unit: "days", count: 90 });
  });
});
