import { describe, expect, it } from "vitest";
import {
  ALARM_PERCENT_FALL_MAX,
  ALARM_PERCENT_MIN,
  ALARM_PERCENT_RISE_MAX,
  addAlarmBodySchema,
  alarmDirectionOf,
  percentInRange,
  percentTarget,
} from "../../../contract/alarms.ts";
import { ApiError } from "../../api-error.ts";
import { alarmTarget, rearmTarget } from "./alarm-rules.ts";

const body = (input: Record<string, unknown>) => addAlarmBodySchema.parse({ coinAbbr: "ETH", ...input });
const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.key}:${error.issues[0]?.field ?? ""}`;
    throw error;
  }
  return "accepted";
};

describe("alarm rules", () => {
  it("takes the side of the price a target lies on, and refuses a target at or past it on the side asked", () => {
    expect(alarmTarget(body({ price: 110 }), 100)).toEqual({
      kind: "price",
      direction: "above",
      targetPrice: 110,
      percent: null,
      basePrice: 100,
    });
    expect(alarmTarget(body({ price: 90, direction: "below" }), 100).direction).toBe("below");
    expect(keyOf(() => alarmTarget(body({ price: 100 }), 100))).toBe("alarmAlreadyCrossed:price");
    expect(keyOf(() => alarmTarget(body({ price: 100, direction: "above" }), 100))).toBe(
      "alarmAlreadyCrossed:direction",
    );
    expect(keyOf(() => alarmTarget(body({ price: 90, direction: "above" }), 100))).toBe(
      "alarmAlreadyCrossed:direction",
    );
  });

  it("refuses targets not above 0 or more than 100 times away, and takes the bounds themselves", () => {
    for (const price of [0, -1, 10_000.01, 0.99]) {
      expect(
        keyOf(() => alarmTarget(body({ price }), 100)),
        String(price),
      ).toBe("alarmPriceAbsurd:price");
    }
    expect(keyOf(() => alarmTarget(body({ price: 10_000 }), 100))).toBe("accepted");
    expect(keyOf(() => alarmTarget(body({ price: 1 }), 100))).toBe("accepted");
  });

  it("sets a percent alarm's target and side from the price, within the allowed moves", () => {
    const fall = alarmTarget(body({ kind: "percent", percent: -10 }), 200);
    expect(fall).toMatchObject({ kind: "percent", direction: "below", percent: -10, basePrice: 200 });
    expect(fall.targetPrice).toBeCloseTo(180, 10);
    for (const percent of [0, 0.09, -0.09, -ALARM_PERCENT_FALL_MAX - 0.1, ALARM_PERCENT_RISE_MAX + 1]) {
      expect(
        keyOf(() => alarmTarget(body({ kind: "percent", percent }), 100)),
        String(percent),
      ).toBe("alarmPercentOutOfRange:percent");
    }
    for (const percent of [0.1, -0.1, -ALARM_PERCENT_FALL_MAX, ALARM_PERCENT_RISE_MAX]) {
      expect(
        keyOf(() => alarmTarget(body({ kind: "percent", percent }), 100)),
        String(percent),
      ).toBe("accepted");
    }
  });

  it("refuses a percent move whose sign says the other way than the direction given, as a bad direction", () => {
    expect(keyOf(() => alarmTarget(body({ kind: "percent", percent: -5, direction: "above" }), 100))).toBe(
      "invalidValue:direction",
    );
    expect(keyOf(() => alarmTarget(body({ kind: "percent", percent: 5, direction: "below" }), 100))).toBe(
      "invalidValue:direction",
    );
    expect(alarmTarget(body({ kind: "percent", percent: 5, direction: "above" }), 100).direction).toBe("above");
    expect(alarmTarget(body({ kind: "percent", percent: -5, direction: "below" }), 100).direction).toBe("below");
  });

  it("shares its rules with the app: the side a target is on, a move's target, the allowed moves", () => {
    expect(alarmDirectionOf(110, 100)).toBe("above");
    expect(alarmDirectionOf(90, 100)).toBe("below");
    expect(alarmDirectionOf(100, 100)).toBeUndefined();
    expect(percentTarget(200, -10)).toBeCloseTo(180, 10);
    expect(percentTarget(200, 10)).toBeCloseTo(220, 10);
    expect([ALARM_PERCENT_MIN, -ALARM_PERCENT_FALL_MAX, ALARM_PERCENT_RISE_MAX].map(percentInRange)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      [0, ALARM_PERCENT_MIN / 2, -ALARM_PERCENT_FALL_MAX - 1, ALARM_PERCENT_RISE_MAX + 1, NaN].map(percentInRange),
    ).toEqual([false, false, false, false, false]);
  });

  it("re-arms a price alarm only while the price is on its side; a percent alarm re-bases", () => {
    const above = { kind: "price", direction: "above" as const, targetPrice: 110, percent: null };
    expect(rearmTarget(above, 100)).toEqual({ targetPrice: 110, basePrice: 100 });
    expect(keyOf(() => rearmTarget(above, 110))).toBe("alarmAlreadyCrossed:direction");
    expect(keyOf(() => rearmTarget(above, 120))).toBe("alarmAlreadyCrossed:direction");
    const percent = { kind: "percent", direction: "above" as const, targetPrice: 110, percent: 10 };
    const rebased = rearmTarget(percent, 200);
    expect(rebased.basePrice).toBe(200);
    expect(rebased.targetPrice).toBeCloseTo(220, 10);
  });
});
