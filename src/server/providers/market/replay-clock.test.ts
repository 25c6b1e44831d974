import { describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { createReplayClock, replayDate, replayWindow } from "./replay-clock.ts";

const ms = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe("the replay clock", () => {
  const start = ms("2026-03-01T00:00:00Z");
  const end = ms("2026-03-11T00:00:00Z");

  it("starts at `start` and follows the wall clock at real speed by default", () => {
    const wall = manualClock(new Date("2030-05-05T10:00:00Z"));
    const clock = createReplayClock({ wall, start, end });
    expect(clock.now()).toBe(start);
    wall.advance(90 * 60_000);
    expect(clock.now()).toBe(start + 90 * 60_000);
  });

  it("plays faster at a higher speed", () => {
    const wall = manualClock();
    const clock = createReplayClock({ wall, start, end, speed: 60 });
    wall.advance(60_000);
    expect(clock.now()).toBe(start + HOUR);
  });

  it("counts from a shared anchor, so two nodes agree", () => {
    const wall = manualClock(new Date("2030-01-01T02:00:00Z"));
    const anchor = ms("2030-01-01T00:00:00Z");
    const a = createReplayClock({ wall, start, end, anchor });
    wall.advance(5_000);
    const b = createReplayClock({ wall, start, end, anchor });
    expect(a.now()).toBe(start + 2 * HOUR + 5_000);
    expect(b.now()).toBe(a.now());
  });

  it("never reads earlier than the start when the wall clock is behind the anchor", () => {
    const wall = manualClock(new Date("2030-01-01T00:00:00Z"));
    const clock = createReplayClock({ wall, start, end, anchor: ms("2030-01-02T00:00:00Z") });
    expect(clock.now()).toBe(start);
  });

  it("wraps into [start, end) and counts laps", () => {
    const wall = manualClock();
    const clock = createReplayClock({ wall, start, end });
    wall.advance(10 * DAY - 1);
    expect(clock.now()).toBe(end - 1);
    expect(clock.lap()).toBe(0);
    wall.advance(1);
    expect(clock.now()).toBe(start);
    expect(clock.lap()).toBe(1);
    wall.advance(25 * DAY);
    expect(clock.now()).toBe(start + 5 * DAY);
    expect(clock.lap()).toBe(3);
  });

  it("stops at the end when clamping", () => {
    const wall = manualClock();
    const clock = createReplayClock({ wall, start, end, atEnd: "clamp" });
    wall.advance(400 * DAY);
    expect(clock.now()).toBe(end);
    expect(clock.lap()).toBe(0);
  });

  it("reads whole milliseconds at fractional speeds", () => {
    const wall = manualClock();
    const clock = createReplayClock({ wall, start, end, speed: 0.3 });
    wall.advance(7);
    expect(clock.now()).toBe(start + 2);
  });

  it("refuses an empty window or a speed that is not positive", () => {
    const wall = manualClock();
    expect(() => createReplayClock({ wall, start: end, end: start })).toThrow(/window/);
    expect(() => createReplayClock({ wall, start, end, speed: 0 })).toThrow(/speed/);
    expect(() => createReplayClock({ wall, start, end, speed: Number.NaN })).toThrow(/speed/);
  });
});

describe("the replay window", () => {
  const coverage = {
    first: ms("2017-08-17T00:00:00Z"),
    hourlyEnd: ms("2026-04-01T00:00:00Z"),
    end: ms("2026-04-01T00:00:00Z"),
  };

  it("starts 30 days before the end of the hourly data by default", () => {
    expect(replayWindow(coverage)).toEqual({ start: ms("2026-03-02T00:00:00Z"), end: coverage.end });
    expect(replayWindow(coverage, { lookbackDays: 7 }).start).toBe(ms("2026-03-25T00:00:00Z"));
  });

  it("takes a start as an ISO date or milliseconds", () => {
    expect(replayWindow(coverage, { start: "2024-06-01" }).start).toBe(ms("2024-06-01T00:00:00Z"));
    expect(replayWindow(coverage, { start: ms("2025-01-01T12:00:00Z") }).start).toBe(ms("2025-01-01T12:00:00Z"));
  });

  it("refuses a start outside the data", () => {
    expect(() => replayWindow(coverage, { start: "2010-01-01" })).toThrow(/within the data/);
    expect(() => replayWindow(coverage, { start: "2026-04-01" })).toThrow(/within the data/);
    expect(() => replayWindow(coverage, { start: "not a date" })).toThrow(/within the data/);
  });
});

describe("the replay date", () => {
  it("is the UTC calendar date", () => {
    expect(replayDate(ms("2026-03-01T23:59:59Z"))).toBe("2026-03-01");
    expect(replayDate(ms("2026-03-02T00:00:00Z"))).toBe("2026-03-02");
  });
});
