import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import type { Report, ReportFigure } from "../../../contract/report.ts";
import { amount, dateTime, day, NO_VALUE, percent, price, ratio, share, signedPercent } from "./report-format.ts";
import { type ReportLabels, reportLabels } from "./report-labels.ts";

/**
 * The research report as a PDF (A4), drawn with pdfkit. One font for every language: Noto Sans SC cut down to Latin
 * and GB2312 (data/fonts, 1.5 MB), which pdfkit subsets again into each PDF, so a report embeds only the glyphs it
 * prints and renders the same on any machine.
 */

export const REPORT_FONT_FILE = fileURLToPath(
  new URL("../../../../data/fonts/NotoSansSC-Regular-GB2312.otf", import.meta.url),
);
const FONT = "report";

const MARGIN = 48;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN;
const INK = "#1f2328";
const MUTED = "#59636e";
const RULE = "#d0d7de";
const ACCENT = "#0b5cad";

let fontBytes: Promise<Buffer> | undefined;
/** Read once; a failed read is tried again by the next report. */
function reportFont(): Promise<Buffer> {
  fontBytes ??= readFile(REPORT_FONT_FILE).catch((error: unknown) => {
    fontBytes = undefined;
    throw error;
  });
  return fontBytes;
}

type Doc = PDFKit.PDFDocument;

