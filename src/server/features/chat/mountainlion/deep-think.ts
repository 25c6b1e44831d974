import { priceText } from "../../../../contract/price-format.ts";
import {
  BENCHMARK_OF_BENCHMARK,
  DEFAULT_BENCHMARK,
  type TechnicalAnalysisOutput,
} from "../tools/technical-analysis.ts";
import type { MoversOutput, NewsOutput, SentimentOutput, TokenPriceOutput } from "../tools/tool-outputs.ts";
import { failedBlock, moodClass, notFoundBlock } from "./answer-blocks.ts";
import type { PlannedCall, ToolResult } from "./compose.ts";
import { type AnswerLanguage, cell, formatDate, formatPercent, formatPoints, formatTime } from "./format.ts";
import type { Question } from "./intent.ts";
import {
  coinLabel,
  type ModeRead,
  type ModeStep,
  noToolsStep,
  offeredCalls,
  readResults,
  usdt,
  withSources,
} from "./mode-step.ts";
import { texts } from "./texts.ts";

/**
 * Deep think: MountainLion's longer answer, in two rounds of tool calls that the chat shows as steps. For a coin it
 * first reads the price and a daily-candle analysis against a benchmark (technicalAnalysis), then, once the coin is
 * known to be in the data, the market's sentiment and the coin's news of the last 7 days (market time). The answer
 * has a section each for the trend, volatility and drawdown, support and resistance, relative strength, sentiment
 * and news, then how the figures were weighed ("How I reasoned") and what the analysis cannot see ("Limits").
 * Questions about the market as a whole (sentiment, movers) get the same depth with Bitcoin as the benchmark.
 * Questions without a coin or the market to look at are answered as in search mode.
 */

const NEWS_DAYS = 7;
const NEWS_LIMIT = 10;
/** the news search's window (the last 7 whole days and the market day so far); the answer keeps the 7 days to the market time */
const NEWS_PERIOD = `${NEWS_DAYS}d`;
const NEWS_SHOWN = 5;
/** the news search counts the items of its window up to this many */
const NEWS_COUNTED = 100;
const MOVERS = 5;
const DAY = 86_400_000;
/** the coins the replay holds hourly candles for; every other coin has daily candles only */
const HOURLY_COINS = ["BTC", "ETH", "BNB"];

type L = AnswerLanguage;
const zh = (language: L) => language === "zh";

type Target = { kind: "coin"; symbol: string; benchmark: string | undefined } | { kind: "market" };

/** What a deep-think question looks at: a coin (the first named; a comparison's second is its benchmark), the market. */
export function deepThinkTarget(question: Question): Target | undefined {
  const { intent } = question;
  switch (intent.kind) {
    case "price":
    case "trend": {
      const [symbol] = intent.symbols;
      return symbol ? { kind: "coin", symbol, benchmark: undefined } : undefined;
    }
    case "compare":
      return { kind: "coin", symbol: intent.a, benchmark: intent.b };
    case "news":
      return /^[A-Z0-9]{2,10}$/.test(intent.query)
        ? { kind: "coin", symbol: intent.query, benchmark: undefined }
        : undefined;
    case "sentiment":
    case "movers":
      return { kind: "market" };
    default:
      return undefined;
  }
}

function rounds(target: Target): [PlannedCall[], PlannedCall[]] {
  if (target.kind === "market") {
    return [
      [
        { toolName: "marketSentiment", input: {} },
        { toolName: "topMovers", input: { direction: "up", limit: MOVERS } },
        { toolName: "topMovers", input: { direction: "down", limit: MOVERS } },
        { toolName: "technicalAnalysis", input: { symbol: DEFAULT_BENCHMARK } },
      ],
      [{ toolName: "newsSearch", input: { query: "", limit: NEWS_LIMIT, period: NEWS_PERIOD } }],
    ];
  }
  const { symbol, benchmark } = target;
  return [
    [
      { toolName: "tokenPrice", input: { symbol } },
      { toolName: "technicalAnalysis", input: benchmark ? { symbol, benchmark } : { symbol } },
    ],
    [
      { toolName: "marketSentiment", input: {} },
      { toolName: "newsSearch", input: { query: symbol, limit: NEWS_LIMIT, period: NEWS_PERIOD } },
    ],
  ];
}

