import type { ChatCitation } from "../../../../contract/chat.ts";
import { REPORT_NEWS_DAYS, REPORT_NEWS_MAX } from "../../../../contract/report.ts";
import {
  type CoinProfileOutput,
  type NewsOutput,
  type PredictOutput,
  toolOutputSchemas,
} from "../tools/tool-outputs.ts";
import { failedBlock, notFoundBlock } from "./answer-blocks.ts";
import type { PlannedCall, ToolResult } from "./compose.ts";
import {
  type AnswerLanguage,
  cell,
  formatAmount,
  formatDate,
  formatPercent,
  formatPrice,
  formatTime,
  table,
} from "./format.ts";
import type { ModeStep } from "./mode-step.ts";
import { noToolsStep, offeredCalls, withSources } from "./mode-step.ts";
import { predictBlock } from "./predict-answer.ts";

/**
 * The research report agent: one coin's report from the product's data — overview, price action, volatility and
 * drawdown, correlation with BTC, the news of the last 14 days, the forecast with its record, and risks read from
 * those figures — in one round of tools (coinProfile, newsSearch, predict).
 */

type L = AnswerLanguage;
/** the news window and count of the shared research report (contract/report.ts), so both list the same news */
export const REPORT_NEWS_PERIOD = `${REPORT_NEWS_DAYS}d`;
const REPORT_NEWS_ITEMS = REPORT_NEWS_MAX;
/** annualised volatility above this is called high */
const HIGH_VOLATILITY = 80;
const DEEP_DRAWDOWN = -30;
const HIGH_CORRELATION = 0.7;
const SMALL_RANK = 100;

export const reportCalls = (symbol: string): PlannedCall[] => [
  { toolName: "coinProfile", input: { symbol } },
  { toolName: "newsSearch", input: { query: symbol, limit: REPORT_NEWS_ITEMS, period: REPORT_NEWS_PERIOD } },
  { toolName: "predict", input: { symbol, interval: "1d" } },
];

interface ReportRead {
  profile?: CoinProfileOutput;
  news?: NewsOutput;
  forecast?: PredictOutput;
  missing: string[];
}

function readReport(results: readonly ToolResult[], language: L): ReportRead {
  const read: ReportRead = { missing: [] };
  for (const { toolName, output } of results) {
    if (output.type !== "json") {
      read.missing.push(failedBlock(toolName, output.type === "error-text" ? output.value : output.type, language));
      continue;
    }
    const value = output.value;
    if (toolName === "coinProfile") {
      const parsed = toolOutputSchemas.coinProfile.safeParse(value);
      if (!parsed.success) continue;
      if (parsed.data.found) read.profile = parsed.data;
      else read.missing.push(notFoundBlock(parsed.data, language));
    } else if (toolName === "newsSearch") {
      const parsed = toolOutputSchemas.newsSearch.safeParse(value);
      if (parsed.success && parsed.data.found) read.news = parsed.data;
    } else if (toolName === "predict") {
      const parsed = toolOutputSchemas.predict.safeParse(value);
      if (!parsed.success) continue;
      if (parsed.data.found) read.forecast = parsed.data;
      else read.missing.push(notFoundBlock(parsed.data, language));
    }
  }
  return read;
}

