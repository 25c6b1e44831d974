/**
 * The report's figures from daily candles, as plain functions of the candles so each can be checked by hand.
 * Candles are ascending by open time; a return is taken only between two candles exactly one day apart, so a gap
 * in the data is never bridged into one long "daily" move.
 */

export const DAY_MS = 86_400_000;
/** Crypto trades every day of the year: daily volatility is annualised over 365 days. */
export const DAYS_PER_YEAR = 365;
/** Fewer daily returns than this and volatility or correlation is not given (too few to mean anything). */
export const MIN_RETURNS = 20;

export interface DailyClose {
  /** open time, ms */
  time: number;
  close: number;
}

/** The percent change from the close `days` before the last candle to the last close; null without that candle. */
export function periodReturn(
  candles: readonly DailyClose[],
  days: number,
): { percent: number; from: DailyClose; to: DailyClose } | null {
  const last = candles.at(-1);
  if (!last) return null;
  const from = candles.find((candle) => candle.time === last.time - days * DAY_MS);
  if (!from || from.close <= 0) return null;
  return { percent: (last.close / from.close - 1) * 100, from, to: last };
}

/** Daily log returns keyed by the open time of the later candle, between candles one day apart. */
export function dailyLogReturns(candles: readonly DailyClose[]): Map<number, number> {
  const returns = new Map<number, number>();
  for (let i = 1; i < candles.length; i += 1) {
    const before = candles[i - 1];
    const after = candles[i];
    if (!before || !after || after.time - before.time !== DAY_MS) continue;
    if (before.close <= 0 || after.close <= 0) continue;
    returns.set(after.time, Math.log(after.close / before.close));
  }
  return returns;
}

/** The candles of the last `days` days up to the last candle (days + 1 closes, for `days` returns). */
export function lastDays(candles: readonly DailyClose[], days: number): DailyClose[] {
  const last = candles.at(-1);
  if (!last) return [];
  return candles.filter((candle) => candle.time >= last.time - days * DAY_MS);
}

function sampleStandardDeviation(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const squares = values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * Annualised volatility in percent: the sample standard deviation of the daily log returns of the last `days`
 * days × √365 × 100. Null with fewer than MIN_RETURNS returns.
 */
export function annualisedVolatility(candles: readonly DailyClose[], days: number): number | null {
  const returns = [...dailyLogReturns(lastDays(candles, days)).values()];
  if (returns.length < MIN_RETURNS) return null;
  return sampleStandardDeviation(returns) * Math.sqrt(DAYS_PER_YEAR) * 100;
}

export interface Drawdown {
  /** percent, 0 or below */
  percent: number;
  peak: DailyClose;
  trough: DailyClose;
}

/**
 * The largest fall, in percent, from a daily close to any later close within the last `days` days (closes, not
 * intraday lows). 0 with no fall (peak and trough then both the first close); null with fewer than two closes.
 */
export function maxDrawdown(candles: readonly DailyClose[], days: number): Drawdown | null {
  const window = lastDays(candles, days);
  const first = window[0];
  if (!first || window.length < 2) return null;
  let peak = first;
  let worst: Drawdown = { percent: 0, peak: first, trough: first };
  for (const candle of window) {
    if (candle.close > peak.close) peak = candle;
    const fall = (candle.close / peak.close - 1) * 100;
    if (fall < worst.percent) worst = { percent: fall, peak, trough: candle };
  }
  return worst;
}

/**
 * Pearson correlation of the two coins' daily log returns over the last `days` days, on the days both have a
 * return. Null with fewer than MIN_RETURNS such days, or when either series does not move at all.
 */
export function returnCorrelation(
  a: readonly DailyClose[],
  b: readonly DailyClose[],
  days: number,
): { value: number | null; observations: number } {
  const returnsA = dailyLogReturns(lastDays(a, days));
  const returnsB = dailyLogReturns(lastDays(b, days));
  const pairs: [number, number][] = [];
  for (const [time, x] of returnsA) {
    const y = returnsB.get(time);
    if (y !== undefined) pairs.push([x, y]);
  }
  if (pairs.length < MIN_RETURNS) return { value: null, observations: pairs.length };
  const meanX = pairs.reduce((sum, [x]) => sum + x, 0) / pairs.length;
  const meanY = pairs.reduce((sum, [, y]) => sum + y, 0) / pairs.length;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (const [x, y] of pairs) {
    covariance += (x - meanX) * (y - meanY);
    varianceX += (x - meanX) ** 2;
    varianceY += (y - meanY) ** 2;
  }
  if (varianceX === 0 || varianceY === 0) return { value: null, observations: pairs.length };
  return { value: covariance / Math.sqrt(varianceX * varianceY), observations: pairs.length };
}
