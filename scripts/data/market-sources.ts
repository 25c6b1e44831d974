import { type CandleRow, decimalText, sortUnique } from "./candle-rows.ts";
import { parseRecords } from "./delimited.ts";

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const integerMs = (text: string, where: string): number => {
  if (!/^\d{13}$/.test(text)) throw new Error(`${where}: not a millisecond timestamp: ${text}`);
  return Number(text);
};

/** Parses the records with the columns named, reads each into a candle (`where` names the record), sorts them by time. */
function readCandles<K extends string>(
  text: string,
  file: string,
  columns: readonly K[],
  candle: (record: Record<K, string>, where: string) => CandleRow,
): CandleRow[] {
  const records = parseRecords(text, columns);
  return sortUnique(
    records.map((r, i) => candle(r, `${file} record ${i + 1}`)),
    file,
  );
}

/** A record's open, high, low, close and volume, as plain decimals. */
const ohlcv = (r: Record<"open" | "high" | "low" | "close" | "volume", string>, where: string) => ({
  o: decimalText(r.open, where),
  h: decimalText(r.high, where),
  l: decimalText(r.low, where),
  c: decimalText(r.close, where),
  v: decimalText(r.volume, where),
});

/**
 * A universe daily file (date,open,high,low,close,volume,quote_volume): one UTC day per row, ascending, the
 * source's Binance spot candles with plain decimals.
 */
export function readUniverseDaily(text: string, file: string): CandleRow[] {
  const columns = ["date", "open", "high", "low", "close", "volume", "quote_volume"] as const;
  return readCandles(text, file, columns, (r, where) => {
    if (!/^\d{4}-\d\d-\d\d$/.test(r.date)) throw new Error(`${where}: not a date: ${r.date}`);
    const t = Date.parse(`${r.date}T00:00:00Z`);
    if (isoDate(t) !== r.date) throw new Error(`${where}: not a calendar date: ${r.date}`);
    return {
      t,
      ...ohlcv(r, where),
      qv: decimalText(r.quote_volume, where),
    };
  });
}

/** A full Binance kline export (open_time, ..., close_time, quote_volume, ...), ascending, `stepMs` apart. */
export function readBinanceKlines(text: string, stepMs: number, file: string): CandleRow[] {
  const columns = ["open_time", "open", "high", "low", "close", "volume", "close_time", "quote_volume"] as const;
  return readCandles(text, file, columns, (r, where) => {
    const t = integerMs(r.open_time, where);
    if (integerMs(r.close_time, where) !== t + stepMs - 1) throw new Error(`${where}: close_time is not one step on`);
    return {
      t,
      ...ohlcv(r, where),
      qv: decimalText(r.quote_volume, where),
    };
  });
}

const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)\+00:00$/;

/** An OHLCV export with UTC timestamps and no quote volume (timestamp,open,high,low,close,volume). */
export function readUtcOhlcv(text: string, file: string): CandleRow[] {
  const columns = ["timestamp", "open", "high", "low", "close", "volume"] as const;
  return readCandles(text, file, columns, (r, where) => {
    const match = UTC_TIMESTAMP.exec(r.timestamp);
    if (!match) throw new Error(`${where}: timestamp ${r.timestamp} is not UTC`);
    return {
      t: Date.parse(`${match[1]}T${match[2]}Z`),
      ...ohlcv(r, where),
      qv: "",
    };
  });
}
