import { z } from "zod";
import { coinAbbrSchema, coinSchema, dashboardCategories, marketSourceSchema } from "./market.ts";

/**
 * The AI score (spec §3 token dashboard, §9 bands): 0-100 per coin from transparent parts, each shown with its value
 * and weight, and validated like a forecast (rank correlation with the next 7-day return, by week).
 */

/** Spec §9 bands: 0-20 very negative ... 80-100 very positive (a score of exactly 20 is "negative"). */
export const aiScoreBands = ["veryNegative", "negative", "neutral", "positive", "veryPositive"] as const;
export type AiScoreBand = (typeof aiScoreBands)[number];
export function aiScoreBand(score: number): AiScoreBand {
  const index = Math.min(Math.max(Math.floor(score / 20), 0), 4);
  return aiScoreBands[index] ?? "neutral";
}

/** The parts of the score, in the order the token page lists them. */
export const aiScorePartIds = ["trend", "volatility", "liquidity", "relativeStrength", "newsFlow"] as const;
export type AiScorePartId = (typeof aiScorePartIds)[number];

export const aiScorePartSchema = z.object({
  id: z.enum(aiScorePartIds),
  /** the part's 0-100 points */
  points: z.number(),
  /** its weight in the score (the weights of the parts used add up to 1) */
  weight: z.number(),
  /** the raw figure behind the points, in `unit`; null when the data lacks it (the part then has weight 0) */
  value: z.number().nullable(),
  /** "%" (a return, a drawdown, a volatility), "USDT" (volume), "items" (news count) */
  unit: z.string(),
});
export type AiScorePart = z.infer<typeof aiScorePartSchema>;

/** How well the score ranked the next week's returns over the shipped history. */
export const aiScoreValidationSchema = z.object({
  /** mean of the weekly Spearman rank correlations between the score and the next 7-day return */
  meanSpearman: z.number(),
  weeks: z.number().int(),
  /** weeks whose correlation was above 0 */
  positiveWeeks: z.number().int(),
  /** first and last week judged, ISO dates */
  from: z.string(),
  to: z.string(),
});
export type AiScoreValidation = z.infer<typeof aiScoreValidationSchema>;

export const aiScoreSchema = z.object({
  coinAbbr: z.string(),
  score: z.number().min(0).max(100),
  band: z.enum(aiScoreBands),
  parts: z.array(aiScorePartSchema),
  /** the market time the score was computed for, ISO */
  asOf: z.string(),
});
export type AiScore = z.infer<typeof aiScoreSchema>;

const coinAbbr = coinAbbrSchema;

export const aiScoreQuerySchema = z.object({ coinAbbr });
/** dashboard/token/score: one coin's score with its parts, and the score's validation. */
export const aiScoreDataSchema = z.object({
  score: aiScoreSchema,
  validation: aiScoreValidationSchema.nullable(),
  source: marketSourceSchema,
});

export const aiRankingQuerySchema = z.object({
  category: z.enum(dashboardCategories, { error: "invalidValue" }).default("total"),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
/** ai_ranking: coins by AI score, highest first, within a dashboard category. */
export const aiRankingDataSchema = z.object({
  list: z.array(z.object({ coin: coinSchema, score: aiScoreSchema })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  validation: aiScoreValidationSchema.nullable(),
  source: marketSourceSchema,
});
export type AiRankingData = z.infer<typeof aiRankingDataSchema>;
