import type { CandleData, KlineInterval } from "../../../../contract/market.ts";
import { escapeHtml } from "../../../escape-html.ts";
import { INTERVAL_MS } from "../../../providers/market/market-provider.ts";

/**
 * The chat's figures as SVG text, built on the server with no dependency: a closing-price line over a light area
 * for one coin, or two coins' closes normalised to 100 at the start. Every piece of text is XML-escaped.
 *
 * The x axis is time, from the open of the first candle to the close of the last: the line starts at the first
 * candle's open and then passes through each candle's close at its close time, so n candles draw n + 1 points (gaps
 * in the data stay gaps in time). The y axis spans the values drawn; its labels give the highest, the middle and the
 * lowest value. The caption names the symbol, the interval, the close of the last candle ("as of … UTC") and the
 * source. Colours are explicit (dark text on a white card), so the figure reads the same on a light or a dark page.
 */

export const FIGURE_WIDTH = 640;
export const FIGURE_HEIGHT = 320;

const PLOT = { left: 16, right: FIGURE_WIDTH - 84, top: 52, bottom: FIGURE_HEIGHT - 64 };
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";
const COLORS = {
  card: "#ffffff",
  border: "#d1d5db",
  text: "#111827",
  muted: "#4b5563",
  grid: "#e5e7eb",
  up: "#15803d",
  down: "#b91c1c",
  lines: ["#2563eb", "#c2410c"],
} as const;

/** Text (or an attribute value) safe inside SVG: the five XML specials escaped, control characters dropped. */
export function escapeXml(text: string): string {
  // control characters other than tab and line breaks (XML 1.0 does not allow most of them)
  return escapeHtml(text.replace(/[^\P{Cc}\t\n\r]/gu, ""));
}