/** Starts a new page when the next `height` points would run past the bottom margin. */
function room(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function heading(doc: Doc, text: string): void {
  room(doc, 60);
  doc.moveDown(0.8);
  doc.fontSize(13).fillColor(ACCENT).text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 6;
  doc.fillColor(INK);
}

function note(doc: Doc, text: string): void {
  room(doc, 16);
  doc.fontSize(8.5).fillColor(MUTED).text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor(INK);
}

/**
 * A table: the first row is its header. `widths` are shares of the content width. Each row is as tall as its
 * tallest cell, and a row that does not fit starts a new page.
 */
function table(doc: Doc, rows: readonly (readonly string[])[], widths: readonly number[]): void {
  const columns = widths.map((w) => w * CONTENT_WIDTH);
  const padding = 3;
  // a header never ends a page alone: it starts where its first row fits too
  room(doc, 48);
  rows.forEach((row, index) => {
    const header = index === 0;
    doc.fontSize(header ? 8.5 : 9.5);
    const heights = row.map((cell, i) => doc.heightOfString(cell, { width: (columns[i] ?? 0) - 2 * padding }));
    const height = Math.max(...heights) + 2 * padding;
    room(doc, height);
    const top = doc.y;
    let x = MARGIN;
    row.forEach((cell, i) => {
      const width = columns[i] ?? 0;
      doc
        .fillColor(header ? MUTED : INK)
        .text(cell, x + padding, top + padding, { width: width - 2 * padding, lineBreak: true });
      x += width;
    });
    const bottom = top + height;
    doc
      .moveTo(MARGIN, bottom)
      .lineTo(MARGIN + CONTENT_WIDTH, bottom)
      .lineWidth(header ? 0.75 : 0.25)
      .strokeColor(RULE)
      .stroke();
    doc.x = MARGIN;
    doc.y = bottom;
  });
  doc.fillColor(INK);
}

const figureTime = (figure: ReportFigure) => dateTime(figure.at);

function overview(doc: Doc, report: Report, l: ReportLabels): void {
  const o = report.overview;
  heading(doc, `1. ${l.overview}`);
  table(
    doc,
    [
      ["", "", l.figureAt],
      [l.price, price(o.price.value), figureTime(o.price)],
      [l.change24h, signedPercent(o.change24h.value), figureTime(o.change24h)],
      [l.change7d, signedPercent(o.change7d.value), figureTime(o.change7d)],
      [l.marketCap, amount(o.marketCap.value), figureTime(o.marketCap)],
      [l.volume24h, amount(o.volume24h.value), figureTime(o.volume24h)],
      [l.rank, o.rank.value === null ? NO_VALUE : `#${o.rank.value}`, figureTime(o.rank)],
      [l.categories, o.categories.length > 0 ? o.categories.join(", ") : NO_VALUE, ""],
      [l.sector, o.sector ?? NO_VALUE, ""],
    ],
    [0.4, 0.3, 0.3],
  );
}

function priceAction(doc: Doc, report: Report, l: ReportLabels): void {
  heading(doc, `2. ${l.priceAction}`);
  const rows = report.returns.map((r) => [l.days(r.days), signedPercent(r.change.value), day(r.from)]);
  table(doc, [[l.period, l.change, l.since], ...rows], [0.3, 0.3, 0.4]);
  const first = report.returns[0];
  if (first) note(doc, `${l.figureAt} ${figureTime(first.change)}`);
}

function volatility(doc: Doc, report: Report, l: ReportLabels): void {
  const v = report.volatility;
  heading(doc, `3. ${l.volatility}`);
  const rows: string[][] = [
    ["", "", l.figureAt],
    [l.volatility30d, percent(v.volatility30d.value), figureTime(v.volatility30d)],
  ];
  if (v.btcVolatility30d) {
    rows.push([l.btcVolatility30d, percent(v.btcVolatility30d.value), figureTime(v.btcVolatility30d)]);
  }
  rows.push([l.maxDrawdown90d, signedPercent(v.maxDrawdown90d.value), figureTime(v.maxDrawdown90d)]);
  if (v.drawdownPeak && v.drawdownTrough) {
    rows.push([
      l.drawdownSpan,
      `${price(v.drawdownPeak.close)} → ${price(v.drawdownTrough.close)}`,
      `${day(v.drawdownPeak.time)} → ${day(v.drawdownTrough.time)}`,
    ]);
  }
  table(doc, rows, [0.4, 0.3, 0.3]);
}

function correlation(doc: Doc, report: Report, l: ReportLabels): void {
  heading(doc, `4. ${l.correlation}`);
  const c = report.correlation.withBtc90d;
  if (!c) {
    note(doc, l.benchmarkItself);
    return;
  }
  table(
    doc,
    [
      ["", "", l.figureAt],
      [l.correlationWithBtc, ratio(c.value), figureTime(c)],
      [l.observations, String(report.correlation.observations), ""],
    ],
    [0.4, 0.3, 0.3],
  );
}

function news(doc: Doc, report: Report, l: ReportLabels): void {
  heading(doc, `5. ${l.news}`);
  note(doc, l.newsWindow(day(report.news.from), day(report.news.to)));
  if (report.news.items.length === 0) {
    note(doc, l.noNews);
    return;
  }
  const rows = report.news.items.map((item) => [day(item.publishedAt), item.outlet, item.title]);
  table(doc, [[l.date, l.outlet, l.headline], ...rows], [0.16, 0.2, 0.64]);
}

function forecast(doc: Doc, report: Report, l: ReportLabels): void {
  heading(doc, `6. ${l.forecast}`);
  const f = report.forecast;
  if (!f.available) {
    note(doc, l.forecastNone);
    return;
  }
  note(doc, l.model(f.model.name, f.model.version, f.model.beatsNaive));
  doc.moveDown(0.3);
  const steps = f.steps.map((s) => [day(s.time), price(s.forecast), `${price(s.lo80)} – ${price(s.hi80)}`]);
  table(
    doc,
    [[l.date, l.forecastValue, l.band80], [day(f.origin.time), price(f.origin.close), l.lastClose], ...steps],
    [0.3, 0.3, 0.4],
  );
  room(doc, 120);
  doc.moveDown(0.6);
  doc.fontSize(10.5).fillColor(INK).text(l.record, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.2);
  const b = f.backtest;
  const live = f.live;
  table(
    doc,
    [
      ["", l.backtest, l.live],
      [l.period, `${day(b.from)} → ${day(b.to)}`, ""],
      [l.origins, String(b.origins), `${l.judged} ${live.judged}`],
      [l.maeRatio, ratio(b.maeRatio), ratio(live.maeRatio)],
      [
        l.directionAccuracy,
        `${share(b.directionAccuracy)} (${b.directionCalls})`,
        `${share(live.winRate)} (${live.calls})`,
      ],
      [l.coverage80, share(b.coverage80), share(live.coverage80)],
    ],
    [0.4, 0.3, 0.3],
  );
}

function risks(doc: Doc, report: Report, l: ReportLabels): void {
  heading(doc, `7. ${l.risks}`);
  doc.fontSize(9.5).fillColor(INK);
  for (const risk of report.risks) {
    room(doc, 28);
    doc.text(`•  ${risk.text}`, MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
  }
}

/** The report as PDF bytes, in the report's own language. */
export async function renderReportPdf(report: Report): Promise<Uint8Array> {
  const l = reportLabels[report.language];
  const font = await reportFont();
  const title = l.title(report.coinName, report.coinAbbr);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: title, Author: "MountainLion", CreationDate: new Date(report.createdAt) },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  doc.registerFont(FONT, font);
  doc.font(FONT);

  doc.fontSize(20).fillColor(INK).text(title, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  doc.moveDown(0.2);
  note(doc, l.made(day(report.createdAt), dateTime(report.marketAt)));
  note(doc, `${l.sources}: ${report.sources.map((s) => `${l.source(s)} (${dateTime(s.at)})`).join(" · ")}`);
  if (report.sources.some((s) => s.mode === "replay")) note(doc, l.replayNote);

  overview(doc, report, l);
  priceAction(doc, report, l);
  volatility(doc, report, l);
  correlation(doc, report, l);
  news(doc, report, l);
  forecast(doc, report, l);
  risks(doc, report, l);
  doc.moveDown(1);
  note(doc, l.footer);
  doc.end();
  return finished;
}
