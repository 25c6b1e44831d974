import {
  type AiScore,
  type AiScorePart,
  type AiScorePartId,
  aiScoreBand,
  aiScorePartIds,
} from "../../../contract/score.ts";
import { type NewsCounts, newsPace } from "./news-flow.ts";
import { percentileRanks } from "./rank-stats.ts";
import { barsAt, type DailyBar, type PriceFigures, priceFigures } from "./score-figures.ts";
import { BENCHMARK, SCORE_WEIGHTS } from "./score-weights.ts";

/**
 * The AI score: five parts, each a coin's percentile rank (0-100) among the coins scored at the same time, weighted
 * (score-weights.ts) into one 0-100 figure. Percentile ranks keep it transparent (50 = the middle coin) and robust
 * (one coin's wild figure moves no one else's points by more than a rank).
 *
 * - trend: the last close against its 50-day average (a coin above its average ranks higher);
 * - volatility: the 30-day realised volatility and the 90-day maximum drawdown, each ranked lower-is-better, the
 *   points the mean of the two ranks; the value shown is the volatility;
 * - liquidity: the median daily USDT turnover (volume × close) over 30 days (ranking it ranks its logarithm too);
 * - relativeStrength: the 30-day return minus BTC's (percentage points). Ranked, this orders coins as their 30-day
 *   return does, which is why trend uses the 50-day average rather than the 30-day return a second time;
 * - newsFlow: the value is the items tagged with the coin over the last 7 days; the points rank that count against
 *   the coin's own 30-day pace (newsPace), so a coin always in the news does not lead by habit.
 *
 * A part without data (too few candles, news the archive does not cover) has weight 0, points 0 and value null;
 * the other weights are scaled to add up to 1. A coin needs at least one part from its candles to be scored.
 */

export interface ScoreSnapshotInput {
  /** the market time, ms: only candles complete by then and news published before it are read */
  at: number;
  /** each coin's daily candles, ascending; later candles may be there, they are not read */
  series: ReadonlyMap<string, readonly DailyBar[]>;
  /** news counts at `at`, or null when the news does not cover the windows */
  news: NewsCounts | null;
}

interface CoinRaw {
  abbr: string;
  figures: PriceFigures;
  relativeStrength: number | null;
  newsItems: number | null;
  newsPace: number | null;
}

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale || 0;
};

const UNITS: Readonly<Record<AiScorePartId, string>> = {
  trend: "%",
  volatility: "%",
  liquidity: "USDT",
  relativeStrength: "%",
  newsFlow: "items",
};

const shownValue = (id: AiScorePartId, value: number) =>
  id === "liquidity" || id === "newsFlow" ? Math.round(value) : round(value, 2);

/** The mean of the ranks present, null when none is. */
function meanOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length;
}

/** The score from its parts' points (null: no data), with weights renormalised over the parts present. */
export function combineParts(
  points: Readonly<Record<AiScorePartId, number | null>>,
  values: Readonly<Record<AiScorePartId, number | null>>,
  weights: Readonly<Record<AiScorePartId, number>> = SCORE_WEIGHTS,
): { score: number; parts: AiScorePart[] } | null {
  const total = aiScorePartIds.reduce((sum, id) => sum + (points[id] === null ? 0 : weights[id]), 0);
  if (total <= 0) return null;
  let score = 0;
  const parts = aiScorePartIds.map((id): AiScorePart => {
    const point = points[id];
    const value = values[id];
    if (point === null) return { id, points: 0, weight: 0, value: null, unit: UNITS[id] };
    const weight = weights[id] / total;
    score += weight * point;
    return {
      id,
      points: round(point, 1),
      weight,
      value: value === null ? null : shownValue(id, value),
      unit: UNITS[id],
    };
  });
  return { score: Math.min(100, Math.max(0, round(score, 1))), parts };
}

/** Every coin's score at one market time; coins without a part from their candles are left out. */
export function scoreAt(input: ScoreSnapshotInput): Map<string, AiScore> {
  const { at, news } = input;
  const figuresOf = new Map<string, PriceFigures>();
  for (const [abbr, bars] of input.series) figuresOf.set(abbr, priceFigures(barsAt(bars, at)));
  const benchmark = figuresOf.get(BENCHMARK)?.return30 ?? null;
  const raws: CoinRaw[] = [];
  for (const [abbr, figures] of figuresOf) {
    const { trend, volatility, liquidity, return30 } = figures;
    if (trend === null && volatility === null && liquidity === null && return30 === null) continue;
    const count = news ? (news.get(abbr) ?? { recent: 0, baseline: 0 }) : null;
    raws.push({
      abbr,
      figures,
      relativeStrength: return30 === null || benchmark === null ? null : return30 - benchmark,
      newsItems: count ? count.recent : null,
      newsPace: count ? newsPace(count) : null,
    });
  }
  const trend = percentileRanks(raws.map((r) => r.figures.trend));
  const volatility = percentileRanks(
    raws.map((r) => r.figures.volatility),
    false,
  );
  const drawdown = percentileRanks(
    raws.map((r) => r.figures.drawdown),
    false,
  );
  const liquidity = percentileRanks(raws.map((r) => r.figures.liquidity));
  const strength = percentileRanks(raws.map((r) => r.relativeStrength));
  const pace = percentileRanks(raws.map((r) => r.newsPace));
  const asOf = new Date(at).toISOString();
  const scores = new Map<string, AiScore>();
  raws.forEach((raw, i) => {
    const combined = combineParts(
      {
        trend: trend[i] ?? null,
        volatility: meanOf([volatility[i] ?? null, drawdown[i] ?? null]),
        liquidity: liquidity[i] ?? null,
        relativeStrength: strength[i] ?? null,
        newsFlow: pace[i] ?? null,
      },
      {
        trend: raw.figures.trend,
        volatility: raw.figures.volatility,
        liquidity: raw.figures.liquidity,
        relativeStrength: raw.relativeStrength,
        newsFlow: raw.newsItems,
      },
    );
    if (!combined) return;
    scores.set(raw.abbr, {
      coinAbbr: raw.abbr,
      score: combined.score,
      band: aiScoreBand(combined.score),
      parts: combined.parts,
      asOf,
    });
  });
  return scores;
}
