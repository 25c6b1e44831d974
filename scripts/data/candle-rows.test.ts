import { describe, expect, it } from "vitest";
import { parseCandleCsv } from "../../src/server/providers/market/candle-csv.ts";
import { type CandleRow, decimalText, findGaps, formatCandleCsv, mergeCandles, sortUnique } from "./candle-rows.ts";

const row = (t: number, close = "1", qv = "10"): CandleRow => ({ t, o: "1", h: "2", l: "0.5", c: close, v: "3", qv });

describe("candle rows", () => {
  it("drops only the padding of source decimals", () => {
    expect(decimalText("67908.00000000", "x")).toBe("67908");
    expect(decimalText("0.10", "x")).toBe("0.1");
    expect(decimalText("1234617690.8920753", "x")).toBe("1234617690.8920753");
    expect(decimalText("100", "x")).toBe("100");
    expect(() => decimalText("1e-5", "x")).toThrow(/plain decimal/);
    expect(() => decimalText("", "x")).toThrow(/plain decimal/);
  });

  it("sorts ascending, drops exact repeats and refuses conflicting ones", () => {
    expect(sortUnique([row(3), row(1), row(3)], "x").map((r) => r.t)).toEqual([1, 3]);
    expect(() => sortUnique([row(1), row(1, "2")], "x")).toThrow(/two different candles/);
  });

  it("fills holes from a second source that agrees where both have candles", () => {
    const merged = mergeCandles([row(1), row(3)], [row(1, "1.0"), row(2), row(4)], "x");
    expect(merged.rows.map((r) => r.t)).toEqual([1, 2, 3, 4]);
    expect(merged.compared).toBe(1);
    expect(merged.added.map((r) => r.t)).toEqual([2, 4]);
    expect(merged.rows[0]?.c).toBe("1");
  });

  it("lets quote volumes differ in the last binary digit only", () => {
    const cdd = row(1, "1", "2499265962.0914555");
    expect(mergeCandles([cdd], [row(1, "1", "2499265962.091455")], "x").compared).toBe(1);
    expect(() => mergeCandles([cdd], [row(1, "1", "2499265962.1")], "x")).toThrow(/disagree/);
    expect(() => mergeCandles([row(1)], [row(1, "1.01")], "x")).toThrow(/disagree/);
  });

  it("finds holes", () => {
    expect(findGaps([row(0), row(10), row(40), row(50)], 10)).toEqual([{ after: 10, before: 40 }]);
  });

  it("writes the format the provider reads", () => {
    const text = formatCandleCsv([row(1000, "1.5"), row(2000, "2", "")]);
    expect(text).toBe("t,o,h,l,c,v,qv\n1000,1,2,0.5,1.5,3,10\n2000,1,2,0.5,2,3,\n");
    expect(parseCandleCsv(text, "x").map((c) => [c.close, c.quoteVolume])).toEqual([
      [1.5, 10],
      [2, null],
    ]);
  });
});