/** The next step of a deep-think answer, given the tools' results so far (none before the first round). */
export function deepThinkStep(
  question: Question,
  results: readonly ToolResult[],
  offered: ReadonlySet<string>,
): ModeStep {
  const target = deepThinkTarget(question);
  if (!target) return { kind: "search" };
  const [first, second] = rounds(target);
  if (results.length === 0) {
    const calls = offeredCalls(first, offered);
    return calls.length === 0 ? noToolsStep(question.language) : { kind: "calls", calls };
  }
  const read = readResults(results);
  const coinFound = target.kind === "market" || read.prices.length + read.analyses.length > 0;
  const secondAsked = second.some((call) => read.answered.has(call.toolName));
  if (coinFound && !secondAsked) {
    const calls = offeredCalls(second, offered);
    if (calls.length > 0) return { kind: "calls", calls };
  }
  const text = target.kind === "market" ? marketAnswer(question, read) : coinAnswer(question, target, read);
  return { kind: "answer", text };
}

// ---- the coin's answer ----

function coinAnswer(question: Question, target: Extract<Target, { kind: "coin" }>, read: ModeRead): string {
  const { language } = question;
  const c = zh(language);
  const price = read.prices[0];
  const analysis = read.analyses[0];
  const blocks: string[] = [];
  if (question.attachments) blocks.push(texts.attachments(language));
  if (!price && !analysis) {
    if (question.forecast) blocks.push(texts.noForecast(language));
    const missing = read.notFound.filter(
      (n, i) => read.notFound.findIndex((m) => m.reason === n.reason && m.query === n.query) === i,
    );
    for (const output of missing) blocks.push(notFoundBlock(output, language));
    for (const failure of read.failed) blocks.push(failedBlock(failure.tool, failure.message, language));
    if (read.notFound.length + read.failed.length === 0) blocks.push(texts.noResults(language));
    return withSources(
      blocks,
      missing.map((n) => n.citation),
      language,
    );
  }
  if (question.forecast) blocks.push(texts.forecastWithData(language));
  const symbol = analysis?.symbol ?? price?.symbol ?? target.symbol;
  const marketAt = price?.citation.at ?? read.sentiments[0]?.citation.at ?? analysis?.citation.at ?? "";
  const sentiment = read.sentiments[0];
  const news = read.news[0];
  const lookups = read.count;
  blocks.push(coinLead(symbol, price, analysis, lookups, language));

  if (analysis) {
    blocks.push(section(c ? "趋势" : "Trend", trendLines(analysis, language)));
    blocks.push(section(c ? "波动与回撤" : "Volatility and drawdown", riskLines(analysis, language)));
    blocks.push(section(c ? "支撑与阻力" : "Support and resistance", levelLines(analysis, language)));
    const bench = analysis.benchmark.symbol;
    blocks.push(
      section(c ? `相对 ${bench} 的强弱` : `Relative strength against ${bench}`, strengthLines(analysis, language)),
    );
  }
  blocks.push(section(c ? "市场情绪" : "Market sentiment", sentimentLines(sentiment, language)));
  blocks.push(
    section(
      c ? `近 ${NEWS_DAYS} 天的新闻` : `News of the last ${NEWS_DAYS} days`,
      newsLines(news, read, symbol, marketAt, language),
    ),
  );
  for (const failure of read.failed) blocks.push(failedBlock(failure.tool, failure.message, language));
  blocks.push(
    section(c ? "我的推理过程" : "How I reasoned", reasoning(symbol, analysis, sentiment, news, marketAt, language)),
  );
  blocks.push(section(c ? "分析的局限" : "Limits of this analysis", limits([symbol], marketAt, language, "coin")));
  const citations = [price?.citation ?? null, analysis?.citation ?? null, sentiment?.citation ?? null];
  citations.push(news?.citation ?? null);
  return withSources(blocks, citations, language);
}

