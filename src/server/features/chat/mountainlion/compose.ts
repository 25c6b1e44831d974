import type { LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import type { ChatCitation } from "../../../../contract/chat.ts";
import type { FxOutput } from "../tools/currency.ts";
import {
  type CandleStatsOutput,
  type CompareOutput,
  type GlossaryOutput,
  isChatToolName,
  type MoversOutput,
  type NewsOutput,
  type NotFoundOutput,
  type PredictOutput,
  type PriceAlarmRefusedOutput,
  type PriceAlarmSetOutput,
  type PriceChangeOutput,
  type SentimentOutput,
  type TokenPriceOutput,
  toolOutputSchemas,
} from "../tools/tool-outputs.ts";
import { alarmBlock, alarmCalls, alarmQuestion } from "./alarm-answer.ts";
import {
  compareBlock,
  failedBlock,
  fxBlock,
  glossaryBlock,
  moversBlock,
  newsBlock,
  notFoundBlock,
  periodBlock,
  priceBlock,
  sentimentBlock,
  statsBlock,
} from "./answer-blocks.ts";
import { type AnswerLanguage, formatDate, formatPercent, formatTime } from "./format.ts";
import type { Intent, Question } from "./intent.ts";
import type { PlannedCall } from "./planned-call.ts";
import { predictBlock } from "./predict-answer.ts";
import { texts } from "./texts.ts";

/** A tool's answer as it comes back in the prompt. */
export interface ToolResult {
  toolName: string;
  output: LanguageModelV3ToolResultOutput;
}

/** A tool call MountainLion makes: the name and the input, as the tool's input schema takes it. */
export type { PlannedCall } from "./planned-call.ts";

const NEWS_ITEMS = 5;
const MOVERS = 5;
/** the window of news questions that name none: the last 7 days */
export const NEWS_PERIOD = "7d";

/** The window and currency of an intent as tool inputs: only those it has. */
const framing = (intent: { period?: string; currency?: string }) => ({
  ...(intent.period ? { period: intent.period } : {}),
  ...(intent.currency ? { currency: intent.currency } : {}),
});

/**
 * The tool calls an intent needs; none for the questions answered without data. With `chart` (the user asked for
 * an image), a price question also reads each coin's daily candles, whose figure the answer embeds. A price
 * question over a window reads the move over it (and today's also the price now); news is searched over the
 * question's window, or the last 7 days.
 */
export function plannedCalls(intent: Intent, options: { chart?: boolean } = {}): PlannedCall[] {
  switch (intent.kind) {
    case "price": {
      const currency = intent.currency ? { currency: intent.currency } : {};
      const { period } = intent;
      return intent.symbols.flatMap((symbol) => [
        ...(period === undefined || period === "today"
          ? [{ toolName: "tokenPrice", input: { symbol, ...currency } }]
          : []),
        ...(period === undefined ? [] : [{ toolName: "priceChange", input: { symbol, period, ...currency } }]),
        ...(options.chart ? [{ toolName: "candleStats", input: { symbol, interval: "1d" } }] : []),
      ]);
    }
    case "trend":
      return intent.symbols.map((symbol) => ({
        toolName: "candleStats",
        input: { symbol, interval: intent.interval, ...framing(intent) },
      }));
    case "compare":
      return [{ toolName: "compareTokens", input: { a: intent.a, b: intent.b, ...framing(intent) } }];
    case "news":
      return [
        {
          toolName: "newsSearch",
          input: { query: intent.query, limit: NEWS_ITEMS, period: intent.period ?? NEWS_PERIOD },
        },
      ];
    case "movers":
      return intent.directions.map((direction) => ({ toolName: "topMovers", input: { direction, limit: MOVERS } }));
    case "sentiment":
      return [{ toolName: "marketSentiment", input: {} }];
    case "glossary":
      return [{ toolName: "glossary", input: { term: intent.term } }];
    case "predict": {
      // tomorrow: the hourly steps (the daily one where the coin has no hourly data); next week: the daily steps
      const interval =
        intent.horizon === "day" ? { interval: "1h" } : intent.horizon === "week" ? { interval: "1d" } : {};
      return intent.symbols.map((symbol) => ({ toolName: "predict", input: { symbol, ...interval } }));
    }
    case "alarm":
      return alarmCalls(intent);
    default:
      return [];
  }
}

/** The answer to a question that needs no data, or that cannot be answered. */
export function answerWithoutData(question: Question): string {
  const { language, intent } = question;
  const lead = question.attachments ? `${texts.attachments(language)}\n\n` : "";
  switch (intent.kind) {
    case "help":
      return lead + texts.help(language);
    case "needCoin":
      return lead + texts.needCoin(language);
    case "alarm":
      return lead + alarmQuestion(intent, language);
    default:
      return lead + (question.forecast ? `${texts.noForecast(language)} ` : "") + texts.cannotAnswer(language);
  }
}

interface Read {
  prices: TokenPriceOutput[];
  periods: PriceChangeOutput[];
  compares: CompareOutput[];
  stats: CandleStatsOutput[];
  news: NewsOutput[];
  sentiments: SentimentOutput[];
  movers: MoversOutput[];
  glossary: GlossaryOutput[];
  predictions: PredictOutput[];
  alarms: (PriceAlarmSetOutput | PriceAlarmRefusedOutput)[];
  notFound: NotFoundOutput[];
  failed: { tool: string; message: string }[];
}

function read(results: readonly ToolResult[]): Read {
  const out: Read = {
    prices: [],
    periods: [],
    compares: [],
    stats: [],
    news: [],
    sentiments: [],
    movers: [],
    glossary: [],
    predictions: [],
    alarms: [],
    notFound: [],
    failed: [],
  };
  for (const { toolName, output } of results) {
    if (output.type === "error-text") {
      out.failed.push({ tool: toolName, message: output.value });
      continue;
    }
    if (output.type === "error-json") {
      out.failed.push({ tool: toolName, message: JSON.stringify(output.value) });
      continue;
    }
    if (output.type !== "json" || !isChatToolName(toolName)) {
      out.failed.push({ tool: toolName, message: output.type === "json" ? "unknown tool" : output.type });
      continue;
    }
    const value = output.value;
    const fail = () => out.failed.push({ tool: toolName, message: "unexpected output" });
    switch (toolName) {
      case "tokenPrice": {
        const parsed = toolOutputSchemas.tokenPrice.safeParse(value);
        if (!parsed.success) fail();
        else if (parsed.data.found) out.prices.push(parsed.data);
        else out.notFound.push(parsed.data);
        break;
      }
      case "priceChange": {
        const parsed = toolOutputSchemas.priceChange.safeParse(value);
        if (!parsed.success) fail();
        else if (parsed.data.found) out.periods.push(parsed.data);
        else out.notFound.push(parsed.data);
        break;
      }
      case "candleStats": {
        const parsed = toolOutputSchemas.candleStats.safeParse(value);
        if (!parsed.success) fail();
        else if (parsed.data.found) out.stats.push(parsed.data);
        else out.notFound.push(parsed.data);
        break;
      }
      case "compareTokens": {
        const parsed = toolOutputSchemas.compareTokens.safeParse(value);
        if (!parsed.success) fail();
        else if (parsed.data.found) out.compares.push(parsed.data);
        else out.notFound.push(parsed.data);
        break;
      }
      case "newsSearch": {
        const parsed = toolOutputSchemas.newsSearch.safeParse(value);
        if (!parsed.success) fail();
        else if (parsed.data.found) out.news.push(parsed.data);
        else out.notFound.push(parsed.data);
        break;
      }
      case "marketSentiment": {
        const parsed = toolOutputSchemas.marketSentiment.safeParse(value);
        if (parsed.success) out.sentiments.push(parsed.data);
        else fail();
        break;
      }
      case "topMovers": {
        const parsed = toolOutputSchemas.topMovers.safeParse(value);
        if (parsed.success) out.movers.push(parsed.data);
        else fail();
        break;
      }
      case "glossary": {
        const parsed = toolOutputSchemas.glossary.safeParse(value);
        if (!parsed.success) fail();
        else if (parsed.data.found) out.glossary.push(parsed.data);
        else out.notFound.push(parsed.data);
        break;
      }
      case "predict": {
        const parsed = toolOutputSchemas.predict.safeParse(value);
        if (!parsed.success) fail();
        else if (parsed.data.found) out.predictions.push(parsed.data);
        else out.notFound.push(parsed.data);
        break;
      }
      case "setPriceAlarm": {
        const parsed = toolOutputSchemas.setPriceAlarm.safeParse(value);
        if (parsed.success) out.alarms.push(parsed.data);
        else fail();
        break;
      }
    }
  }
  return out;
}

function sourceLine(citation: ChatCitation, language: AnswerLanguage): string {
  if (citation.tool === "glossary") {
    const revised = formatDate(citation.at);
    return language === "zh"
      ? `来源：${citation.source}（修订于 ${revised}）`
      : `Source: ${citation.source} (revised ${revised})`;
  }
  const at = formatTime(citation.at);
  return language === "zh" ? `来源：${citation.source}，${at}` : `Source: ${citation.source}, ${at}`;
}

/** The conversions the outputs made (or could not make), one per currency. */
function conversions(r: Read): FxOutput[] {
  const all = [
    ...r.prices.map((o) => o.fx),
    ...r.periods.map((o) => o.fx),
    ...r.compares.map((o) => o.fx),
    ...r.stats.map((o) => o.fx),
  ];
  const byCurrency = new Map<string, FxOutput>();
  for (const fx of all) if (fx && !byCurrency.has(fx.currency)) byCurrency.set(fx.currency, fx);
  return [...byCurrency.values()];
}

/**
 * What a why-question's news answer adds: that headlines of those days are not proof of why, and, when the coin did
 * not move the way the question says, that it did not.
 */
function whyNote(question: Question, news: NewsOutput): string {
  const { intent, language } = question;
  if (intent.kind !== "news" || !intent.why) return "";
  const c = language === "zh";
  const move = news.coin?.move;
  const lines: string[] = [];
  if (move && news.coin && intent.why !== "move") {
    const contrary = intent.why === "down" ? move.change > 0 : move.change < 0;
    if (contrary || move.change === 0) {
      const symbol = news.coin.symbol;
      const change = formatPercent(move.change, language);
      lines.push(
        c
          ? `注意：这段时间 ${symbol} 并没有${intent.why === "down" ? "下跌" : "上涨"}，涨跌为 ${change}。`
          : `Note: ${symbol} did not ${intent.why === "down" ? "fall" : "rise"} over these days; it moved ${change}.`,
      );
    }
  }
  lines.push(
    c
      ? "这些新闻是同期的报道，并不能单独证明价格变动的原因。"
      : "These are the reports of those days; they do not by themselves prove why the price moved.",
  );
  return lines.join(c ? "" : " ");
}

/** The answer composed from the tools' results: a lead with the key figure, tables, then a source line each. */
export function answerFromResults(question: Question, results: readonly ToolResult[]): string {
  const { language } = question;
  const r = read(results);
  const blocks: string[] = [];
  const hasData = r.prices.length + r.periods.length + r.compares.length + r.stats.length > 0;
  if (question.attachments) blocks.push(texts.attachments(language));
  if (question.forecast) blocks.push(hasData ? texts.forecastWithData(language) : texts.noForecast(language));
  const fx = conversions(r);
  // no rate for the market time: said first, so that the figures below read as US dollars
  for (const missing of fx.filter((f) => !f.rate)) blocks.push(fxBlock(missing, language));
  for (const compare of r.compares) blocks.push(compareBlock(compare, language));
  if (r.prices.length > 0) blocks.push(priceBlock(r.prices, language));
  if (r.periods.length > 0) blocks.push(periodBlock(r.periods, language));
  for (const stats of r.stats) blocks.push(statsBlock(stats, language));
  for (const rate of fx.filter((f) => f.rate)) blocks.push(fxBlock(rate, language));
  if (r.movers.length > 0) blocks.push(moversBlock(r.movers, language));
  for (const sentiment of r.sentiments) blocks.push(sentimentBlock(sentiment, language));
  for (const news of r.news) {
    blocks.push(newsBlock(news, language));
    const note = whyNote(question, news);
    if (note) blocks.push(note);
  }
  for (const entry of r.glossary) blocks.push(glossaryBlock(entry, language));
  const horizon = question.intent.kind === "predict" ? question.intent.horizon : undefined;
  for (const forecast of r.predictions) blocks.push(predictBlock(forecast, language, horizon));
  for (const alarm of r.alarms) blocks.push(alarmBlock(alarm, language));
  for (const missing of r.notFound) blocks.push(notFoundBlock(missing, language));
  for (const failure of r.failed) blocks.push(failedBlock(failure.tool, failure.message, language));
  if (r.stats.length > 0 && question.forecast) {
    blocks.push(texts.notAdvice(language));
    // the tested forecast is there to be read, with its record, on the Predict page
    blocks.push(
      texts.forecastPointer(
        r.stats.map((s) => s.symbol),
        language,
      ),
    );
  }

  const answered =
    r.prices.length +
    r.periods.length +
    r.compares.length +
    r.stats.length +
    r.movers.length +
    r.sentiments.length +
    r.predictions.length +
    r.alarms.length;
  if (answered + r.news.length + r.glossary.length + r.notFound.length + r.failed.length === 0) {
    blocks.push(texts.noResults(language));
  }

  const citations: ChatCitation[] = [];
  const all = [
    ...r.compares,
    ...r.prices,
    ...r.periods,
    ...r.stats,
    ...r.movers,
    ...r.sentiments,
    ...r.news,
    ...r.glossary,
    ...r.predictions,
    // an alarm set cites the price it was set from; a refusal shows no figure to cite
    ...r.alarms.filter((alarm) => alarm.set),
    ...r.notFound,
  ];
  for (const output of all) {
    const citation = output.citation;
    if (citation && !citations.some((c) => c.source === citation.source && c.at === citation.at)) {
      citations.push(citation);
    }
  }
  return [...blocks, ...citations.map((c) => sourceLine(c, language))].join("\n\n");
}