function risks(read: ReportRead, language: L): string[] {
  const c = language === "zh";
  const { profile, forecast, news } = read;
  const lines: string[] = [];
  if (profile?.volatility && profile.volatility.annualizedPercent > HIGH_VOLATILITY) {
    lines.push(
      c
        ? `波动大：年化波动率 ${profile.volatility.annualizedPercent.toFixed(2)}%，单日涨跌 ±${profile.volatility.dailyPercent.toFixed(2)}% 很常见。`
        : `High volatility: ${profile.volatility.annualizedPercent.toFixed(2)}% annualised; daily moves of ±${profile.volatility.dailyPercent.toFixed(2)}% are ordinary.`,
    );
  }
  if (profile?.maxDrawdown && profile.maxDrawdown.percent < DEEP_DRAWDOWN) {
    lines.push(
      c
        ? `深度回撤：近 ${profile.maxDrawdown.days} 天从高点最多下跌 ${formatPercent(profile.maxDrawdown.percent, language)}。`
        : `Deep drawdown: it fell as much as ${formatPercent(profile.maxDrawdown.percent, language)} from a peak in the last ${profile.maxDrawdown.days} days.`,
    );
  }
  if (profile?.correlation && profile.correlation.value > HIGH_CORRELATION) {
    lines.push(
      c
        ? `跟随大盘：与 ${profile.correlation.benchmark} 的日收益相关系数 ${profile.correlation.value.toFixed(2)}，${profile.correlation.benchmark} 下跌时它往往也跌。`
        : `Moves with the market: its daily returns correlate ${profile.correlation.value.toFixed(2)} with ${profile.correlation.benchmark}'s, so a ${profile.correlation.benchmark} fall tends to pull it down too.`,
    );
  }
  if (profile && (profile.rank === null || profile.rank > SMALL_RANK)) {
    lines.push(
      c
        ? `规模小：${profile.rank === null ? "没有市值排名" : `市值排名第 ${profile.rank}`}，流动性可能较薄。`
        : `Small size: ${profile.rank === null ? "no market-cap rank" : `market-cap rank ${profile.rank}`}, so liquidity may be thin.`,
    );
  }
  if (forecast && !forecast.model.beatsNaive) {
    lines.push(
      c
        ? "不可预测：没有模型在这个币上胜过“不变”预测，过去的价格对它的走向几乎没有提示。"
        : 'Unpredictable: no model beat "no change" on this coin, so its past prices say little about where it goes.',
    );
  }
  if (news && news.items.length === 0) {
    lines.push(
      c
        ? `信息少：近 ${REPORT_NEWS_DAYS} 天没有相关新闻。`
        : `Little information: no news about it in the last ${REPORT_NEWS_DAYS} days.`,
    );
  }
  lines.push(
    c
      ? "以上风险只根据数据列出，并不完整；本报告描述数据，不构成投资建议。"
      : "These risks are read from the data only and are not complete; this report describes data and is not advice.",
  );
  return lines.map((line) => `- ${line}`);
}

