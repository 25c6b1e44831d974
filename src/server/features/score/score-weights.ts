import type { AiScorePartId } from "../../../contract/score.ts";

/**
 * The score's weights and windows, in one place so that what the token page shows and what the backtest judged are
 * the same numbers. The weights add up to 1; a part a coin lacks the data for gets weight 0 and the others are
 * scaled up in proportion (see score-engine.ts).
 */
export const SCORE_WEIGHTS: Readonly<Record<AiScorePartId, number>> = {
  trend: 0.3,
  volatility: 0.2,
  liquidity: 0.15,
  relativeStrength: 0.25,
  newsFlow: 0.1,
};

/** The coin every coin's relative strength is measured against. */
export const BENCHMARK = "BTC";

export const DAY_MS = 86_400_000;

/** Windows, in daily candles (or days for news). */
export const WINDOWS = {
  /** trend: the last close against the mean of this many closes */
  trendAverage: 50,
  /** volatility of daily returns, and the return relative strength compares */
  returns: 30,
  /** the drawdown window */
  drawdown: 90,
  /** liquidity: the median daily USDT volume over this many days ... */
  liquidity: 30,
  /** ... of which at least this many must have a volume */
  liquidityMin: 7,
  /** news: the recent window and the baseline it is compared with */
  newsRecent: 7,
  newsBaseline: 30,
} as const;

/** The daily candles a score reads at most: the longest window plus the close before it. */
export const SCORE_LOOKBACK_DAYS = WINDOWS.drawdown + 1;
