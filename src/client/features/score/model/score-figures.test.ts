import { describe, expect, it } from "vitest";
import { correlationText, partValueText, scoreText, weightText } from "./score-figures.ts";

describe("score figures", () => {
  it("writes the score and points with at most two decimals", () => {
    expect(scoreText(71.3)).toBe("71.3");
    expect(scoreText(0)).toBe("0");
    expect(scoreText(99.999)).toBe("100");
    expect(scoreText(null)).toBe("--");
  });

  it("writes weights as shares of the score", () => {
    expect(weightText(0.25)).toBe("25%");
    expect(weightText(1 / 3)).toBe("33.33%");
    expect(weightText(0)).toBe("0%");
  });

  it("writes the mean rank correlation as it is, sign included", () => {
    expect(correlationText(0.0312)).toBe("0.03");
    expect(correlationText(-0.0412)).toBe("-0.04");
    expect(correlationText(0.001)).toBe("0");
  });

  it("writes each part's value in its unit", () => {
    expect(partValueText({ id: "trend", value: 4.2, unit: "%" })).toBe("+4.20%");
    expect(partValueText({ id: "relativeStrength", value: -12.345, unit: "%" })).toBe("-12.35%");
    expect(partValueText({ id: "volatility", value: 48.316, unit: "%" })).toBe("48.32%");
    expect(partValueText({ id: "liquidity", value: 1_234_567_890, unit: "USDT" })).toBe("1.23B USDT");
    expect(partValueText({ id: "newsFlow", value: 12, unit: "items" })).toBe("12");
    expect(partValueText({ id: "newsFlow", value: null, unit: "items" })).toBe("--");
  });
});
