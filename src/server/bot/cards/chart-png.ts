import { encodePng } from "../../png.ts";

/**
 * The price card's mini chart as a small PNG, drawn here (the project has no SVG
 * rasteriser): the closing prices as an anti-aliased line over a light area, green when the
 * period ends higher than it began and red otherwise, with light lines at the highest and lowest close and a dot on
 * the last. The image carries no text: the figures, the period and the source are in the message under it.
 */

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 280;

type Rgb = readonly [number, number, number];

const BACKGROUND: Rgb = [255, 255, 255];
const GRID: Rgb = [229, 231, 235];
const UP: Rgb = [21, 128, 61];
const DOWN: Rgb = [185, 28, 28];
const PAD = { left: 16, right: 16, top: 20, bottom: 20 };
const LINE_HALF_WIDTH = 1.6;
const DOT_RADIUS = 4.5;
/** opacity of the area under the line at its top and at the bottom of the plot */
const AREA_TOP = 0.22;
const AREA_BOTTOM = 0.03;

export interface ChartOptions {
  width?: number;
  height?: number;
}

/** Distance from (px, py) to the segment (ax, ay)-(bx, by). */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  const ex = px - (ax + t * dx);
  const ey = py - (ay + t * dy);
  // sqrt, not Math.hypot: this runs for every pixel near the line, and hypot is several times slower
  return Math.sqrt(ex * ex + ey * ey);
}

/** The chart of `values` (oldest first; at least two finite values, else undefined). */
export function priceChartPng(values: readonly number[], options: ChartOptions = {}): Buffer | undefined {
  const series = values.filter(Number.isFinite);
  const first = series[0];
  const last = series.at(-1);
  if (series.length < 2 || first === undefined || last === undefined) return undefined;
  const width = options.width ?? CHART_WIDTH;
  const height = options.height ?? CHART_HEIGHT;
  const colour = last >= first ? UP : DOWN;

  const min = Math.min(...series);
  const max = Math.max(...series);
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = height - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (index / (series.length - 1)) * plotWidth;
  // a flat series runs across the middle
  const y = (value: number) => (max > min ? PAD.top + ((max - value) / (max - min)) * plotHeight : height / 2);
  const points = series.map((value, index) => ({ x: x(index), y: y(value) }));

  const pixels = new Uint8Array(width * height * 3);
  /** blends a colour over the pixel (integers; the closure is hot: the area and the line pass every pixel) */
  const paint = (px: number, py: number, colour: Rgb, alpha: number) => {
    if (px < 0 || py < 0 || px >= width || py >= height || alpha <= 0) return;
    const at = (py * width + px) * 3;
    const a = Math.min(alpha, 1);
    pixels[at] = ((pixels[at] ?? 0) * (1 - a) + colour[0] * a + 0.5) | 0;
    pixels[at + 1] = ((pixels[at + 1] ?? 0) * (1 - a) + colour[1] * a + 0.5) | 0;
    pixels[at + 2] = ((pixels[at + 2] ?? 0) * (1 - a) + colour[2] * a + 0.5) | 0;
  };
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = BACKGROUND[0];
    pixels[i * 3 + 1] = BACKGROUND[1];
    pixels[i * 3 + 2] = BACKGROUND[2];
  }

  // the highest and the lowest close
  for (const level of max > min ? [PAD.top, PAD.top + plotHeight] : [height / 2]) {
    const row = Math.round(level);
    for (let px = PAD.left; px < width - PAD.right; px++) paint(px, row, GRID, 1);
  }

  // the area under the line, fading towards the bottom
  const bottom = PAD.top + plotHeight;
  for (let px = Math.ceil(PAD.left); px <= Math.floor(PAD.left + plotWidth); px++) {
    const position = ((px - PAD.left) / plotWidth) * (series.length - 1);
    const index = Math.min(series.length - 2, Math.floor(position));
    const a = points[index];
    const b = points[index + 1];
    if (!a || !b) continue;
    const lineY = a.y + (b.y - a.y) * (position - index);
    for (let py = Math.ceil(lineY); py <= bottom; py++) {
      const depth = bottom > lineY ? (py - lineY) / (bottom - lineY) : 1;
      paint(px, py, colour, AREA_TOP + (AREA_BOTTOM - AREA_TOP) * depth);
    }
  }

  // the line: each pixel near a segment takes the coverage of the nearest one (no darker joints)
  const coverage = new Float32Array(width * height);
  const reach = LINE_HALF_WIDTH + 1;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    if (!a || !b) continue;
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - reach));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - reach));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + reach));
    for (let py = y0; py <= y1; py++) {
      for (let px = x0; px <= x1; px++) {
        const distance = segmentDistance(px + 0.5, py + 0.5, a.x, a.y, b.x, b.y);
        const cover = Math.max(0, Math.min(1, LINE_HALF_WIDTH + 0.5 - distance));
        const at = py * width + px;
        if (cover > (coverage[at] ?? 0)) coverage[at] = cover;
      }
    }
  }
  // the last close as a dot
  const end = points.at(-1);
  if (end) {
    for (let py = Math.floor(end.y - DOT_RADIUS - 1); py <= Math.ceil(end.y + DOT_RADIUS + 1); py++) {
      for (let px = Math.floor(end.x - DOT_RADIUS - 1); px <= Math.ceil(end.x + DOT_RADIUS + 1); px++) {
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const ex = px + 0.5 - end.x;
        const ey = py + 0.5 - end.y;
        const cover = Math.max(0, Math.min(1, DOT_RADIUS + 0.5 - Math.sqrt(ex * ex + ey * ey)));
        const at = py * width + px;
        if (cover > (coverage[at] ?? 0)) coverage[at] = cover;
      }
    }
  }
  for (let at = 0; at < coverage.length; at++) {
    const cover = coverage[at] ?? 0;
    if (cover > 0) paint(at % width, Math.floor(at / width), colour, cover);
  }

  return encodePng({ width, height, pixels }, "flat");
}