export function reportAnswer(results: readonly ToolResult[], language: L): string {
  const c = language === "zh";
  const read = readReport(results, language);
  const { profile, news, forecast } = read;
  const blocks: string[] = [];
  const name = profile
    ? profile.name === profile.symbol
      ? profile.symbol
      : `${profile.name} (${profile.symbol})`
    : "";
  if (!profile)
    return [...read.missing].join("\n\n") || (c ? "没有拿到这个币的数据。" : "I got no data for this coin.");
  const source = (citation: ChatCitation) => `${citation.source}, ${formatTime(citation.at)}`;
  blocks.push(c ? `## 研究报告：${name}` : `## Research report: ${name}`);
  blocks.push(
    c
      ? `*根据本应用的数据，截至 ${formatTime(profile.asOf)}；每个数字都注明来源和时间。*`
      : `*From this app's data as of ${formatTime(profile.asOf)}; every figure names its source and time.*`,
  );

  blocks.push(c ? "### 概览" : "### Overview");
  blocks.push(
    table(c ? ["项目", "数值", "来源"] : ["", "Value", "Source"], [
      [
        c ? "价格" : "Price",
        `${formatPrice(profile.price)} USDT`,
        `${profile.citation.source}, ${formatTime(profile.priceTime)}`,
      ],
      [
        c ? "市值排名" : "Rank",
        profile.rank === null ? (c ? "无数据" : "n/a") : `#${profile.rank}`,
        profile.rankAsOf ? `${profile.citation.source}, ${formatDate(profile.rankAsOf)}` : profile.citation.source,
      ],
      [
        c ? "市值" : "Market cap",
        profile.marketCap === null ? (c ? "无数据" : "n/a") : `${formatAmount(profile.marketCap, language)} USDT`,
        `${profile.citation.source}, ${formatTime(profile.priceTime)}`,
      ],
      [
        c ? "分类" : "Categories",
        profile.categories === null
          ? c
            ? "无数据"
            : "n/a"
          : profile.categories.length > 0
            ? profile.categories.join(", ")
            : c
              ? "无"
              : "none",
        `${profile.citation.source}, ${formatTime(profile.asOf)}`,
      ],
    ]),
  );

  blocks.push(c ? "### 价格表现" : "### Price action");
  blocks.push(
    table(
      c ? ["区间", "涨跌", "来源"] : ["Window", "Return", "Source"],
      profile.returns.map((r) => [
        c ? `${r.days} 天` : `${r.days} days`,
        formatPercent(r.change, language),
        source(profile.citation),
      ]),
    ),
  );

  blocks.push(c ? "### 波动与回撤" : "### Volatility and drawdown");
  const risk: string[] = [];
  if (profile.volatility) {
    risk.push(
      c
        ? `- ${profile.volatility.days} 天波动率：每天 ±${profile.volatility.dailyPercent.toFixed(2)}%，年化 **${profile.volatility.annualizedPercent.toFixed(2)}%**`
        : `- ${profile.volatility.days}-day volatility: ±${profile.volatility.dailyPercent.toFixed(2)}% a day, **${profile.volatility.annualizedPercent.toFixed(2)}%** annualised`,
    );
  }
  if (profile.maxDrawdown) {
    const d = profile.maxDrawdown;
    risk.push(
      c
        ? `- 最大回撤（${d.days} 天）：**${formatPercent(d.percent, language)}**，从 ${formatDate(d.peakAt)} 的 ${formatPrice(d.peak)} USDT 到 ${formatDate(d.troughAt)} 的 ${formatPrice(d.trough)} USDT`
        : `- Max drawdown (${d.days} days): **${formatPercent(d.percent, language)}**, from ${formatPrice(d.peak)} USDT on ${formatDate(d.peakAt)} to ${formatPrice(d.trough)} USDT on ${formatDate(d.troughAt)}`,
    );
  }
  risk.push(
    c ? `- 来源：${source(profile.citation)}（日线）` : `- Source: ${source(profile.citation)} (daily candles)`,
  );
  blocks.push(risk.join("\n"));

  const corr = profile.correlation;
  blocks.push(c ? `### 与 ${corr?.benchmark ?? "BTC"} 的相关性` : `### Correlation with ${corr?.benchmark ?? "BTC"}`);
  blocks.push(
    corr
      ? c
        ? `近 ${corr.days} 个日收益的相关系数：**${corr.value.toFixed(2)}**（1 = 完全同向，0 = 无关）。来源：${source(profile.citation)}`
        : `Correlation of the last ${corr.days} daily returns: **${corr.value.toFixed(2)}** (1 = moves in step, 0 = unrelated). Source: ${source(profile.citation)}`
      : c
        ? "共同的日线太少，无法计算相关性。"
        : "Too few shared daily candles to measure a correlation.",
  );

  blocks.push(c ? `### 近 ${REPORT_NEWS_DAYS} 天新闻` : `### News of the last ${REPORT_NEWS_DAYS} days`);
  if (news && news.items.length > 0) {
    blocks.push(
      news.items
        .map((item) => {
          const title = item.url ? `[${cell(item.title)}](${item.url})` : cell(item.title);
          return `- ${title} — ${item.source}, ${formatTime(item.publishedAt)}`;
        })
        .join("\n"),
    );
  } else {
    blocks.push(
      c ? `近 ${REPORT_NEWS_DAYS} 天没有找到相关新闻。` : `No news about it in the last ${REPORT_NEWS_DAYS} days.`,
    );
  }

  blocks.push(c ? "### 预测及其记录" : "### Forecast and its record");
  blocks.push(
    forecast ? predictBlock(forecast, language, "week") : c ? "没有可用的预测。" : "No forecast is available.",
  );

  blocks.push(c ? "### 风险" : "### Risks");
  blocks.push(risks(read, language).join("\n"));
  for (const missing of read.missing) blocks.push(missing);
  return withSources(blocks, [profile.citation, news?.citation ?? null, forecast?.citation ?? null], language);
}

/** The report's step: ask for the coin, look it up, or write the report. */
export function reportStep(
  symbol: string | undefined,
  results: readonly ToolResult[],
  offered: ReadonlySet<string>,
  language: L,
): ModeStep {
  if (!symbol) {
    return {
      kind: "answer",
      text:
        language === "zh"
          ? "你想要哪个币的研究报告？请给出代码或名称，例如 SOL 或以太坊。"
          : "Which coin should the report be on? Name it by its symbol or name, for example SOL or Ethereum.",
    };
  }
  if (results.length > 0) return { kind: "answer", text: reportAnswer(results, language) };
  const calls = offeredCalls(reportCalls(symbol), offered);
  return calls.length === 0 ? noToolsStep(language) : { kind: "calls", calls };
}
