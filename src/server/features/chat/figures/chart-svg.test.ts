import { describe, expect, it } from "vitest";
import type { CandleData } from "../../../../contract/market.ts";
import {
  closingPoints,
  compareChartSvg,
  escapeXml,
  priceChartSvg,
  priceLabel,
  sharedCandles,
  timeLabel,
} from "./chart-svg.ts";

const HOUR = 3_600_000;
const START = Date.parse("2026-02-28T00:00:00Z");

/** `n` candles of `intervalMs` from START, closing at the given prices (each opens at the previous close). */
function candles(closes: readonly number[], intervalMs = 4 * HOUR, first = START): CandleData[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : (closes[i - 1] as number);
    return {
      time: first + i * intervalMs,
      open,
      high: Math.max(open, close),
      low: Math.min(open, close),
      close,
      volume: 1,
    };
  });
}

const polylines = (svg: string) => [...svg.matchAll(/<polyline points="([^"]*)"/g)].map((m) => (m[1] ?? "").split(" "));
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe("escapeXml", () => {
  it("escapes the five XML specials and drops control characters", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0001`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
    );
  });
});

describe("priceChartSvg", () => {
  const closes = [100, 104, 103, 110, 108, 107, 112, 115, 111, 118, 120, 119];
  const svg = priceChartSvg({ symbol: "BTC", interval: "4h", candles: candles(closes), source: "Binance (replay)" });

  it("is one SVG document of a fixed size with a title", () => {
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="320" viewBox="0 0 640 320"/,
    );
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain(
      "<title>BTC 4h closing prices, 2026-02-28 00:00 UTC to 2026-03-02 00:00 UTC: 100.00 to 119.00 USDT (+19.00%)</title>",
    );
  });

  it("draws the first open and then every close: n candles, n + 1 points, left to right", () => {
    const [line] = polylines(svg);
    expect(line).toHaveLength(closes.length + 1);
    const xs = (line ?? []).map((point) => Number(point.split(",")[0]));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(xs[0]).toBe(16);
    expect(closingPoints(candles(closes), 4 * HOUR).map((p) => p.value)).toEqual([100, ...closes]);
  });

  it("puts the highest point at the top and the lowest at the bottom", () => {
    const ys = (polylines(svg)[0] ?? []).map((point) => Number(point.split(",")[1]));
    const top = Math.min(...ys);
    const bottom = Math.max(...ys);
    expect(ys.indexOf(top)).toBe(closes.indexOf(120) + 1);
    expect(ys.indexOf(bottom)).toBe(0);
  });

  it("labels the price range, the first and last times in UTC, and the caption", () => {
    const labels = texts(svg);
    expect(labels).toContain("BTC · 4h · closing price (USDT)");
    expect(labels).toContain(priceLabel(120));
    expect(labels).toContain(priceLabel(110));
    expect(labels).toContain(priceLabel(100));
    expect(labels).toContain("2026-02-28 00:00 UTC");
    // the last candle opens 2026-03-01 20:00 and closes 2026-03-02 00:00
    expect(labels).toContain(timeLabel(START + closes.length * 4 * HOUR, "4h"));
    expect(labels).toContain(`BTC 4h · as of 2026-03-02 00:00 UTC · Source: Binance (replay)`);
    expect(labels).toContain("+19.00%");
  });

  it("writes daily times as dates", () => {
    const daily = priceChartSvg({
      symbol: "ETH",
      interval: "1d",
      candles: candles([10, 11, 12], 24 * HOUR),
      source: "s",
    });
    expect(texts(daily)).toContain("2026-02-28 UTC");
    expect(texts(daily)).toContain("2026-03-03 UTC");
    expect(texts(daily)).toContain("ETH 1d · as of 2026-03-03 00:00 UTC · Source: s");
  });

  it("escapes every text it writes", () => {
    const hostile = priceChartSvg({
      symbol: "<b>",
      interval: "1h",
      candles: candles([1, 2, 3], HOUR),
      source: `Evil & "Co" <script>alert(1)</script>`,
    });
    expect(hostile).not.toContain("<script>");
    expect(hostile).not.toContain("<b>");
    expect(hostile).toContain("Evil &amp; &quot;Co&quot; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(hostile).toContain('aria-label="&lt;b&gt; 1h closing prices');
  });

  it("draws a flat series across the middle without dividing by zero", () => {
    const flat = priceChartSvg({ symbol: "USDT", interval: "1h", candles: candles([1, 1, 1, 1], HOUR), source: "s" });
    expect(flat).not.toContain("NaN");
    expect(flat).not.toContain("Infinity");
    const ys = new Set((polylines(flat)[0] ?? []).map((point) => point.split(",")[1]));
    expect(ys.size).toBe(1);
  });

  it("says so when there are no candles, with no line and no time", () => {
    const empty = priceChartSvg({ symbol: "BTC", interval: "1h", candles: [], source: "Binance (replay)" });
    expect(polylines(empty)).toEqual([]);
    expect(texts(empty)).toContain("No 1h candles for BTC");
    expect(texts(empty)).toContain("Source: Binance (replay)");
    expect(empty).not.toContain("as of");
    expect(empty).not.toContain("NaN");
  });
});

describe("compareChartSvg", () => {
  it("draws both coins on their shared candles, normalised to 100 at the start", () => {
    const a = candles([100, 110, 120, 130]);
    // b misses the second candle and has one more at the start
    const b = [...candles([50], 4 * HOUR, START - 4 * HOUR), ...candles([50, 45, 40, 60]).filter((_, i) => i !== 1)];
    const shared = sharedCandles(a, b);
    expect(shared.a.map((c) => c.time)).toEqual([START, START + 8 * HOUR, START + 12 * HOUR]);
    expect(shared.b.map((c) => c.time)).toEqual(shared.a.map((c) => c.time));

    const svg = compareChartSvg({
      a: { symbol: "BTC", candles: a },
      b: { symbol: "ETH", candles: b },
      interval: "4h",
      source: "src",
    });
    const lines = polylines(svg);
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => line.length)).toEqual([4, 4]);
    // both start at the same point: 100
    expect(lines[0]?.[0]).toBe(lines[1]?.[0]);
    const labels = texts(svg);
    expect(labels).toContain("BTC +30.00%");
    expect(labels).toContain("ETH +20.00%");
    expect(labels).toContain("BTC and ETH 4h · as of 2026-02-28 16:00 UTC · Source: src");
  });

  it("says so when the coins share no candle", () => {
    const svg = compareChartSvg({
      a: { symbol: "BTC", candles: candles([1, 2]) },
      b: { symbol: "SOL", candles: [] },
      interval: "1h",
      source: "src",
    });
    expect(polylines(svg)).toEqual([]);
    expect(texts(svg)).toContain("No shared 1h candles for BTC and SOL");
  });
});
