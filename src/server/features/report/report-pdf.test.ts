import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { buildReport } from "./build-report.ts";
import { fixtureDeps } from "./report-fixtures.ts";
import { renderReportPdf } from "./report-pdf.ts";

const NOW = new Date("2026-01-02T03:04:05.000Z");

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  // the extractor may break a run of text anywhere: compare without whitespace
  return { text: text.replace(/\s+/g, ""), pages: totalPages };
}
const squeeze = (text: string) => text.replace(/\s+/g, "");

describe("renderReportPdf", () => {
  it("writes an English report's title, sources, sections, tables, forecast record and risks", async () => {
    const report = await buildReport(fixtureDeps({ maeRatio: 1.2 }).deps, "ALT", "en", NOW);
    const bytes = await renderReportPdf(report);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text } = await pdfText(bytes);
    for (const expected of [
      "Altcoin (ALT) research report",
      "Made 2026-01-02",
      "Market: Binance (replay)",
      "1. Overview",
      "Market-cap rank",
      "#150",
      "2. Price action",
      "90 days",
      "3. Volatility and drawdown",
      "4. Correlation with BTC",
      "5. News",
      "ALT network upgrade goes live",
      "ALT 主网升级上线",
      "6. Forecast",
      "Forecast record",
      "Backtest (unseen data)",
      "1.20",
      "7. Risks",
      "thin trading",
      "Not investment advice.",
    ]) {
      expect(text).toContain(squeeze(expected));
    }
  });

  it("writes a Chinese report in Chinese, with the font embedded", async () => {
    const report = await buildReport(fixtureDeps().deps, "ALT", "cn", NOW);
    const bytes = await renderReportPdf(report);
    const { text } = await pdfText(bytes);
    for (const expected of [
      "Altcoin（ALT）研究报告",
      "数据来源",
      "概览",
      "价格走势",
      "波动率与回撤",
      "与 BTC 的相关性",
      "新闻",
      "预测记录",
      "风险",
      "交易清淡",
      "不构成投资建议",
    ]) {
      expect(text).toContain(squeeze(expected));
    }
    // the font travels inside the file, cut down to the glyphs printed
    const raw = new TextDecoder("latin1").decode(bytes);
    expect(raw).toMatch(/\/FontFile3|\/FontFile2/);
    expect(bytes.length).toBeLessThan(200_000);
  });
});
