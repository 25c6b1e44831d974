import { describe, expect, it } from "vitest";
import { CandleFileError, parseCandles, parseTime, symbolFromPath } from "./candles-csv.ts";

const DAY1 = Date.UTC(2025, 0, 1);
const DAY2 = Date.UTC(2025, 0, 2);
const expected = [
  { time: DAY1, close: 94591.79 },
  { time: DAY2, close: 96984.79 },
];

describe("parseCandles", () => {
  it("reads every accepted header shape", () => {
    const files = {
      binance:
        "open_time,datetime,open,high,low,close,volume,close_time,quote_volume,trades\n" +
        `${DAY1},2025-01-01 00:00:00,1,2,0.5,94591.79,1,${DAY2 - 1},1,1\n` +
        `${DAY2},2025-01-02 00:00:00,1,2,0.5,96984.79,1,${DAY2 + 86_399_999},1,1\n`,
      universe:
        "date,open,high,low,close,volume,quote_volume\n2025-01-01,1,2,0.5,94591.79,1,1\n2025-01-02,1,2,0.5,96984.79,1,1\n",
      timestamp: `timestamp,open,high,low,close,volume\n${DAY1 / 1000},1,2,0.5,94591.79,1\n${DAY2 / 1000},1,2,0.5,96984.79,1\n`,
      shipped: `t,o,h,l,c,v,qv\r\n${DAY1},1,2,0.5,94591.79,1,1\r\n${DAY2},1,2,0.5,96984.79,1,1\r\n`,
    } as const;
    for (const [shape, text] of Object.entries(files)) {
      expect(parseCandles(text)).toEqual({ shape, bars: expected });
    }
  });

  it("reads descending files into ascending bars", () => {
    const text =
      "date,open,high,low,close,volume,quote_volume\n2025-01-02,1,2,0.5,96984.79,1,1\n2025-01-01,1,2,0.5,94591.79,1,1\n";
    expect(parseCandles(text).bars).toEqual(expected);
  });

  it("reads timestamps in ms, seconds and ISO, zone-less ones as UTC", () => {
    expect(parseTime(String(DAY1))).toBe(DAY1);
    expect(parseTime(String(DAY1 / 1000))).toBe(DAY1);
    expect(parseTime("2025-01-01")).toBe(DAY1);
    expect(parseTime("2025-01-01 00:00:00")).toBe(DAY1);
    expect(parseTime("2025-01-01 00:00:00+00:00")).toBe(DAY1);
    expect(parseTime("2025-01-01T08:00:00+08:00")).toBe(DAY1);
    expect(parseTime("yesterday")).toBeNaN();
  });

  it("names the accepted shapes for an unknown header", () => {
    const parse = () => parseCandles("when,price\n2025-01-01,1\n");
    expect(parse).toThrow(CandleFileError);
    expect(parse).toThrow(/unrecognised CSV header "when,price".*open_time.*date.*timestamp.*t \(ms\)/s);
  });

  it("rejects bad rows and duplicate times", () => {
    expect(() => parseCandles("t,o,h,l,c,v,qv\n1735689600000,1,1,1,abc,1,1\n")).toThrow(/line 2/);
    expect(() => parseCandles("t,o,h,l,c,v,qv\n1735689600000,1,1,1,0,1,1\n")).toThrow(/positive close/);
    expect(() => parseCandles("date,close\n2025-01-01,1\n2025-01-01,2\n")).toThrow(/same time/);
  });
});

describe("symbolFromPath", () => {
  it("takes the symbol from the file name", () => {
    expect(symbolFromPath("data/market/daily/BTCUSDT.csv")).toBe("BTCUSDT");
    expect(symbolFromPath("/x/BTCUSDT_1d_2024-07-27_2026-03-31.csv")).toBe("BTCUSDT");
  });
});