function coinLead(
  symbol: string,
  price: TokenPriceOutput | undefined,
  analysis: TechnicalAnalysisOutput | undefined,
  lookups: number,
  language: L,
): string {
  const c = zh(language);
  const label = price ? coinLabel(price) : analysis ? coinLabel(analysis) : symbol;
  const bench = analysis?.benchmark.symbol ?? DEFAULT_BENCHMARK;
  const days = analysis?.days ?? 0;
  const quote = price
    ? c
      ? `截至 ${formatTime(price.citation.at)}，价格 **${usdt(price.price)}**（24 小时 ${formatPercent(price.change24h, language)}）。`
      : `**${usdt(price.price)}** (${formatPercent(price.change24h, language)} over 24h) as of ${formatTime(price.citation.at)}.`
    : "";
  const plan = c
    ? `这次我看得比快速回答更深：先读取 ${symbol} 的价格和 ${days} 根日 K 线（并与 ${bench} 对比），再查看市场情绪和近 ${NEWS_DAYS} 天的新闻，共 ${lookups} 次查询。下面是数据、我的推理和这份分析的局限。`
    : `I looked deeper than a quick answer: first ${symbol}'s price and its last ${days} daily candles (against ${bench}), then the market's mood and the news of the last ${NEWS_DAYS} days — ${lookups} lookups in all. The figures, how I weighed them and the limits of this analysis follow.`;
  return c ? `**深度思考 · ${label}**：${quote}\n\n${plan}` : `**Deep think · ${label}**: ${quote}\n\n${plan}`;
}

const section = (title: string, lines: readonly string[]) => `### ${title}\n\n${lines.join("\n")}`;

/** "3.20% above" / "高于 3.20%": a distance in percent without a sign, with its side. */
function distance(percent: number, language: L): string {
  const size = `${Math.abs(percent).toFixed(2)}%`;
  if (zh(language)) return percent > 0 ? `高于它 ${size}` : percent < 0 ? `低于它 ${size}` : "与它持平";
  return percent > 0 ? `${size} above it` : percent < 0 ? `${size} below it` : "level with it";
}

function averageLine(ma: TechnicalAnalysisOutput["movingAverages"]["short"], language: L): string {
  const c = zh(language);
  if (ma.value === null || ma.distancePercent === null) {
    return c
      ? `- MA${ma.period}：K 线不足 ${ma.period} 根，无法计算`
      : `- MA${ma.period}: fewer than ${ma.period} candles, not computed`;
  }
  return c
    ? `- MA${ma.period}：${usdt(ma.value)}，收盘价${distance(ma.distancePercent, language)}`
    : `- MA${ma.period}: ${usdt(ma.value)} — the close is ${distance(ma.distancePercent, language)}`;
}

type TrendReading = "up" | "down" | "mixed" | "unknown";

function trendReading(analysis: TechnicalAnalysisOutput): TrendReading {
  const { short, long, shortVsLong } = analysis.movingAverages;
  if (short.distancePercent === null || long.distancePercent === null || shortVsLong === null) return "unknown";
  if (short.distancePercent > 0 && long.distancePercent > 0 && shortVsLong === "above") return "up";
  if (short.distancePercent < 0 && long.distancePercent < 0 && shortVsLong === "below") return "down";
  return "mixed";
}

function trendSentence(reading: TrendReading, language: L): string {
  const c = zh(language);
  switch (reading) {
    case "up":
      return c
        ? "收盘价在两条均线之上，且 MA20 高于 MA50：日线趋势向上"
        : "the close is above both averages and MA20 is above MA50: the daily trend is up";
    case "down":
      return c
        ? "收盘价在两条均线之下，且 MA20 低于 MA50：日线趋势向下"
        : "the close is below both averages and MA20 is below MA50: the daily trend is down";
    case "mixed":
      return c
        ? "收盘价和两条均线指向不同方向：日线没有明确趋势"
        : "the close and the two averages point different ways: no clear daily trend";
    case "unknown":
      return c ? "K 线不足以计算两条均线，无法判断趋势" : "there are too few candles for both averages to read a trend";
  }
}

function trendLines(analysis: TechnicalAnalysisOutput, language: L): string[] {
  const c = zh(language);
  const { shortVsLong } = analysis.movingAverages;
  const closedAt = formatTime(analysis.to);
  const lines = [
    c
      ? `- 最近日收盘价：**${usdt(analysis.lastClose)}**（${closedAt} 收盘）`
      : `- Last daily close: **${usdt(analysis.lastClose)}** (closed ${closedAt})`,
    averageLine(analysis.movingAverages.short, language),
    averageLine(analysis.movingAverages.long, language),
  ];
  if (shortVsLong) {
    const side = c
      ? { above: "高于", below: "低于", equal: "等于" }[shortVsLong]
      : { above: "above", below: "below", equal: "level with" }[shortVsLong];
    lines.push(c ? `- MA20 ${side} MA50` : `- MA20 is ${side} MA50`);
  }
  const reading = trendSentence(trendReading(analysis), language);
  lines.push(c ? `- 判断：${reading}。` : `- Reading: ${reading}.`);
  return lines;
}

