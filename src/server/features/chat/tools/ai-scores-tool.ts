import { tool } from "ai";
import { z } from "zod";
import { dashboardCategories } from "../../../../contract/market.ts";
import type { ChatScoredCoin, ChatScores } from "./chat-data.ts";
import type { AiScoresOutput, NotFoundOutput } from "./tool-outputs.ts";

export const aiScoresInputSchema = z.object({
  category: z
    .enum(dashboardCategories)
    .optional()
    .describe("the dashboard category to screen (default total: every scored coin), e.g. ai, meme, rwa, depin"),
  minScore: z.number().min(0).max(100).optional().describe("only coins scoring at least this (0-100)"),
  maxRank: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("only coins ranked this high by market cap, e.g. 20 for large caps"),
  minRank: z.number().int().min(1).optional().describe("only coins ranked this low or lower, e.g. 51 for small caps"),
  volatility: z
    .enum(["low", "high"])
    .optional()
    .describe("low: volatility at or below the median of the category's scored coins; high: above it"),
  limit: z.number().int().min(1).max(20).optional().describe("how many coins (default 10)"),
});

const PAGE = 100;
const MAX_PAGES = 10;
const DEFAULT_LIMIT = 10;

const volatilityOf = (entry: ChatScoredCoin) => entry.score.parts.find((p) => p.id === "volatility")?.value ?? null;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The AI coin screen: a category's coins by AI score (highest first) through the user's filters (a lowest score, a
 * market-cap rank range, low or high volatility against the category's median), each with its band and parts, and
 * the score's validation so the reader can judge how much a score says.
 */
export function aiScoresTool(deps: { scores: ChatScores | undefined }) {
  return tool({
    description:
      "Screens coins by the product's AI score (0-100, from trend, volatility, liquidity, relative strength and news " +
      "flow; each part with its points, weight and raw value): a dashboard category's coins, highest score first, " +
      "filtered by a lowest score, a market-cap rank range and low/high volatility. Comes with the score's " +
      "validation (mean weekly Spearman rank correlation of the score with the next week's returns) to judge it by.",
    inputSchema: aiScoresInputSchema,
    execute: async ({
      category,
      minScore,
      maxRank,
      minRank,
      volatility,
      limit,
    }): Promise<AiScoresOutput | NotFoundOutput> => {
      const { scores } = deps;
      const chosen = category ?? "total";
      if (!scores) {
        return {
          found: false,
          reason: "notAvailable",
          query: chosen,
          message: "the AI score is not available on this server",
          available: [],
          citation: null,
        };
      }
      const first = await scores.ranking({ category: chosen, page: 1, pageSize: PAGE });
      const all = [...first.list];
      for (let page = 2; all.length < first.total && page <= MAX_PAGES; page += 1) {
        const next = await scores.ranking({ category: chosen, page, pageSize: PAGE });
        if (next.list.length === 0) break;
        all.push(...next.list);
      }
      const cut = median(all.flatMap((entry) => volatilityOf(entry) ?? []));
      const matched = all.filter((entry) => {
        const rank = entry.coin.rank;
        if (minScore !== undefined && entry.score.score < minScore) return false;
        if (maxRank !== undefined && (rank === null || rank > maxRank)) return false;
        if (minRank !== undefined && (rank === null || rank < minRank)) return false;
        if (volatility && cut !== null) {
          const value = volatilityOf(entry);
          if (value === null) return false;
          if (volatility === "low" ? value > cut : value <= cut) return false;
        }
        return true;
      });
      const asOf = all[0]?.score.asOf ?? first.source.at;
      return {
        found: true,
        category: chosen,
        filters: {
          minScore: minScore ?? null,
          maxRank: maxRank ?? null,
          minRank: minRank ?? null,
          volatility: volatility ?? null,
        },
        volatilityRule:
          volatility && cut !== null
            ? `${volatility === "low" ? "at or below" : "above"} the median volatility of the category's scored coins, ${Math.round(cut * 100) / 100}%`
            : null,
        counted: all.length,
        matched: matched.length,
        rows: matched.slice(0, limit ?? DEFAULT_LIMIT).map(({ coin, score }) => ({
          symbol: coin.coinAbbr,
          name: coin.coinName,
          rank: coin.rank,
          marketCap: coin.marketCap,
          score: score.score,
          band: score.band,
          parts: score.parts.map((p) => ({
            id: p.id,
            points: p.points,
            weight: p.weight,
            value: p.value,
            unit: p.unit,
          })),
        })),
        validation: first.validation,
        asOf,
        citation: { tool: "aiScores", source: first.source.provider, at: asOf },
      };
    },
  });
}
