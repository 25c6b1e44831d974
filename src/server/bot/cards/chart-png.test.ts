import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CHART_HEIGHT, CHART_WIDTH, priceChartPng } from "./chart-png.ts";

/** The PNG's size and its pixels' colours (8-bit RGB, no filter byte kept), read back from the file. */
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
  const colours = new Set<string>();
  const stride = width * 3 + 1;
  for (let row = 0; row < height; row++) {
    // every row starts with its filter type; an unfiltered row's bytes are the pixels
    if (raw[row * stride] !== 0) continue;
    for (let x = 0; x < width; x += 7) {
      const at = row * stride + 1 + x * 3;
      colours.add(`${raw[at]},${raw[at + 1]},${raw[at + 2]}`);
    }
  }
  return { width, height, colours };
}

describe("priceChartPng", () => {
  it("draws a PNG of the chart's size", () => {
    const png = priceChartPng([1, 3, 2, 5, 4]);
    expect(png).toBeDefined();
    const { width, height } = readPng(png ?? Buffer.alloc(0));
    expect([width, height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
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
