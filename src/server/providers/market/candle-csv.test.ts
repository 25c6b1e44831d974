import { describe, expect, it } from "vitest";
import { parseCandleCsv } from "./candle-csv.ts";

describe("the shipped candle format", () => {
  it("reads candles, an empty quote volume as null", () => {
    const text = "t,o,h,l,c,v,qv\n1000,1.5,2,1,1.75,10,17.5\n2000,1.75,1.8,1.7,1.8,3,\n";
    expect(parseCandleCsv(text, "x.csv")).toEqual([
      { openTime: 1000, open: 1.5, high: 2, low: 1, close: 1.75, volume: 10, quoteVolume: 17.5 },
      { openTime: 2000, open: 1.75, high: 1.8, low: 1.7, close: 1.8, volume: 3, quoteVolume: null },
    ]);
  });

  it("names the file and line of a bad row", () => {
    expect(() => parseCandleCsv("t,o,h,l,c,v\n", "x.csv")).toThrow(/x.csv: expected the header/);
    expect(() => parseCandleCsv("t,o,h,l,c,v,qv\n1000,1,2,x,1,1,1\n", "x.csv")).toThrow(/x.csv:2: not a number/);
    expect(() => parseCandleCsv("t,o,h,l,c,v,qv\n1000,1,2,1,1,1\n", "x.csv")).toThrow(/x.csv:2: expected 7 fields/);
    expect(() => parseCandleCsv("t,o,h,l,c,v,qv\n2000,1,1,1,1,1,1\n1000,1,1,1,1,1,1\n", "x.csv")).toThrow(/ascend/);
  });
});