const GROUPED = (digits: Intl.NumberFormatOptions) => new Intl.NumberFormat("en-US", digits);
const LARGE = GROUPED({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const UNIT = GROUPED({ minimumFractionDigits: 2, maximumFractionDigits: 4 });
const SMALL = GROUPED({ maximumSignificantDigits: 6 });
const INDEX = GROUPED({ minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A price as the answers write it: cents from 1000, up to four decimals from 1, else six significant digits. */
export function priceLabel(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1000) return LARGE.format(value);
  if (abs >= 1) return UNIT.format(value);
  return SMALL.format(value);
}

/** "2026-03-01 12:00 UTC"; the date alone for daily candles. */
export function timeLabel(ms: number, interval: KlineInterval): string {
  const iso = new Date(ms).toISOString();
  return interval === "1d" ? `${iso.slice(0, 10)} UTC` : `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/** "2026-03-01 12:00 UTC", always to the minute: the time a figure is as of. */
export const asOfLabel = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** a generous width of one character of the legend (13 px, bold) */
const LEGEND_CHAR = 8.4;
const percentLabel = (value: number) => `${value > 0 ? "+" : ""}${value.toFixed(2)}%`;
const round = (value: number) => Math.round(value * 10) / 10;

interface Point {
  time: number;
  value: number;
}

/** The points a run of candles draws: the first open at the first open time, then every close at its close time. */
export function closingPoints(candles: readonly CandleData[], intervalMs: number): Point[] {
  const first = candles[0];
  if (!first) return [];
  return [
    { time: first.time, value: first.open },
    ...candles.map((c) => ({ time: c.time + intervalMs, value: c.close })),
  ];
}

interface Frame {
  x(time: number): number;
  y(value: number): number;
  min: number;
  max: number;
}

function frame(series: readonly (readonly Point[])[]): Frame {
  const all = series.flat();
  const start = Math.min(...all.map((p) => p.time));
  const end = Math.max(...all.map((p) => p.time));
  const min = Math.min(...all.map((p) => p.value));
  const max = Math.max(...all.map((p) => p.value));
  // a flat series is drawn across the middle; otherwise 8% of the range is left above and below
  const pad = max > min ? (max - min) * 0.08 : Math.abs(max) * 0.01 || 1;
  const low = min - pad;
  const high = max + pad;
  const width = PLOT.right - PLOT.left;
  const height = PLOT.bottom - PLOT.top;
  return {
    x: (time) => round(end > start ? PLOT.left + ((time - start) / (end - start)) * width : PLOT.left + width / 2),
    y: (value) => round(PLOT.bottom - ((value - low) / (high - low)) * height),
    min,
    max,
  };
}

const text = (x: number, y: number, content: string, attrs = "") =>
  `<text x="${x}" y="${y}"${attrs ? ` ${attrs}` : ""}>${escapeXml(content)}</text>`;

function card(label: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${FIGURE_WIDTH}" height="${FIGURE_HEIGHT}" viewBox="0 0 ${FIGURE_WIDTH} ${FIGURE_HEIGHT}" role="img" aria-label="${escapeXml(label)}" font-family="${FONT}">`,
    `<title>${escapeXml(label)}</title>`,
    `<rect x="0.5" y="0.5" width="${FIGURE_WIDTH - 1}" height="${FIGURE_HEIGHT - 1}" rx="10" fill="${COLORS.card}" stroke="${COLORS.border}"/>`,
    ...body,
    "</svg>",
  ].join("");
}

/** The y axis: grid lines and labels at the highest, middle and lowest value. */
function yAxis(f: Frame, label: (value: number) => string): string[] {
  const values = f.max > f.min ? [f.max, (f.max + f.min) / 2, f.min] : [f.max];
  return values.flatMap((value) => {
    const y = f.y(value);
    return [
      `<line x1="${PLOT.left}" y1="${y}" x2="${PLOT.right}" y2="${y}" stroke="${COLORS.grid}" stroke-width="1"/>`,
      text(PLOT.right + 8, y, label(value), `dy="0.35em" font-size="11" fill="${COLORS.muted}"`),
    ];
  });
}

/** The x axis: the first and the last time, under the plot's two ends. */
function xAxis(start: number, end: number, interval: KlineInterval): string[] {
  const y = PLOT.bottom + 18;
  return [
    `<line x1="${PLOT.left}" y1="${PLOT.bottom}" x2="${PLOT.right}" y2="${PLOT.bottom}" stroke="${COLORS.border}" stroke-width="1"/>`,
    text(PLOT.left, y, timeLabel(start, interval), `font-size="11" fill="${COLORS.muted}"`),
    text(PLOT.right, y, timeLabel(end, interval), `text-anchor="end" font-size="11" fill="${COLORS.muted}"`),
  ];
}

const caption = (content: string) =>
  text(PLOT.left, FIGURE_HEIGHT - 16, content, `font-size="12" fill="${COLORS.muted}"`);

const title = (content: string) =>
  text(PLOT.left, 30, content, `font-size="15" font-weight="600" fill="${COLORS.text}"`);

const polyline = (points: readonly Point[], f: Frame, color: string) =>
  `<polyline points="${points.map((p) => `${f.x(p.time)},${f.y(p.value)}`).join(" ")}" fill="none" stroke="${color}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>`;

function noData(label: string, heading: string, message: string, footer: string): string {
  return card(label, [
    title(heading),
    text(FIGURE_WIDTH / 2, FIGURE_HEIGHT / 2, message, `text-anchor="middle" font-size="14" fill="${COLORS.muted}"`),
    caption(footer),
  ]);
}

export interface PriceChartInput {
  symbol: string;
  interval: KlineInterval;
  /** completed candles, ascending */
  candles: readonly CandleData[];
  /** the source's name, e.g. "Binance (replay)" */
  source: string;
}

/** One coin's closing prices (USDT) as a line over a light area. */
export function priceChartSvg(input: PriceChartInput): string {
  const { symbol, interval, candles, source } = input;
  const intervalMs = INTERVAL_MS[interval];
  const points = closingPoints(candles, intervalMs);
  const heading = `${symbol} · ${interval} · closing price (USDT)`;
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) {
    return noData(
      `${symbol} ${interval} closing prices: no candles`,
      heading,
      `No ${interval} candles for ${symbol}`,
      `Source: ${source}`,
    );
  }
  const f = frame([points]);
  const change = first.value === 0 ? 0 : (last.value / first.value - 1) * 100;
  const color = COLORS.lines[0];
  const area = [
    `${f.x(first.time)},${PLOT.bottom}`,
    ...points.map((p) => `${f.x(p.time)},${f.y(p.value)}`),
    `${f.x(last.time)},${PLOT.bottom}`,
  ].join(" ");
  const label = `${symbol} ${interval} closing prices, ${timeLabel(first.time, interval)} to ${timeLabel(last.time, interval)}: ${priceLabel(first.value)} to ${priceLabel(last.value)} USDT (${percentLabel(change)})`;
  return card(label, [
    title(heading),
    text(
      FIGURE_WIDTH - 16,
      30,
      percentLabel(change),
      `text-anchor="end" font-size="15" font-weight="600" fill="${change >= 0 ? COLORS.up : COLORS.down}"`,
    ),
    ...yAxis(f, priceLabel),
    `<polygon points="${area}" fill="${color}" fill-opacity="0.12" stroke="none"/>`,
    polyline(points, f, color),
    `<circle cx="${f.x(last.time)}" cy="${f.y(last.value)}" r="3" fill="${color}"/>`,
    ...xAxis(first.time, last.time, interval),
    caption(`${symbol} ${interval} · as of ${asOfLabel(last.time)} · Source: ${source}`),
  ]);
}

export interface CompareChartInput {
  a: { symbol: string; candles: readonly CandleData[] };
  b: { symbol: string; candles: readonly CandleData[] };
  interval: KlineInterval;
  source: string;
}

/** The candles of both coins at the open times they share, ascending. */
export function sharedCandles(
  a: readonly CandleData[],
  b: readonly CandleData[],
): { a: CandleData[]; b: CandleData[] } {
  const byTime = new Map(b.map((c) => [c.time, c]));
  const left: CandleData[] = [];
  const right: CandleData[] = [];
  for (const candle of a) {
    const other = byTime.get(candle.time);
    if (!other) continue;
    left.push(candle);
    right.push(other);
  }
  return { a: left, b: right };
}

/** Points normalised so the first (the first candle's open) is 100. */
const normalised = (points: readonly Point[]): Point[] => {
  const base = points[0]?.value ?? 0;
  return base === 0 ? [] : points.map((p) => ({ time: p.time, value: (p.value / base) * 100 }));
};

/** Two coins' closes, each normalised to 100 at the first shared candle's open, on their shared candles. */
export function compareChartSvg(input: CompareChartInput): string {
  const { interval, source } = input;
  const intervalMs = INTERVAL_MS[interval];
  const shared = sharedCandles(input.a.candles, input.b.candles);
  const series = [
    { symbol: input.a.symbol, points: normalised(closingPoints(shared.a, intervalMs)) },
    { symbol: input.b.symbol, points: normalised(closingPoints(shared.b, intervalMs)) },
  ];
  const names = `${input.a.symbol} and ${input.b.symbol}`;
  const heading = `${input.a.symbol} vs ${input.b.symbol} · ${interval} · close, start = 100`;
  const [left, right] = series;
  const first = left?.points[0];
  const last = left?.points.at(-1);
  if (!left || !right || !first || !last || right.points.length === 0) {
    return noData(
      `${names} ${interval} closing prices: no shared candles`,
      heading,
      `No shared ${interval} candles for ${names}`,
      `Source: ${source}`,
    );
  }
  const f = frame(series.map((s) => s.points));
  const body = [title(heading), ...yAxis(f, (value) => INDEX.format(value))];
  const baseline = f.y(100);
  body.push(
    `<line x1="${PLOT.left}" y1="${baseline}" x2="${PLOT.right}" y2="${baseline}" stroke="${COLORS.muted}" stroke-width="1" stroke-dasharray="4 4"/>`,
  );
  // the legend from the right edge: a swatch, then the symbol and its change (widths estimated generously)
  const legend: string[] = [];
  let legendRight = FIGURE_WIDTH - 16;
  series
    .map((s, index) => ({ ...s, color: COLORS.lines[index] ?? COLORS.text }))
    .reverse()
    .forEach((s) => {
      const entry = `${s.symbol} ${percentLabel((s.points.at(-1)?.value ?? 100) - 100)}`;
      const start = legendRight - entry.length * LEGEND_CHAR - 14;
      legend.push(`<rect x="${round(start)}" y="21" width="10" height="10" rx="2" fill="${s.color}"/>`);
      legend.push(text(round(start + 14), 30, entry, `font-size="13" font-weight="600" fill="${s.color}"`));
      legendRight = start - 16;
    });
  series.forEach((s, index) => {
    body.push(polyline(s.points, f, COLORS.lines[index] ?? COLORS.text));
  });
  const label = `${names} ${interval} closing prices normalised to 100, ${timeLabel(first.time, interval)} to ${timeLabel(last.time, interval)}: ${series.map((s) => `${s.symbol} ${percentLabel((s.points.at(-1)?.value ?? 100) - 100)}`).join(", ")}`;
  return card(label, [
    ...body,
    ...legend,
    ...xAxis(first.time, last.time, interval),
    caption(`${names} ${interval} · as of ${asOfLabel(last.time)} · Source: ${source}`),
  ]);
}