function riskLines(analysis: TechnicalAnalysisOutput, language: L): string[] {
  const c = zh(language);
  const { volatility: vol, range7d: range, maxDrawdown: dd } = analysis;
  const lines: string[] = [];
  if (vol) {
    lines.push(
      c
        ? `- ${vol.days} 日波动率：日收益率标准差 ±${vol.dailyPercent.toFixed(2)}%，年化 **${vol.annualizedPercent.toFixed(2)}%**`
        : `- ${vol.days}-day volatility: ±${vol.dailyPercent.toFixed(2)}% a day (stdev of daily returns), **${vol.annualizedPercent.toFixed(2)}%** annualised`,
    );
  } else {
    lines.push(c ? "- 波动率：K 线不足，无法计算" : "- Volatility: too few candles to compute");
  }
  lines.push(
    c
      ? `- ${range.days} 日区间：${priceText(range.low)} – ${priceText(range.high)} USDT`
      : `- ${range.days}-day range: ${priceText(range.low)} – ${priceText(range.high)} USDT`,
  );
  if (dd.percent < 0) {
    lines.push(
      c
        ? `- 最大回撤（${analysis.days} 天）：**${formatPercent(dd.percent, language)}**，从 ${formatDate(dd.peakAt)} 的收盘价 ${priceText(dd.peak)} 跌至 ${formatDate(dd.troughAt)} 的 ${priceText(dd.trough)}`
        : `- Max drawdown (${analysis.days} days): **${formatPercent(dd.percent, language)}**, from a close of ${priceText(dd.peak)} on ${formatDate(dd.peakAt)} to ${priceText(dd.trough)} on ${formatDate(dd.troughAt)}`,
    );
  } else {
    lines.push(
      c
        ? `- 最大回撤（${analysis.days} 天）：没有收盘价低于此前的最高收盘价`
        : `- Max drawdown (${analysis.days} days): no close fell below an earlier one`,
    );
  }
  return lines;
}

function levelText(levels: readonly number[], close: number, language: L): string {
  if (levels.length === 0) return zh(language) ? "窗口内没有" : "none in the window";
  const away = (level: number) => formatPercent((level / close - 1) * 100, language);
  return levels
    .map((level) => (zh(language) ? `${priceText(level)}（${away(level)}）` : `${priceText(level)} (${away(level)})`))
    .join(" · ");
}

function levelLines(analysis: TechnicalAnalysisOutput, language: L): string[] {
  const c = zh(language);
  const close = analysis.lastClose;
  return [
    c
      ? `- 支撑：${levelText(analysis.support, close, language)}`
      : `- Support: ${levelText(analysis.support, close, language)}`,
    c
      ? `- 阻力：${levelText(analysis.resistance, close, language)}`
      : `- Resistance: ${levelText(analysis.resistance, close, language)}`,
    c
      ? `- 取自最近 ${analysis.days} 根日 K 线的波段低点和高点，由近及远；括号内为与最近收盘价的距离。`
      : `- Swing lows and highs of the last ${analysis.days} daily candles, nearest first; in brackets, the distance from the last close.`,
  ];
}

function strengthLines(analysis: TechnicalAnalysisOutput, language: L): string[] {
  const c = zh(language);
  const { benchmark, symbol } = analysis;
  const lines: string[] = [];
  if (symbol === DEFAULT_BENCHMARK && benchmark.symbol === BENCHMARK_OF_BENCHMARK) {
    lines.push(
      c
        ? `- ${symbol} 本身就是市场的常用基准，所以这里拿它和 ${benchmark.symbol} 比较。`
        : `- ${symbol} is the market's usual benchmark itself, so here it is measured against ${benchmark.symbol}.`,
    );
  }
  if (benchmark.strength.length === 0) {
    lines.push(
      c
        ? `- ${benchmark.symbol} 在同样的日期没有 K 线，无法比较。`
        : `- ${benchmark.symbol} has no candles on the same days, so there is no comparison.`,
    );
    return lines;
  }
  for (const s of benchmark.strength) {
    const since = formatDate(s.since);
    lines.push(
      c
        ? `- ${s.days} 天（自 ${since} 收盘起）：${symbol} ${formatPercent(s.coinReturn, language)}，${benchmark.symbol} ${formatPercent(s.benchmarkReturn, language)}，相差 **${formatPoints(s.difference, language)}**`
        : `- ${s.days} days (from the close of ${since}): ${symbol} ${formatPercent(s.coinReturn, language)}, ${benchmark.symbol} ${formatPercent(s.benchmarkReturn, language)} → **${formatPoints(s.difference, language)}**`,
    );
  }
  return lines;
}

