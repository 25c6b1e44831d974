import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ECB_REFERENCE_RATE, type FiatCurrency, type FxProvider, type FxQuote, usdQuote } from "./fx-rates.ts";

/** The shipped ECB reference rates (data/fx/ecb-daily.csv: date,eur_per_usd,cny_per_usd). */
export const SHIPPED_FX_FILE = fileURLToPath(new URL("../../../../data/fx/ecb-daily.csv", import.meta.url));

/**
 * The ECB publishes its reference rates around 16:00 CET on each business day; a rate is in force from then
 * (15:00 UTC; in summer time an hour after publication, never before it).
 */
const PUBLISHED_AT_UTC_MS = 15 * 3_600_000;
const DAY_MS = 86_400_000;

export interface EcbRow {
  /** the rate's day at 00:00 UTC, ms */
  day: number;
  date: string;
  EUR: number;
  CNY: number;
}

const HEADER = "date,eur_per_usd,cny_per_usd";

/** Reads the file; rows must be unique ascending business days with positive rates. */
export function parseEcbRates(text: string): EcbRow[] {
  const lines = text.trim().split(/\r?\n/);
  if (lines[0]?.trim() !== HEADER) throw new Error(`ecb-daily.csv: expected the header ${HEADER}`);
  const rows: EcbRow[] = [];
  for (const [index, line] of lines.slice(1).entries()) {
    const [date = "", eur = "", cny = ""] = line.split(",");
    const day = Date.parse(`${date}T00:00:00Z`);
    const EUR = Number(eur);
    const CNY = Number(cny);
    if (!/^\d{4}-\d\d-\d\d$/.test(date) || !Number.isFinite(day) || !(EUR > 0) || !(CNY > 0)) {
      throw new Error(`ecb-daily.csv line ${index + 2}: not a rate row: ${line}`);
    }
    const last = rows.at(-1);
    if (last && last.day >= day) throw new Error(`ecb-daily.csv line ${index + 2}: dates must ascend`);
    rows.push({ day, date, EUR, CNY });
  }
  return rows;
}

export interface EcbRates extends FxProvider {
  readonly kind: "archive";
  /** the first and last business day of the file, YYYY-MM-DD */
  readonly firstDate: string;
  readonly lastDate: string;
  /** whether `at` (ms) falls on a day from the file's first to its last, so its rates speak for that day */
  covers(at: number): boolean;
}

/** The embedded FX source: the ECB rate in force at a time, carried forward over weekends and holidays. */
export function createEcbRates(rows: readonly EcbRow[]): EcbRates {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) throw new Error("ecb-daily.csv: no rates");
  return {
    kind: "archive",
    firstDate: first.date,
    lastDate: last.date,
    covers: (at) => at >= first.day && at < last.day + DAY_MS,
    async rate(currency: FiatCurrency, at: number): Promise<FxQuote | undefined> {
      if (currency === "USD") return usdQuote(at);
      // the last row published by `at` (binary search over publication times)
      let lo = 0;
      let hi = rows.length - 1;
      let found = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const row = rows[mid];
        if (row && row.day + PUBLISHED_AT_UTC_MS <= at) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      const row = rows[found];
      if (!row) return undefined;
      const asked = Math.floor(at / DAY_MS) * DAY_MS;
      return {
        currency,
        perUsd: row[currency],
        date: row.date,
        source: ECB_REFERENCE_RATE,
        carriedForward: row.day < asked,
      };
    },
  };
}

export async function openEcbRates(file: string = SHIPPED_FX_FILE): Promise<EcbRates> {
  return createEcbRates(parseEcbRates(await readFile(file, "utf8")));
}
