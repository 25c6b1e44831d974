import type { Candle } from "./market-provider.ts";

/**
 * The shipped candle format (data/market/{daily,hourly}/<PAIR>.csv), written by scripts/data/build-market-data.ts:
 * open time in ms, then open, high, low, close, base volume and USDT volume as decimal text copied from the source
 * (an empty quote volume means the source did not record it). Rows ascend by open time, without duplicates.
 * CSV rather than JSON: a third of the size, one candle per line in diffs, and the formatter leaves it alone.
 */
export const CANDLE_CSV_HEADER = "t,o,h,l,c,v,qv";

const finite = (text: string | undefined, where: string): number => {
  const value = text === undefined || text === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new Error(`${where}: not a number: ${JSON.stringify(text)}`);
  return value;
};

/** Parses and checks a candle file; `name` only labels errors. */
export function parseCandleCsv(text: string, name: string): Candle[] {
  const lines = text.split("\n");
  if (lines[0]?.trim() !== CANDLE_CSV_HEADER) throw new Error(`${name}: expected the header ${CANDLE_CSV_HEADER}`);
  const candles: Candle[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    const where = `${name}:${i + 1}`;
    const [t, o, h, l, c, v, qv, ...rest] = line.split(",");
    if (rest.length > 0 || qv === undefined) throw new Error(`${where}: expected 7 fields`);
    const openTime = finite(t, where);
    if (openTime <= previous) throw new Error(`${where}: open times must ascend`);
    previous = openTime;
    candles.push({
      openTime,
      open: finite(o, where),
      high: finite(h, where),
      low: finite(l, where),
      close: finite(c, where),
      volume: finite(v, where),
      quoteVolume: qv === "" ? null : finite(qv, where),
    });
  }
  return candles;
}