function sentimentLines(sentiment: SentimentOutput | undefined, language: L): string[] {
  const c = zh(language);
  if (!sentiment) return [c ? "- 没有拿到市场情绪数据。" : "- I didn't get the market's sentiment."];
  const lines: string[] = [];
  const index = sentiment.fearGreed;
  const before = sentiment.previous;
  if (index) {
    const was = before
      ? c
        ? `，前一天为 ${before.value}（${moodClass(before.classification, language)}）`
        : `, from ${before.value} (${before.classification}) the day before`
      : "";
    lines.push(
      c
        ? `- 恐慌贪婪指数：**${index.value}（${moodClass(index.classification, language)}）**，${formatDate(index.at)}${was}`
        : `- Fear & greed index: **${index.value} (${index.classification})** on ${formatDate(index.at)}${was}`,
    );
  } else {
    lines.push(c ? "- 暂无恐慌贪婪指数。" : "- No fear-and-greed reading is available.");
  }
  lines.push(
    c
      ? `- 24 小时内 ${sentiment.rising} 个币上涨、${sentiment.falling} 个下跌（共 ${sentiment.counted} 个）`
      : `- Over 24h, ${sentiment.rising} coins rose and ${sentiment.falling} fell (of ${sentiment.counted})`,
  );
  return lines;
}

