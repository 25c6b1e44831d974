import type { DashboardCategory } from "../../../../contract/market.ts";
import type { AiScorePartId } from "../../../../contract/score.ts";
import { type AiScoresOutput, toolOutputSchemas } from "../tools/tool-outputs.ts";
import { failedBlock, notFoundBlock } from "./answer-blocks.ts";
import type { PlannedCall, ToolResult } from "./compose.ts";
import { type AnswerLanguage, cell, formatTime, table } from "./format.ts";
import { type ModeStep, noToolsStep, offeredCalls, withSources } from "./mode-step.ts";

/**
 * The AI coin selection agent: the user's constraints read from the question ("top 5 AI coins with score above 60",
 * "low volatility large caps", "评分60分以上的前5个meme币"), one aiScores call, and a ranked table with each coin's
 * score, band and parts, then the score's validation so the reader can judge what a score is worth.
 */

type L = AnswerLanguage;
export const LARGE_CAP_RANK = 20;
export const SMALL_CAP_RANK = 51;
const DEFAULT_LIMIT = 10;

export interface Screen {
  category?: DashboardCategory;
  minScore?: number;
  maxRank?: number;
  minRank?: number;
  volatility?: "low" | "high";
  limit?: number;
}

const CATEGORIES: readonly [RegExp, DashboardCategory][] = [
  [/\bai[- ]?agents?\b|\bai\s*(智能体|代理)/i, "ai_agent"],
  [/\bdefai\b/i, "defai"],
  [/\bai\b|人工智能/i, "ai"],
  [/\bmemes?\b|模因|迷因/i, "meme"],
  [/\brwa\b|real[- ]world assets?|现实资产|真实资产/i, "rwa"],
  [/\bdepin\b/i, "depin"],
  [/\bgam(e|es|ing)\b|游戏/i, "gaming"],
  [/\b(hot|trending)\b|热门/i, "hot"],
  [/\bgainers?\b|涨幅/i, "gainer"],
];

const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** The screen a question asks for. */
export function readScreen(text: string): Screen {
  const screen: Screen = {};
  for (const [pattern, category] of CATEGORIES) {
    if (pattern.test(text)) {
      screen.category = category;
      break;
    }
  }
  const min =
    /\bscores?\s*(?:of\s*)?(?:above|over|>=?|at least|higher than|greater than|more than)\s*(\d{1,3})/i.exec(
      text,
    )?.[1] ??
    /(?:评分|分数|得分)\s*(?:高于|大于|超过|不低于|在|≥|>=?)?\s*(\d{1,3})/.exec(text)?.[1] ??
    /(\d{1,3})\s*分(?:以上|及以上)/.exec(text)?.[1];
  if (min !== undefined) screen.minScore = Math.min(number(min) ?? 0, 100);
  const limit =
    /\btop\s*(\d{1,2})\b/i.exec(text)?.[1] ??
    /\b(\d{1,2})\s+(?:\w+\s+)?(?:coins|tokens|picks)\b/i.exec(text)?.[1] ??
    /前\s*(\d{1,2})/.exec(text)?.[1] ??
    /(\d{1,2})\s*[个只]/.exec(text)?.[1];
  if (limit !== undefined) screen.limit = Math.max(1, Math.min(number(limit) ?? DEFAULT_LIMIT, 20));
  if (/\blarge[- ]?caps?\b|\bblue[- ]?chips?\b|\bbig caps?\b|大市值|蓝筹|龙头/i.test(text))
    screen.maxRank = LARGE_CAP_RANK;
  else if (/\bsmall[- ]?caps?\b|小市值/i.test(text)) screen.minRank = SMALL_CAP_RANK;
  if (/\blow[- ]volatility\b|\bless volatile\b|\bstable\b|\bcalm\b|低波动|波动小|波动低|稳健/i.test(text))
    screen.volatility = "low";
  else if (/\bhigh[- ]volatility\b|\bvolatile\b|高波动|波动大|波动高/i.test(text)) screen.volatility = "high";
  return screen;
}

export const screenCall = (screen: Screen): PlannedCall => ({
  toolName: "aiScores",
  input: { ...screen, limit: screen.limit ?? DEFAULT_LIMIT },
});

const PART_TITLES: Record<AiScorePartId, { en: string; zh: string }> = {
  trend: { en: "Trend", zh: "趋势" },
  volatility: { en: "Volatility", zh: "波动" },
  liquidity: { en: "Liquidity", zh: "流动性" },
  relativeStrength: { en: "Rel. strength", zh: "相对强弱" },
  newsFlow: { en: "News flow", zh: "新闻热度" },
};

const BANDS = {
  veryNegative: { en: "very negative", zh: "非常负面" },
  negative: { en: "negative", zh: "负面" },
  neutral: { en: "neutral", zh: "中性" },
  positive: { en: "positive", zh: "正面" },
  veryPositive: { en: "very positive", zh: "非常正面" },
} as const;

