import { describe, expect, it } from "vitest";
import type { SymbolSeries } from "./market-data.ts";
import type { Candle } from "./market-provider.ts";
import { tickerAt } from "./replay-ticker.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const t0 = Date.parse("2026-03-01T00:00:00Z");

const candle = (openTime: number, close: number, quoteVolume: number | null = 10): Candle => ({
  openTime,
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  volume: 2,
  quoteVolume,
});

/** 10 days of daily candles closing at 100, 101, ...; hourly candles from day 2 to day 10 closing at 1000 + hour. */
function series(options: { hourlyHole?: number; hourlyFromDay?: number } = {}): SymbolSeries {
  const from = options.hourlyFromDay ?? 2;
  const daily = Array.from({ length: 10 }, (_, day) => candle(t0 + day * DAY, 100 + day));
  const hourly = Array.from({ length: (10 - from) * 24 }, (_, hour) =>
    candle(t0 + from * DAY + hour * HOUR, 1000 + hour),
  );
  return { symbol: "ABC", pair: "ABCUSDT", daily, hourly: hourly.filter((c) => c.openTime !== options.hourlyHole) };
}

const pct = (last: number, before: number) => (last / before - 1) * 100;

describe("a ticker at a market time", () => {
  it("uses hourly candles while they cover the time", () => {
    const at = t0 + 10 * DAY + 30 * 60_000; // the last hourly candle (hour 191 of the hourly data) closed 30 min ago
    const ticker = tickerAt(series(), at);
    expect(ticker).toMatchObject({
      symbol: "ABC",
      pair: "ABCUSDT",
      resolution: "1h",
      lastPrice: 1191,
      priceTime: t0 + 10 * DAY,
      open24h: 1167, // open of hour 168 (close 1168 - 1)
      high24h: 1192,
      low24h: 1166,
      volume24h: 48,
      quoteVolume24h: 240,
    });
    expect(ticker?.change1h).toBeCloseTo(pct(1191, 1190), 12);
    expect(ticker?.change24h).toBeCloseTo(pct(1191, 1167), 12);
    expect(ticker?.change7d).toBeCloseTo(pct(1191, 1023), 12);
  });

  it("reports changes and windows over a hole as null, never guessed", () => {
    const at = t0 + 10 * DAY;
    const hole = t0 + 9 * DAY - HOUR; // the candle 24 hours before the last one
    const ticker = tickerAt(series({ hourlyHole: hole }), at);
    expect(ticker?.change24h).toBeNull();
    expect(ticker?.open24h).toBe(1167);
    // 7 days back from the last candle lies before hourly data that starts on day 4
    expect(tickerAt(series({ hourlyFromDay: 4 }), at)?.change7d).toBeNull();
    const inWindow = tickerAt(series({ hourlyHole: t0 + 9 * DAY + 5 * HOUR }), at);
    expect(inWindow).toMatchObject({
      open24h: null,
      high24h: null,
      low24h: null,
      volume24h: null,
      quoteVolume24h: null,
    });
    expect(inWindow?.change24h).not.toBeNull();
  });

  it("has no USDT volume when a candle in the window lacks it", () => {
    const s = series();
    const last = s.hourly.at(-1);
    if (last) last.quoteVolume = null;
    expect(tickerAt(s, t0 + 10 * DAY)?.quoteVolume24h).toBeNull();
  });

  it("falls back to the last completed daily candle when no hourly candle covers the time", () => {
    const at = t0 + 1 * DAY + 12 * HOUR; // before the hourly data
    const ticker = tickerAt(series(), at);
    expect(ticker).toMatchObject({
      resolution: "1d",
      lastPrice: 100,
      priceTime: t0 + DAY,
      open24h: 99,
      high24h: 101,
      low24h: 98,
      volume24h: 2,
      quoteVolume24h: 10,
      change1h: null,
      change24h: null,
      change7d: null,
    });
    const later = tickerAt(series(), t0 + 10 * DAY + 5 * HOUR); // after the hourly data ends
    expect(later).toMatchObject({ resolution: "1d", lastPrice: 109 });
    expect(later?.change24h).toBeCloseTo(pct(109, 108), 12);
    expect(later?.change7d).toBeCloseTo(pct(109, 102), 12);
  });

  it("does not exist before the first completed candle", () => {
    expect(tickerAt(series(), t0 + DAY - 1)).toBeUndefined();
  });
});
