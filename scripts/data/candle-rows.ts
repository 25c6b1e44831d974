import { CANDLE_CSV_HEADER } from "../../src/server/providers/market/candle-csv.ts";

/** One candle as decimal text copied from a source, so the shipped numbers are the source's own digits. */
export interface CandleRow {
  /** open time, ms */
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  /** USDT volume; "" when the source has none */
  qv: string;
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** Source decimals lose only their padding ("67908.00000000" -> "67908"): the value is unchanged. */
export function decimalText(text: string | undefined, where: string): string {
  const trimmed = text?.trim() ?? "";
  if (!DECIMAL.test(trimmed)) throw new Error(`${where}: not a plain decimal: ${JSON.stringify(text)}`);
  return trimmed.includes(".") ? trimmed.replace(/0+$/, "").replace(/\.$/, "") : trimmed;
}

const EXACT_FIELDS = ["o", "h", "l", "c", "v"] as const;

/**
 * Prices and base volumes must be equal as numbers. The quote volume may differ in the last binary digit:
 * CryptoDataDownload prints it through floating point ("2499265962.0914555" where Binance says
 * "2499265962.09145500"), so it is compared to 1e-12 relative.
 */
const sameRow = (a: CandleRow, b: CandleRow) =>
  EXACT_FIELDS.every((field) => Number(a[field]) === Number(b[field])) &&
  (a.qv === b.qv || Math.abs(Number(a.qv) - Number(b.qv)) <= Math.abs(Number(a.qv)) * 1e-12);

/** Ascending by open time; an exact repeat is dropped, two different candles for one time are an error. */
export function sortUnique(rows: readonly CandleRow[], label: string): CandleRow[] {
  const sorted = [...rows].sort((a, b) => a.t - b.t);
  const out: CandleRow[] = [];
  for (const row of sorted) {
    const last = out.at(-1);
    if (last?.t !== row.t) out.push(row);
    else if (!sameRow(last, row))
      throw new Error(`${label}: two different candles at ${new Date(row.t).toISOString()}`);
  }
  return out;
}

/**
 * Fills `primary`'s missing times from `secondary`. Where both have a candle they must agree on every value
 * (numerically: the sources print the same doubles with different digits); `primary`'s text is kept.
 */
export function mergeCandles(
  primary: readonly CandleRow[],
  secondary: readonly CandleRow[],
  label: string,
): { rows: CandleRow[]; compared: number; added: CandleRow[] } {
  const byTime = new Map(primary.map((row) => [row.t, row]));
  let compared = 0;
  const added: CandleRow[] = [];
  for (const row of secondary) {
    const existing = byTime.get(row.t);
    if (!existing) {
      added.push(row);
      byTime.set(row.t, row);
      continue;
    }
    const comparable = existing.qv === "" || row.qv === "" ? { ...row, qv: existing.qv } : row;
    if (!sameRow(existing, comparable)) {
      throw new Error(`${label}: the sources disagree at ${new Date(row.t).toISOString()}`);
    }
    compared++;
  }
  return { rows: sortUnique([...byTime.values()], label), compared, added };
}

/** Holes in a series: pairs of consecutive candles further apart than one step. */
export function findGaps(rows: readonly CandleRow[], stepMs: number): { after: number; before: number }[] {
  const gaps: { after: number; before: number }[] = [];
  for (let i = 1; i < rows.length; i++) {
    const previous = rows[i - 1];
    const row = rows[i];
    if (previous && row && row.t - previous.t !== stepMs) gaps.push({ after: previous.t, before: row.t });
  }
  return gaps;
}

export function formatCandleCsv(rows: readonly CandleRow[]): string {
  const lines = rows.map((row) => [row.t, row.o, row.h, row.l, row.c, row.v, row.qv].join(","));
  return `${[CANDLE_CSV_HEADER, ...lines].join("\n")}\n`;
}
