import { type CandleRow, decimalText, sortUnique } from "./candle-rows.ts";
import { parseRecords } from "./delimited.ts";

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const integerMs = (text: string, where: string): number => {
  if (!/^\d{13}$/.test(text)) throw new Error(`${where}: not a millisecond timestamp: ${text}`);
  return Number(text);
};

/**
 * A CryptoDataDownload daily export (Binance_<BASE>USDT_d.csv): line 1 is a URL, line 2 the header,
 * rows newest first. Each row must name the pair and carry a Date that matches its Unix time.
 */
export function readCryptoDataDownloadDaily(text: string, base: string, file: string): CandleRow[] {
  const volume: `Volume ${string}` = `Volume ${base}`;
  const records = parseRecords(
    text,
    ["Unix", "Date", "Symbol", "Open", "High", "Low", "Close", volume, "Volume USDT"],
    { skipLines: 1 },
  );
  const rows = records.map((r, i): CandleRow => {
    const where = `${file} record ${i + 1}`;
    const t = integerMs(r.Unix, where);
    if (r.Symbol !== `${base}USDT`) throw new Error(`${where}: symbol ${r.Symbol}`);
    if (r.Date !== isoDate(t)) throw new Error(`${where}: date ${r.Date} does not match ${t}`);
    return {
      t,
      o: decimalText(r.Open, where),
      h: decimalText(r.High, where),
      l: decimalText(r.Low, where),
      c: decimalText(r.Close, where),
      v: decimalText(r[volume], where),
      qv: decimalText(r["Volume USDT"], where),
    };
  });
  return sortUnique(rows, file);
}

/** A full Binance kline export (open_time, ..., close_time, quote_volume, ...), ascending, `stepMs` apart. */
export function readBinanceKlines(text: string, stepMs: number, file: string): CandleRow[] {
  const records = parseRecords(text, [
    "open_time",
    "open",
    "high",
    "low",
    "close",
    "volume",
    "close_time",
    "quote_volume",
  ]);
  const rows = records.map((r, i): CandleRow => {
    const where = `${file} record ${i + 1}`;
    const t = integerMs(r.open_time, where);
    if (integerMs(r.close_time, where) !== t + stepMs - 1) throw new Error(`${where}: close_time is not one step on`);
    return {
      t,
      o: decimalText(r.open, where),
      h: decimalText(r.high, where),
      l: decimalText(r.low, where),
      c: decimalText(r.close, where),
      v: decimalText(r.volume, where),
      qv: decimalText(r.quote_volume, where),
    };
  });
  return sortUnique(rows, file);
}

const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)\+00:00$/;

/** An OHLCV export with UTC timestamps and no quote volume (timestamp,open,high,low,close,volume). */
export function readUtcOhlcv(text: string, file: string): CandleRow[] {
  const records = parseRecords(text, ["timestamp", "open", "high", "low", "close", "volume"]);
  const rows = records.map((r, i): CandleRow => {
    const where = `${file} record ${i + 1}`;
    const match = UTC_TIMESTAMP.exec(r.timestamp);
    if (!match) throw new Error(`${where}: timestamp ${r.timestamp} is not UTC`);
    return {
      t: Date.parse(`${match[1]}T${match[2]}Z`),
      o: decimalText(r.open, where),
      h: decimalText(r.high, where),
      l: decimalText(r.low, where),
      c: decimalText(r.close, where),
      v: decimalText(r.volume, where),
      qv: "",
    };
  });
  return sortUnique(rows, file);
}
