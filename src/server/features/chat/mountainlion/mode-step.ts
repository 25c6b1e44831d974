import type { ChatCitation } from "../../../../contract/chat.ts";
import { priceText } from "../../../../contract/price-format.ts";
import { type TechnicalAnalysisOutput, technicalAnalysisOutputSchema } from "../tools/technical-analysis.ts";
import {
  type MoversOutput,
  type NewsOutput,
  type NotFoundOutput,
  notFoundOutputSchema,
  type SentimentOutput,
  type TokenPriceOutput,
  toolOutputSchemas,
} from "../tools/tool-outputs.ts";
import type { PlannedCall, ToolResult } from "./compose.ts";
import { type AnswerLanguage, formatDate, formatTime } from "./format.ts";
import { texts } from "./texts.ts";

/**
 * What MountainLion does next in the deep-think and AI one-click buy modes: ask for tools (possibly a second round
 * after reading the first), answer, or answer as in search mode.
 */
export type ModeStep =
  | { kind: "calls"; calls: PlannedCall[] }
  | { kind: "answer"; text: string }
  /** nothing deeper to do for this question: the search mode's answer */
  | { kind: "search" };

/** The tool outputs the modes read, by kind, and which tools have answered. */
export interface ModeRead {
  /** how many tool calls answered */
  count: number;
  answered: Set<string>;
  prices: TokenPriceOutput[];
  analyses: TechnicalAnalysisOutput[];
  sentiments: SentimentOutput[];
  movers: MoversOutput[];
  news: NewsOutput[];
  notFound: NotFoundOutput[];
  failed: { tool: string; message: string }[];
}

const analysisResultSchema = technicalAnalysisOutputSchema.or(notFoundOutputSchema);

export function readResults(results: readonly ToolResult[]): ModeRead {
  const read: ModeRead = {
    count: results.length,
    answered: new Set(),
    prices: [],
    analyses: [],
    sentiments: [],
    movers: [],
    news: [],
    notFound: [],
    failed: [],
  };
  for (const { toolName, output } of results) {
    read.answered.add(toolName);
    if (output.type !== "json") {
      const message =
        output.type === "error-text"
          ? output.value
          : output.type === "error-json"
            ? JSON.stringify(output.value)
            : output.type;
      read.failed.push({ tool: toolName, message });
      continue;
    }
    const value = output.value;
    const parsed = (() => {
      switch (toolName) {
        case "tokenPrice":
          return toolOutputSchemas.tokenPrice.safeParse(value);
        case "technicalAnalysis":
          return analysisResultSchema.safeParse(value);
        case "marketSentiment":
          return toolOutputSchemas.marketSentiment.safeParse(value);
        case "topMovers":
          return toolOutputSchemas.topMovers.safeParse(value);
        case "newsSearch":
          return toolOutputSchemas.newsSearch.safeParse(value);
        default:
          return undefined;
      }
    })();
    if (!parsed?.success) {
      read.failed.push({ tool: toolName, message: parsed ? "unexpected output" : "unknown tool" });
      continue;
    }
    const data = parsed.data;
    if ("reason" in data) read.notFound.push(data);
    else if (toolName === "tokenPrice" && "priceTime" in data) read.prices.push(data);
    else if (toolName === "technicalAnalysis" && "movingAverages" in data) read.analyses.push(data);
    else if (toolName === "marketSentiment" && "fearGreed" in data) read.sentiments.push(data);
    else if (toolName === "topMovers" && "movers" in data) read.movers.push(data);
    else if (toolName === "newsSearch" && "items" in data) read.news.push(data);
  }
  return read;
}

/** The calls the model may make (the tools it was offered); none offered at all answers that it has no data. */
export function offeredCalls(calls: readonly PlannedCall[], offered: ReadonlySet<string>): PlannedCall[] {
  return calls.filter((call) => offered.has(call.toolName));
}

export const noToolsStep = (language: AnswerLanguage): ModeStep => ({ kind: "answer", text: texts.noTools(language) });

/** A price in USDT as spec §5 writes it. */
export const usdt = (value: number) => `${priceText(value)} USDT`;

export const coinLabel = (coin: { name: string; symbol: string }) =>
  coin.name === coin.symbol ? coin.symbol : `${coin.name} (${coin.symbol})`;

/** "Source: …" lines, one per distinct source and time, as the search answers end. */
export function sourceLines(citations: readonly (ChatCitation | null)[], language: AnswerLanguage): string[] {
  const seen: ChatCitation[] = [];
  for (const citation of citations) {
    if (citation && !seen.some((c) => c.source === citation.source && c.at === citation.at)) seen.push(citation);
  }
  return seen.map((c) => {
    const at = c.tool === "glossary" ? formatDate(c.at) : formatTime(c.at);
    return language === "zh" ? `来源：${c.source}，${at}` : `Source: ${c.source}, ${at}`;
  });
}

/** An answer's blocks, then its "Source: …" lines, as paragraphs. */
export function withSources(
  blocks: readonly string[],
  citations: readonly (ChatCitation | null)[],
  language: AnswerLanguage,
): string {
  return [...blocks, ...sourceLines(citations, language)].join("\n\n");
}
