import type { Coin } from "../../../../contract/market.ts";
import {
  type AiRankingData,
  type AiScore,
  type AiScoreValidation,
  aiRankingDataSchema,
  aiScoreBand,
  aiScoreDataSchema,
} from "../../../../contract/score.ts";
import type { AiScoreData } from "../api/get-ai-score.ts";

/** The market time of the fixtures: the replay's 2026-03-02 noon. */
export const replaySource = { mode: "replay", provider: "Binance (replay)", at: "2026-03-02T12:00:00.000Z" } as const;

/** A weak, honest record: a mean correlation of 0.03, positive in 28 of 52 weeks. */
export const validation: AiScoreValidation = {
  meanSpearman: 0.0312,
  weeks: 52,
  positiveWeeks: 28,
  from: "2025-03-03",
  to: "2026-02-23",
};

/**
 * A score shaped as the server sends it: five parts with weights adding up to 1 and the score their weighted
 * points. `missingNews` drops the news part (weight 0, value null) and scales the others up, as the server does.
 */
export function aiScore(coinAbbr = "BTC", points = [80, 40, 90, 60, 50], { missingNews = false } = {}): AiScore {
  const [trend = 0, volatility = 0, liquidity = 0, strength = 0, news = 0] = points;
  const base = {
    trend: 0.3,
    volatility: 0.2,
    liquidity: 0.15,
    relativeStrength: 0.25,
    newsFlow: missingNews ? 0 : 0.1,
  };
  const total = base.trend + base.volatility + base.liquidity + base.relativeStrength + base.newsFlow;
  const parts: AiScore["parts"] = [
    { id: "trend", points: trend, weight: base.trend / total, value: 4.2, unit: "%" },
    { id: "volatility", points: volatility, weight: base.volatility / total, value: 48.31, unit: "%" },
    { id: "liquidity", points: liquidity, weight: base.liquidity / total, value: 1_234_567_890, unit: "USDT" },
    { id: "relativeStrength", points: strength, weight: base.relativeStrength / total, value: -2.5, unit: "%" },
    missingNews
      ? { id: "newsFlow", points: 0, weight: 0, value: null, unit: "items" }
      : { id: "newsFlow", points: news, weight: base.newsFlow / total, value: 12, unit: "items" },
  ];
  const score = Math.round(parts.reduce((sum, part) => sum + part.points * part.weight, 0) * 10) / 10;
  return { coinAbbr, score, band: aiScoreBand(score), parts, asOf: "2026-03-02T00:00:00.000Z" };
}

/** A dashboard/token/score answer, checked by the contract's own schema. */
export function aiScoreData(overrides: Partial<AiScoreData> = {}): AiScoreData {
  return aiScoreDataSchema.parse({ score: aiScore(), validation, source: replaySource, ...overrides });
}

export function rankedCoin(coinAbbr: string, coinName: string, lastPrice: number): Coin {
  return {
    coinCode: coinAbbr.toLowerCase(),
    coinAbbr,
    coinName,
    coinImageUrl: `/v2/api/coin/image/${coinAbbr}.svg`,
    lastPrice,
    change: 1.5,
    change1h: null,
    change7d: null,
    volume24h: null,
    marketCap: null,
    rank: null,
  };
}

/** An ai_ranking answer, checked by the contract's own schema: SOL 84.x, BTC 67.x, DOGE 12.x. */
export function aiRanking(overrides: Partial<AiRankingData> = {}): AiRankingData {
  const list = [
    { coin: rankedCoin("SOL", "Solana", 84.12), score: aiScore("SOL", [95, 70, 85, 90, 60]) },
    { coin: rankedCoin("BTC", "Bitcoin", 64_123.45), score: aiScore("BTC") },
    { coin: rankedCoin("DOGE", "Dogecoin", 0.12), score: aiScore("DOGE", [10, 15, 20, 5, 10]) },
  ];
  return aiRankingDataSchema.parse({
    list,
    total: list.length,
    page: 1,
    pageSize: 50,
    validation,
    source: replaySource,
    ...overrides,
  });
}
