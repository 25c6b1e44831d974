import { describe, expect, it } from "vitest";
import { createForecaster, MODEL_VERSION } from "./forecaster.ts";
import { INTERVAL_MS } from "./interval.ts";
import { randomWalk } from "./test-series.ts";

describe("createForecaster", () => {
  it("returns one step per horizon step, each inside its band, timed one interval apart", () => {
    const bars = randomWalk(600, 0.01, 3, "1h");
    const result = createForecaster().forecast(bars, "1h", 48);
    const origin = bars[bars.length - 1];
    expect(result.modelVersion).toBe(MODEL_VERSION);
    expect(result.originTime).toBe(origin?.time);
    expect(result.originClose).toBe(origin?.close);
    expect(result.steps).toHaveLength(48);
    result.steps.forEach((step, i) => {
      expect(step.step).toBe(i + 1);
      expect(step.time).toBe((origin?.time ?? 0) + (i + 1) * INTERVAL_MS["1h"]);
      expect(step.lo80).toBeLessThanOrEqual(step.forecast);
      expect(step.hi80).toBeGreaterThanOrEqual(step.forecast);
    });
    // the band widens with the horizon
    expect((result.steps[47]?.hi80 ?? 0) - (result.steps[47]?.lo80 ?? 0)).toBeGreaterThan(
      (result.steps[0]?.hi80 ?? 0) - (result.steps[0]?.lo80 ?? 0),
    );
  });

  it("is exactly the last close when the model is naive", () => {
    const bars = randomWalk(400, 0.03, 8);
    const result = createForecaster({ candidates: ["naive"] }).forecast(bars, "1d", 7);
    expect(result.model).toBe("naive");
    expect(result.beatsNaive).toBe(false);
    for (const step of result.steps) expect(step.forecast).toBe(bars[bars.length - 1]?.close);
  });

  it("falls back to naive with a band on a history too short to validate", () => {
    const bars = randomWalk(30, 0.03, 4);
    const result = createForecaster().forecast(bars, "1d", 7);
    expect(result.model).toBe("naive");
    expect(result.beatsNaive).toBe(false);
    expect(result.steps[6]?.hi80).toBeGreaterThan(result.steps[6]?.forecast ?? 0);
  });

  it("leaves naive for a model that beats it clearly in the history", () => {
    // a steady uptrend with small noise: Theta (trend) must beat "no change" by far
    const bars = randomWalk(400, 0.002, 6).map((bar, i) => ({ ...bar, close: bar.close * Math.exp(0.01 * i) }));
    const result = createForecaster().forecast(bars, "1d", 7);
    expect(result.beatsNaive).toBe(true);
    expect(result.model).not.toBe("naive");
    expect(result.steps[6]?.forecast).toBeGreaterThan(bars[bars.length - 1]?.close ?? 0);
  });

  it("rejects an empty history and a bad horizon", () => {
    expect(() => createForecaster().forecast([], "1d", 7)).toThrow();
    expect(() => createForecaster().forecast(randomWalk(10, 0.01, 1), "1d", 0)).toThrow();
  });
});