/** A URL as a markdown link target: parentheses and spaces escaped so the link does not end early. */
const linkTarget = (url: string) =>
  url.replace(/[()\s]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

/** The news of the window searched: its span, how many items matched in it (the tool counts up to 100), the newest. */
interface WindowNews {
  from: string;
  to: string;
  total: number;
  items: NewsOutput["items"];
}

/**
 * The window the news search reports (the last 7 whole days and the market day so far); without one, the items
 * published in the 7 days up to the market time.
 */
function windowNews(news: NewsOutput | undefined, marketAt: string): WindowNews | undefined {
  const end = Date.parse(marketAt);
  if (!news || Number.isNaN(end)) return undefined;
  if (news.window) return { ...news.window, items: news.items };
  const items = news.items.filter((item) => {
    const at = Date.parse(item.publishedAt);
    return at <= end && at > end - NEWS_DAYS * DAY;
  });
  return { from: new Date(end - NEWS_DAYS * DAY).toISOString(), to: marketAt, total: items.length, items };
}

/** The news section's lines; `subject` is the coin the news is about (none: the latest headlines). */
function newsLines(
  news: NewsOutput | undefined,
  read: ModeRead,
  subject: string | undefined,
  marketAt: string,
  language: L,
) {
  const c = zh(language);
  const found = windowNews(news, marketAt);
  if (!found) {
    const none = read.notFound.some((n) => n.reason === "noNews") || read.answered.has("newsSearch");
    if (none) {
      if (!subject) return [c ? "- 没有找到新闻。" : "- I found no news."];
      return [c ? `- 没有找到关于 ${subject} 的新闻。` : `- I found no news about ${subject}.`];
    }
    return [c ? "- 没有拿到新闻数据。" : "- I didn't get the news."];
  }
  const span = c
    ? `${formatTime(found.from)} 至 ${formatTime(found.to)}`
    : `from ${formatTime(found.from)} to ${formatTime(found.to)}`;
  const about = subject ? (c ? `关于 ${subject} 的` : ` about ${subject}`) : "";
  if (found.total === 0 || found.items.length === 0) {
    return [c ? `- ${span}没有${about}新闻。` : `- No news${about} ${span}.`];
  }
  const shown = found.items.slice(0, NEWS_SHOWN);
  const many = found.total >= NEWS_COUNTED;
  const total = many
    ? c
      ? `${NEWS_COUNTED} 条以上`
      : `${NEWS_COUNTED} or more`
    : c
      ? `${found.total} 条`
      : `${found.total}`;
  const newest = found.total > shown.length;
  const head = c
    ? `${span}，我找到 ${total}${about}新闻${newest ? `，最新的 ${shown.length} 条` : ""}：`
    : `${total} news item${found.total === 1 ? "" : "s"}${about} ${span}${newest ? `; the newest ${shown.length}` : ""}:`;
  const items = shown.map((item) => {
    const title = item.url ? `[${cell(item.title)}](${linkTarget(item.url)})` : cell(item.title);
    return `- ${formatTime(item.publishedAt)} · ${title} — ${cell(item.source)}`;
  });
  return [head, "", ...items];
}

function strengthShort(analysis: TechnicalAnalysisOutput, language: L): string | undefined {
  const c = zh(language);
  const s = analysis.benchmark.strength[0];
  if (!s) return undefined;
  const bench = analysis.benchmark.symbol;
  const points = formatPoints(s.difference, language);
  if (s.difference > 0)
    return c
      ? `近 ${s.days} 天强于 ${bench}（${points}）`
      : `it did better than ${bench} over ${s.days} days (${points})`;
  if (s.difference < 0)
    return c
      ? `近 ${s.days} 天弱于 ${bench}（${points}）`
      : `it did worse than ${bench} over ${s.days} days (${points})`;
  return c ? `近 ${s.days} 天与 ${bench} 持平` : `it kept pace with ${bench} over ${s.days} days`;
}

function reasoning(
  symbol: string,
  analysis: TechnicalAnalysisOutput | undefined,
  sentiment: SentimentOutput | undefined,
  news: NewsOutput | undefined,
  marketAt: string,
  language: L,
): string[] {
  const c = zh(language);
  const steps: string[] = [];
  const conclusion: string[] = [];
  if (analysis) {
    const reading = trendReading(analysis);
    steps.push(
      c
        ? `**趋势**：我比较了最近收盘价和 20 日、50 日均线——${trendSentence(reading, language)}。`
        : `**Trend** — I set the last close against the 20- and 50-day averages: ${trendSentence(reading, language)}.`,
    );
    conclusion.push(
      c
        ? { up: "日线趋势向上", down: "日线趋势向下", mixed: "日线趋势不明确", unknown: "趋势无法判断" }[reading]
        : {
            up: `${symbol}'s daily trend is up`,
            down: `${symbol}'s daily trend is down`,
            mixed: `${symbol} has no clear daily trend`,
            unknown: `${symbol}'s trend can't be read`,
          }[reading],
    );
    const vol = analysis.volatility;
    const dd = analysis.maxDrawdown;
    if (vol) {
      steps.push(
        c
          ? `**风险**：日收益率通常波动约 ±${vol.dailyPercent.toFixed(2)}%（年化 ${vol.annualizedPercent.toFixed(2)}%）；${analysis.days} 天内从高点的最大跌幅为 ${formatPercent(dd.percent, language)}。这衡量的是持有它要承受的起伏。`
          : `**Risk** — A typical day moves it about ±${vol.dailyPercent.toFixed(2)}% (${vol.annualizedPercent.toFixed(2)}% annualised), and the deepest fall from a peak in ${analysis.days} days was ${formatPercent(dd.percent, language)}: the swings a holder had to sit through.`,
      );
    }
    const support = analysis.support[0];
    const resistance = analysis.resistance[0];
    if (support !== undefined || resistance !== undefined) {
      const near = [
        support !== undefined
          ? c
            ? `最近的支撑 ${priceText(support)}（${formatPercent((support / analysis.lastClose - 1) * 100, language)}）`
            : `the nearest support at ${priceText(support)} (${formatPercent((support / analysis.lastClose - 1) * 100, language)})`
          : "",
        resistance !== undefined
          ? c
            ? `最近的阻力 ${priceText(resistance)}（${formatPercent((resistance / analysis.lastClose - 1) * 100, language)}）`
            : `the nearest resistance at ${priceText(resistance)} (${formatPercent((resistance / analysis.lastClose - 1) * 100, language)})`
          : "",
      ].filter(Boolean);
      steps.push(
        c
          ? `**价位**：${near.join("，")}——这些是近期价格曾经转向的位置，不是会守住的保证。`
          : `**Levels** — ${near.join(" and ")}: where the price turned recently, not levels that must hold.`,
      );
    }
    const strength = strengthShort(analysis, language);
    if (strength) {
      steps.push(
        c
          ? `**相对强弱**：把 ${symbol} 的涨跌减去 ${analysis.benchmark.symbol} 同期的涨跌，区分它自身的走势和整个市场的走势：${strength}。`
          : `**Relative strength** — I took ${analysis.benchmark.symbol}'s return over the same days away from ${symbol}'s, to tell its own move from the market's: ${strength}.`,
      );
      conclusion.push(strength);
    }
  }
  const index = sentiment?.fearGreed;
  const recent = windowNews(news, marketAt)?.total ?? 0;
  const mood = index
    ? c
      ? `市场情绪为 ${index.value}（${moodClass(index.classification, language)}）`
      : `the market's mood reads ${index.value} (${index.classification})`
    : "";
  const newsCount = news
    ? c
      ? `近 ${NEWS_DAYS} 天有 ${recent >= NEWS_COUNTED ? `${NEWS_COUNTED} 条以上` : `${recent} 条`}相关新闻`
      : `${recent >= NEWS_COUNTED ? `${NEWS_COUNTED} or more` : recent} news item${recent === 1 ? "" : "s"} in the last ${NEWS_DAYS} days`
    : "";
  const context = [mood, newsCount].filter(Boolean);
  if (context.length > 0) {
    steps.push(
      c
        ? `**背景**：${context.join("，")}。情绪和新闻说明的是市场环境，我没有把它们换算成价格。`
        : `**Context** — ${context.join("; ")}. Mood and news set the scene; I did not turn them into a price.`,
    );
  }
  if (mood) conclusion.push(mood);
  const numbered = steps.map((step, i) => `${i + 1}. ${step}`);
  const period = analysis ? analysis.days : NEWS_DAYS;
  const summary = c
    ? `**小结**：${conclusion.length > 0 ? `${conclusion.join("，")}。` : ""}以上描述的是过去 ${period} 天的数据，不是预测，也不是投资建议。`
    : `**In short:** ${conclusion.length > 0 ? `${capitalise(conclusion.join(", "))}. ` : ""}This describes the last ${period} days; it is not a forecast or advice.`;
  return [...numbered, "", summary];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function limits(symbols: readonly string[], marketAt: string, language: L, scope: "coin" | "market"): string[] {
  const c = zh(language);
  const hourly = symbols.filter((s) => HOURLY_COINS.includes(s));
  const at = marketAt ? formatTime(marketAt) : "";
  const candles = c
    ? hourly.length > 0
      ? `- 只用了日 K 线：回放数据中只有 ${HOURLY_COINS.join("、")} 有小时 K 线，这里也没有用，所以看不到一天之内的波动。`
      : `- 只有日 K 线：回放数据中只有 ${HOURLY_COINS.join("、")} 有小时 K 线，所以看不到一天之内的波动。`
    : hourly.length > 0
      ? `- Daily candles only: the replay has hourly candles for ${HOURLY_COINS.join(", ")} alone, and this analysis reads the daily ones, so moves within a day are not seen.`
      : `- Daily candles only: the replay has hourly candles for ${HOURLY_COINS.join(", ")} alone, so moves within a day are not seen.`;
  return [
    c
      ? `- 回放数据：所有数字都截至回放的市场时间（${at}），不是此刻的真实行情。`
      : `- Replay data: every figure is as of the replay's market time (${at}), not today's market.`,
    candles,
    c
      ? "- 没有订单簿、资金费率、链上或衍生品数据，所以流动性和持仓结构都不在分析之内。"
      : "- No order book, funding, on-chain or derivatives data: liquidity and positioning are not covered.",
    scope === "coin"
      ? c
        ? `- 恐慌贪婪指数反映整个市场，不是 ${symbols[0] ?? ""} 单独的情绪；新闻按币种匹配标题，没有评估其重要性。`
        : `- The fear-and-greed index is the whole market's mood, not ${symbols[0] ?? "the coin"}'s; news is matched by coin in headlines and not weighed for importance.`
      : c
        ? "- 新闻按时间列出，没有评估其重要性。"
        : "- News is listed by time and not weighed for importance.",
    c ? "- 不构成投资建议：过去的数据不能预测价格。" : "- Not financial advice: past figures don't predict prices.",
  ];
}

// ---- the market's answer ----

function marketAnswer(question: Question, read: ModeRead): string {
  const { language } = question;
  const c = zh(language);
  const sentiment = read.sentiments[0];
  const btc = read.analyses[0];
  const news = read.news[0];
  const blocks: string[] = [];
  if (question.attachments) blocks.push(texts.attachments(language));
  if (question.forecast) blocks.push(texts.noForecast(language));
  const marketAt = sentiment?.citation.at ?? read.movers[0]?.citation.at ?? btc?.citation.at ?? "";
  const lookups = read.count;
  blocks.push(
    c
      ? `**深度思考 · 市场**（截至 ${formatTime(marketAt)}）：我先查看了市场情绪、24 小时涨跌榜，以及作为基准的比特币的日 K 线分析，再读取近 ${NEWS_DAYS} 天的新闻，共 ${lookups} 次查询。`
      : `**Deep think · the market** (as of ${formatTime(marketAt)}): I read the market's mood, the 24h gainers and losers and a daily-candle analysis of Bitcoin as the benchmark, then the news of the last ${NEWS_DAYS} days — ${lookups} lookups in all.`,
  );
  blocks.push(section(c ? "市场情绪" : "Market sentiment", sentimentLines(sentiment, language)));
  blocks.push(section(c ? "24 小时涨跌榜" : "Movers (24h)", moverLines(read.movers, language)));
  if (btc) {
    blocks.push(
      section(c ? `基准：${coinLabel(btc)}` : `The benchmark: ${coinLabel(btc)}`, [
        ...trendLines(btc, language),
        ...riskLines(btc, language),
        ...strengthLines(btc, language),
      ]),
    );
  }
  blocks.push(
    section(
      c ? `近 ${NEWS_DAYS} 天的新闻` : `News of the last ${NEWS_DAYS} days`,
      newsLines(news, read, undefined, marketAt, language),
    ),
  );
  for (const failure of read.failed) blocks.push(failedBlock(failure.tool, failure.message, language));
  const steps = reasoning(btc?.symbol ?? DEFAULT_BENCHMARK, btc, sentiment, news, marketAt, language);
  const breadth = sentiment
    ? c
      ? `**广度**：${sentiment.counted} 个币中 ${sentiment.rising} 个上涨、${sentiment.falling} 个下跌，说明涨跌是普遍的还是集中在少数币上。`
      : `**Breadth** — ${sentiment.rising} of ${sentiment.counted} coins rose and ${sentiment.falling} fell over 24h: whether a move is broad or carried by a few coins.`
    : undefined;
  blocks.push(section(c ? "我的推理过程" : "How I reasoned", breadth ? renumber([breadth], steps) : steps));
  blocks.push(
    section(
      c ? "分析的局限" : "Limits of this analysis",
      limits([btc?.symbol ?? DEFAULT_BENCHMARK], marketAt, language, "market"),
    ),
  );
  const citations = [sentiment?.citation ?? null, ...read.movers.map((m) => m.citation), btc?.citation ?? null];
  citations.push(news?.citation ?? null);
  return withSources(blocks, citations, language);
}

/** `first` steps, then the numbered `steps` after them, numbered again. */
function renumber(first: readonly string[], steps: readonly string[]): string[] {
  const numbered = steps.filter((line) => /^\d+\. /.test(line)).map((line) => line.replace(/^\d+\. /, ""));
  const rest = steps.filter((line) => !/^\d+\. /.test(line));
  return [...[...first, ...numbered].map((step, i) => `${i + 1}. ${step}`), ...rest];
}

function moverLines(lists: readonly MoversOutput[], language: L): string[] {
  const c = zh(language);
  if (lists.length === 0) return [c ? "- 没有拿到涨跌榜。" : "- I didn't get the movers."];
  return lists.map((list) => {
    const title = list.direction === "up" ? (c ? "涨幅最大" : "Top gainers") : c ? "跌幅最大" : "Top losers";
    const coins = list.movers.map((m) => `${m.symbol} ${formatPercent(m.change24h, language)}`);
    const none = list.direction === "up" ? (c ? "没有币上涨" : "no coin rose") : c ? "没有币下跌" : "no coin fell";
    return `- ${title}${c ? "：" : ": "}${coins.length > 0 ? coins.join(c ? "，" : ", ") : none}`;
  });
}