const PARTS: readonly AiScorePartId[] = ["trend", "volatility", "liquidity", "relativeStrength", "newsFlow"];

function filtersText(output: AiScoresOutput, language: L): string {
  const c = language === "zh";
  const f = output.filters;
  const parts = [c ? `分类：${output.category}` : `category: ${output.category}`];
  if (f.minScore !== null) parts.push(c ? `评分 ≥ ${f.minScore}` : `score ≥ ${f.minScore}`);
  if (f.maxRank !== null) parts.push(c ? `市值排名前 ${f.maxRank}` : `market-cap rank ≤ ${f.maxRank}`);
  if (f.minRank !== null) parts.push(c ? `市值排名 ${f.minRank} 及以后` : `market-cap rank ≥ ${f.minRank}`);
  if (output.volatilityRule)
    parts.push(c ? `波动率：${output.volatilityRule}` : `volatility: ${output.volatilityRule}`);
  return parts.join(c ? "；" : "; ");
}

export function selectionAnswer(results: readonly ToolResult[], language: L): string {
  const c = language === "zh";
  const result = results.find((r) => r.toolName === "aiScores");
  if (!result) return c ? "没有拿到 AI 评分数据。" : "I got no AI score data.";
  if (result.output.type !== "json") {
    return failedBlock(
      "aiScores",
      result.output.type === "error-text" ? result.output.value : result.output.type,
      language,
    );
  }
  const parsed = toolOutputSchemas.aiScores.safeParse(result.output.value);
  if (!parsed.success) return failedBlock("aiScores", "unexpected output", language);
  if (!parsed.data.found) return notFoundBlock(parsed.data, language);
  const output = parsed.data;
  const blocks: string[] = [];
  blocks.push(c ? "**AI 选币 · 按 AI 评分排序**" : "**AI coin selection · ranked by AI score**");
  blocks.push(
    c
      ? `筛选条件：${filtersText(output, language)}。${output.counted} 个有评分的币中 ${output.matched} 个符合，评分时间 ${formatTime(output.asOf)}。`
      : `Screen: ${filtersText(output, language)}. ${output.matched} of ${output.counted} scored coins match, scored at ${formatTime(output.asOf)}.`,
  );
  if (output.rows.length === 0) {
    blocks.push(c ? "没有符合这些条件的币。可以放宽条件再试。" : "No coin meets these conditions. Try loosening them.");
  } else {
    const header = [
      "#",
      c ? "币" : "Coin",
      c ? "评分" : "Score",
      c ? "区间" : "Band",
      ...PARTS.map((id) => PART_TITLES[id][language]),
    ];
    const rows = output.rows.map((row, i) => [
      String(i + 1),
      `${cell(row.name)} (${row.symbol})${row.rank === null ? "" : ` #${row.rank}`}`,
      `**${row.score.toFixed(0)}**`,
      BANDS[row.band][language],
      ...PARTS.map((id) => {
        const part = row.parts.find((p) => p.id === id);
        return part && part.weight > 0 ? `${part.points.toFixed(0)} (${Math.round(part.weight * 100)}%)` : "–";
      }),
    ]);
    blocks.push(table(header, rows));
    blocks.push(
      c
        ? "各部分为 0–100 分，括号里是它在总分中的权重。"
        : "Each part is 0–100 points; its weight in the score is in brackets.",
    );
  }
  const v = output.validation;
  blocks.push(
    v
      ? c
        ? `**这个评分有多可信**：在 ${v.from} 至 ${v.to} 的 ${v.weeks} 周里，评分与下一周收益的周度 Spearman 秩相关系数平均为 **${v.meanSpearman.toFixed(3)}**（0 = 无关，1 = 排序完全一致），其中 ${v.positiveWeeks} 周为正。据此判断它的排序能说明多少。`
        : `**How much the score says**: over ${v.weeks} weeks (${v.from} to ${v.to}), its mean weekly Spearman rank correlation with the next week's returns was **${v.meanSpearman.toFixed(3)}** (0 = no relation, 1 = the same order), positive in ${v.positiveWeeks} of them. Judge its ranking by that.`
      : c
        ? "评分的验证结果无法计算，所以这个排序在这里没有经过检验。"
        : "The score's validation could not be computed, so this ranking is untested here.",
  );
  blocks.push(
    c
      ? "评分描述的是过去的数据，不是预测，也不构成投资建议。"
      : "The score describes past data; it is not a forecast or advice.",
  );
  return withSources(blocks, [output.citation], language);
}

export function selectionStep(
  text: string,
  results: readonly ToolResult[],
  offered: ReadonlySet<string>,
  language: L,
): ModeStep {
  if (results.length > 0) return { kind: "answer", text: selectionAnswer(results, language) };
  const calls = offeredCalls([screenCall(readScreen(text))], offered);
  return calls.length === 0 ? noToolsStep(language) : { kind: "calls", calls };
}
