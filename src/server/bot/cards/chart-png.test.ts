import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CHART_HEIGHT, CHART_WIDTH, priceChartPng } from "./chart-png.ts";

/** The PNG's size and (a sample of) its pixels' colours, decoded from the file (8-bit RGB, filters None and Up). */
function readPng(png: Buffer): { width: number; height: number; colours: Set<string> } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    if (type === "IDAT") chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * 3;
  const pixels = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)];
    expect([0, 2]).toContain(filter);
    for (let x = 0; x < stride; x++) {
      const above = filter === 2 && row > 0 ? (pixels[(row - 1) * stride + x] ?? 0) : 0;
      pixels[row * stride + x] = ((raw[row * (stride + 1) + 1 + x] ?? 0) + above) & 0xff;
    }
  }
  const colours = new Set<string>();
  for (let at = 0; at < pixels.length; at += 3) colours.add(`${pixels[at]},${pixels[at + 1]},${pixels[at + 2]}`);
  return { width, height, colours };
}

describe("priceChartPng", () => {
  it("draws a PNG of the chart's size, white where nothing is drawn", () => {
    const png = priceChartPng([1, 3, 2, 5, 4]);
    expect(png).toBeDefined();
    const { width, height, colours } = readPng(png ?? Buffer.alloc(0));
    expect([width, height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
    expect(colours.has("255,255,255")).toBe(true);
  });

  it("draws a rising period in green and a falling one in red", () => {
    const up = readPng(priceChartPng([1, 2, 3], { width: 60, height: 40 }) ?? Buffer.alloc(0));
    const down = readPng(priceChartPng([3, 2, 1], { width: 60, height: 40 }) ?? Buffer.alloc(0));
    expect(up.colours.has("21,128,61")).toBe(true);
    expect(up.colours.has("185,28,28")).toBe(false);
    expect(down.colours.has("185,28,28")).toBe(true);
  });

  it("draws nothing for fewer than two prices", () => {
    expect(priceChartPng([])).toBeUndefined();
    expect(priceChartPng([42])).toBeUndefined();
    expect(priceChartPng([42, Number.NaN])).toBeUndefined();
  });
});
