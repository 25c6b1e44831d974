import { DAY_MS, SCORE_LOOKBACK_DAYS, WINDOWS } from "./score-weights.ts";

/** What the score reads of a daily candle. */
export interface DailyBar {
  /** open time, ms; the candle is complete one day later */
  openTime: number;
  close: number;
  /** the day's volume in the coin itself */
  volume: number;
}

/** A coin's raw figures from its daily candles; null where the candles are too few. */
export interface PriceFigures {
  /** the last close against the mean of the last 50 closes, % */
  trend: number | null;
  /** the standard deviation of the last 30 daily log returns, annualised (×√365), % */
  volatility: number | null;
  /** the largest fall from a running high over the last 90 days of closes, % (0 when none) */
  drawdown: number | null;
  /**
   * the median daily USDT turnover of the last 30 days, each day's volume at its close: the market's candles carry
   * the base volume only, and the score must read the same figure live as in the backtest
   */
  liquidity: number | null;
  /** the return over the last 30 days, % */
  return30: number | null;
}

/** A coin whose last candle is older than this is not priced at that time (it left the market or the data). */
const STALE_AFTER_DAYS = 3;

/** The index of the first candle opening after `time` (candles ascend by open time). */
export function upperBound(bars: readonly DailyBar[], time: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid]?.openTime ?? Number.POSITIVE_INFINITY) <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The candles complete at `at` (open time at most one day before it), the most recent SCORE_LOOKBACK_DAYS of them:
 * whatever else the series holds, nothing later is read. Empty when the coin's last complete candle is stale.
 */
export function barsAt(bars: readonly DailyBar[], at: number): readonly DailyBar[] {
  const end = upperBound(bars, at - DAY_MS);
  const last = bars[end - 1];
  if (!last || last.openTime < at - (STALE_AFTER_DAYS + 1) * DAY_MS) return [];
  return bars.slice(Math.max(0, end - SCORE_LOOKBACK_DAYS), end);
}

const closeAt = (bars: readonly DailyBar[], fromEnd: number) => bars[bars.length - 1 - fromEnd]?.close;

function trendOf(bars: readonly DailyBar[]): number | null {
  if (bars.length < WINDOWS.trendAverage) return null;
  let sum = 0;
  for (const bar of bars.slice(-WINDOWS.trendAverage)) sum += bar.close;
  const last = closeAt(bars, 0);
  return last === undefined || sum <= 0 ? null : (last / (sum / WINDOWS.trendAverage) - 1) * 100;
}

function volatilityOf(bars: readonly DailyBar[]): number | null {
  if (bars.length < WINDOWS.returns + 1) return null;
  const closes = bars.slice(-(WINDOWS.returns + 1)).map((bar) => bar.close);
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const before = closes[i - 1] ?? 0;
    const after = closes[i] ?? 0;
    if (before <= 0 || after <= 0) return null;
    returns.push(Math.log(after / before));
  }
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(365) * 100;
}

function drawdownOf(bars: readonly DailyBar[]): number | null {
  if (bars.length < WINDOWS.returns + 1) return null;
  let high = 0;
  let worst = 0;
  for (const bar of bars.slice(-WINDOWS.drawdown)) {
    high = Math.max(high, bar.close);
    if (high > 0) worst = Math.max(worst, 1 - bar.close / high);
  }
  return worst * 100;
}

function liquidityOf(bars: readonly DailyBar[]): number | null {
  const volumes = bars
    .slice(-WINDOWS.liquidity)
    .flatMap((bar) => (bar.volume > 0 && bar.close > 0 ? [bar.volume * bar.close] : []))
    .sort((a, b) => a - b);
  if (volumes.length < WINDOWS.liquidityMin) return null;
  const mid = volumes.length >>> 1;
  return volumes.length % 2 === 1 ? (volumes[mid] ?? 0) : ((volumes[mid - 1] ?? 0) + (volumes[mid] ?? 0)) / 2;
}

function return30Of(bars: readonly DailyBar[]): number | null {
  const last = closeAt(bars, 0);
  const before = closeAt(bars, WINDOWS.returns);
  return last === undefined || before === undefined || before <= 0 ? null : (last / before - 1) * 100;
}

/** The figures of one coin from its candles complete at the score's time (see barsAt). */
export function priceFigures(bars: readonly DailyBar[]): PriceFigures {
  return {
    trend: trendOf(bars),
    volatility: volatilityOf(bars),
    drawdown: drawdownOf(bars),
    liquidity: liquidityOf(bars),
    return30: return30Of(bars),
  };
}
