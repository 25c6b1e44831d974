import { describe, expect, it } from "vitest";
import type { CandleData } from "../../../../contract/market.ts";
import { type PeriodWindow, periodMove, resolvePeriod } from "./period.ts";

const at = (iso: string) => Date.parse(iso);
const window = (period: string, when: string) => {
  const w = resolvePeriod(period, at(when));
  return w && { ...w, from: new Date(w.from).toISOString(), to: new Date(w.to).toISOString() };
};

describe("a period resolved at the market time", () => {
  const MARKET = "2026-03-09T12:30:00.000Z";

  it("counts whole days back from the market's day, and calendar months", () => {
    expect(window("7d", MARKET)).toEqual({
      period: "7d",
      interval: "1d",
      from: "2026-03-02T00:00:00.000Z",
      to: "2026-03-09T00:00:00.000Z",
    });
    expect(window("30d", MARKET)?.from).toBe("2026-02-07T00:00:00.000Z");
    expect(window("1m", MARKET)?.from).toBe("2026-02-09T00:00:00.000Z");
    expect(window("3m", MARKET)?.from).toBe("2025-12-09T00:00:00.000Z");
    // a month of fewer days ends on its last one
    expect(window("1m", "2026-03-31T08:00:00.000Z")?.from).toBe("2026-02-28T00:00:00.000Z");
  });

  it("reads since, month to date and year to date in the market's year", () => {
    expect(window("ytd", MARKET)?.from).toBe("2026-01-01T00:00:00.000Z");
    expect(window("since:01-01", MARKET)?.from).toBe("2026-01-01T00:00:00.000Z");
    expect(window("mtd", MARKET)?.from).toBe("2026-03-01T00:00:00.000Z");
    expect(window("since:2025-12-24", MARKET)?.from).toBe("2025-12-24T00:00:00.000Z");
    // a day of the year that has not come yet is last year's
    expect(window("since:06-01", MARKET)?.from).toBe("2025-06-01T00:00:00.000Z");
  });

  it("takes today in hours up to the last completed one, and the last whole day before the first one", () => {
    expect(window("today", MARKET)).toEqual({
      period: "today",
      interval: "1h",
      from: "2026-03-09T00:00:00.000Z",
      to: "2026-03-09T12:00:00.000Z",
    });
    expect(window("today", "2026-03-09T00:20:00.000Z")).toMatchObject({
      interval: "1d",
      from: "2026-03-08T00:00:00.000Z",
      to: "2026-03-09T00:00:00.000Z",
    });
  });

  it("refuses what is not a window before the market time", () => {
    expect(resolvePeriod("since:2026-04-01", at(MARKET))).toBeUndefined();
    expect(resolvePeriod("since:02-30", at(MARKET))).toBeUndefined();
    expect(resolvePeriod("week", at(MARKET))).toBeUndefined();
  });
});

describe("a price move over a window", () => {
  const DAY = 86_400_000;
  const day = (iso: string, open: number, high: number, low: number, close: number): CandleData => ({
    time: at(iso),
    open,
    high,
    low,
    close,
    volume: 1,
  });
  const candles = [
    day("2026-03-06T00:00:00Z", 9, 11, 8, 10),
    day("2026-03-07T00:00:00Z", 10.5, 13, 10, 12),
    day("2026-03-08T00:00:00Z", 12, 12.5, 9, 11),
  ];
  const market = {
    klines: async (_abbr: string, _interval: string, range: { from?: number; to?: number }) =>
      candles.filter((c) => c.time >= (range.from ?? 0) && c.time <= (range.to ?? Number.POSITIVE_INFINITY)),
  };
  const twoDays: PeriodWindow = {
    period: "2d",
    interval: "1d",
    from: at("2026-03-07T00:00:00Z"),
    to: at("2026-03-09T00:00:00Z"),
  };

  it("runs from the close before the window to its last close, with the window's high and low", async () => {
    expect(await periodMove(market, "X", twoDays)).toEqual({
      window: twoDays,
      note: null,
      start: 10,
      end: 11,
      change: (11 / 10 - 1) * 100,
      high: 13,
      highAt: at("2026-03-07T00:00:00Z"),
      low: 9,
      lowAt: at("2026-03-08T00:00:00Z"),
      candles: 2,
    });
  });

  it("starts where the coin's data begins inside the window, and says so", async () => {
    const move = await periodMove(market, "X", { ...twoDays, from: twoDays.from - 5 * DAY });
    expect(move).toMatchObject({ note: "partial", start: 9, candles: 3 });
    expect(move?.window.from).toBe(at("2026-03-06T00:00:00Z"));
  });

  it("gives the last whole day for today when the coin has no hourly candles", async () => {
    const today: PeriodWindow = {
      period: "today",
      interval: "1h",
      from: at("2026-03-09T00:00:00Z"),
      to: at("2026-03-09T12:00:00Z"),
    };
    const move = await periodMove(
      { klines: async (abbr, interval, range) => (interval === "1h" ? [] : market.klines(abbr, interval, range)) },
      "X",
      today,
    );
    expect(move).toMatchObject({ note: "noIntraday", start: 12, end: 11, candles: 1 });
    expect(move?.window).toMatchObject({
      interval: "1d",
      from: at("2026-03-08T00:00:00Z"),
      to: at("2026-03-09T00:00:00Z"),
    });
  });

  it("has nothing to say without a candle in the window", async () => {
    expect(
      await periodMove(market, "X", { ...twoDays, from: twoDays.from + 10 * DAY, to: twoDays.to + 10 * DAY }),
    ).toBeUndefined();
  });
});
