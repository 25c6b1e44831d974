/**
 * How MountainLion writes figures. Every figure is the tool's, written with the spec §5 formatters the app and the
 * bot use (src/contract): prices with up to four decimals, trailing zeros trimmed and subscript zeros for tiny ones
 * ("66,468.03", "0.0₄123"); large amounts in M and B ("1,315.53B"); changes with two decimals and a sign; times in
 * UTC, to the minute.
 */

import { amountText } from "../../../../contract/number-format.ts";
import { priceText } from "../../../../contract/price-format.ts";

export type AnswerLanguage = "en" | "zh";

/** A price as spec §5 writes it everywhere (src/contract/price-format.ts). */
export const formatPrice = (value: number): string => priceText(value);

/** "+4.11%", "-2.57%", "0.00%"; the words for "no data" when null. */
export function formatPercent(value: number | null, language: AnswerLanguage): string {
  if (value === null) return language === "zh" ? "无数据" : "n/a";
  return `${value > 0 ? "+" : ""}${value.toFixed(2)}%`;
}

/** A difference of two percentages: "+0.91 pp" / "+0.91 个百分点". */
export function formatPoints(value: number, language: AnswerLanguage): string {
  const number = `${value > 0 ? "+" : ""}${value.toFixed(2)}`;
  return language === "zh" ? `${number} 个百分点` : `${number} pp`;
}

/** Large USDT amounts as spec §5 writes them everywhere (src/contract/number-format.ts): "1,315.53B", "4.56M". */
export function formatAmount(value: number | null, language: AnswerLanguage): string {
  if (value === null) return language === "zh" ? "无数据" : "n/a";
  return amountText(value);
}

/** "2026-03-01 12:30 UTC" */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "2026-03-01" */
export const formatDate = (iso: string) => iso.slice(0, 10);

/** "12:00" */
export const formatClock = (iso: string) => formatTime(iso).slice(11, 16);

/** Text safe inside a GFM table cell or link text: no pipes, brackets or line breaks that would break the table. */
export function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/\\/g, "\\\\")
    .replace(/([|[\]*_`<>])/g, "\\$1")
    .trim();
}

/** A GFM table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
