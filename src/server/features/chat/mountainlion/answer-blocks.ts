import type { FxOutput } from "../tools/currency.ts";
import type {
  CandleStatsOutput,
  CompareOutput,
  GlossaryOutput,
  MoversOutput,
  NewsOutput,
  NotFoundOutput,
  PeriodMoveOutput,
  PeriodWindowOutput,
  PriceChangeOutput,
  SentimentOutput,
  TokenPriceOutput,
  TokenQuote,
} from "../tools/tool-outputs.ts";
import {
  type AnswerLanguage,
  cell,
  formatAmount,
  formatClock,
  formatDate,
  formatPercent,
  formatPoints,
  formatPrice,
  formatTime,
  table,
} from "./format.ts";

/** One markdown block per kind of tool output, in the answer's language. */

type L = AnswerLanguage;
const zh = (language: L) => language === "zh";
const coinName = (q: { name: string; symbol: string }) => (q.name === q.symbol ? q.symbol : `${q.name} (${q.symbol})`);
const usdt = (value: number) => `${formatPrice(value)} USDT`;

function rankText(q: TokenQuote, language: L): string {
  if (q.rank === null) return zh(language) ? "无数据" : "n/a";
  const asOf = q.rankAsOf ? formatDate(q.rankAsOf) : null;
  if (zh(language)) return asOf ? `第 ${q.rank} 名（${asOf} 数据）` : `第 ${q.rank} 名`;
  return asOf ? `#${q.rank} (as of ${asOf})` : `#${q.rank}`;
}

/** "2026-03-02 → 2026-03-09 (7 days)", "2026-03-09 00:00 → 12:00 UTC (12 hours)": the exact window. */
export function windowText(window: PeriodWindowOutput, language: L): string {
  const c = zh(language);
  const n = window.length;
  if (window.interval === "1d") {
    const span = `${formatDate(window.from)} → ${formatDate(window.to)}`;
    return c ? `${span}（${n} 天）` : `${span} (${n} ${n === 1 ? "day" : "days"})`;
  }
  const sameDay = formatDate(window.from) === formatDate(window.to);
  const span = sameDay
    ? `${formatTime(window.from).slice(0, 16)} → ${formatClock(window.to)} UTC`
    : `${formatTime(window.from)} → ${formatTime(window.to)}`;
  return c ? `${span}（${n} 小时）` : `${span} (${n} ${n === 1 ? "hour" : "hours"})`;
}

/** When a high or low was: the day for daily candles, the hour for hourly ones. */
const whenText = (iso: string, window: PeriodWindowOutput) =>
  window.interval === "1d" ? formatDate(iso) : formatTime(iso);

/** The currency the figures are converted to, when a rate was found. */
const convertedTo = (fx: FxOutput | null | undefined) => (fx?.rate ? fx.currency : null);

const RATE_SOURCES: Record<string, string> = { "ECB reference rate": "欧洲央行参考汇率" };
const CURRENCY_NAMES: Record<FxOutput["currency"], string> = { EUR: "欧元", CNY: "人民币" };

/**
 * The conversion's rate and date ("Converted at the ECB reference rate of 2026-03-06: 1 USD = 0.865 EUR"), or, with no
 * rate for the market time, that there is none and the figures are in US dollars.
 */
export function fxBlock(fx: FxOutput, language: L): string {
  const c = zh(language);
  const rate = fx.rate;
  if (!rate) {
    const day = formatDate(fx.at);
    return c
      ? `我们的数据中没有 ${day} 可用的欧洲央行参考汇率，无法换算成${CURRENCY_NAMES[fx.currency]}，以下价格以美元（USDT）计。`
      : `There is no ECB reference rate for ${day} in our data, so I can't convert to ${fx.currency}: the prices are in US dollars (USDT).`;
  }
  const perUsd = formatPrice(rate.perUsd);
  const at = formatTime(fx.at);
  if (c) {
    const source = RATE_SOURCES[rate.source] ?? rate.source;
    const carried = rate.carriedForward ? `（市场时间 ${at} 时最新公布的汇率）` : "";
    return `*按 ${rate.date} 的${source}换算：1 美元 = ${perUsd} ${CURRENCY_NAMES[fx.currency]}${carried}。USDT 按美元计。*`;
  }
  const carried = rate.carriedForward ? ` (the latest published by the market time, ${at})` : "";
  return `*Converted at the ${rate.source} of ${rate.date}: 1 USD = ${perUsd} ${fx.currency}${carried}. USDT is counted as US dollars.*`;
}

function quoteRows(quotes: readonly TokenQuote[], language: L, fx: FxOutput | null = null): string[][] {
  const c = zh(language);
  const currency = convertedTo(fx);
  const convertedRow = currency
    ? [
        [
          c ? `价格（${currency}）` : `Price (${currency})`,
          ...quotes.map((q) => (q.converted ? formatPrice(q.converted.price) : c ? "无数据" : "n/a")),
        ],
      ]
    : [];
  return [
    [c ? "价格（USDT）" : "Price (USDT)", ...quotes.map((q) => formatPrice(q.price))],
    ...convertedRow,
    [c ? "1 小时涨跌" : "1h change", ...quotes.map((q) => formatPercent(q.change1h, language))],
    [c ? "24 小时涨跌" : "24h change", ...quotes.map((q) => formatPercent(q.change24h, language))],
    [c ? "7 天涨跌" : "7d change", ...quotes.map((q) => formatPercent(q.change7d, language))],
    [c ? "24 小时成交额（USDT）" : "24h volume (USDT)", ...quotes.map((q) => formatAmount(q.volume24h, language))],
    [c ? "市值（USDT）" : "Market cap (USDT)", ...quotes.map((q) => formatAmount(q.marketCap, language))],
    [c ? "市值排名" : "Rank", ...quotes.map((q) => rankText(q, language))],
  ];
}

/** A URL as a markdown link target: parentheses and spaces escaped so the link does not end early. */
const linkTarget = (url: string) =>
  url.replace(/[()\s]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

/** A tool's figure as a markdown image (alt text escaped, the URL as the tool gave it), or nothing without one. */
export function figureImage(figure: { url: string; alt: string } | null | undefined): string {
  if (!figure) return "";
  const alt = figure.alt.replace(/[\r\n]+/g, " ").replace(/([\\[\]])/g, "\\$1");
  return `![${alt}](${linkTarget(figure.url)})`;
}

/** Blocks of markdown, one blank line apart, the empty ones left out. */
const joinBlocks = (...parts: string[]) => parts.filter(Boolean).join("\n\n");

/** "57,512.3 EUR" when converted, else "66,468.03 USDT". */
const priceIn = (usd: number, inCurrency: number | null | undefined, fx: FxOutput | null) => {
  const currency = convertedTo(fx);
  return currency && inCurrency !== null && inCurrency !== undefined
    ? `${formatPrice(inCurrency)} ${currency}`
    : usdt(usd);
};

export function priceBlock(prices: readonly TokenPriceOutput[], language: L): string {
  const [first] = prices;
  if (!first) return "";
  const at = formatTime(first.citation.at);
  const fx = first.fx;
  const both = (p: TokenPriceOutput) =>
    convertedTo(p.fx) && p.converted ? `${priceIn(p.price, p.converted.price, p.fx)}` : usdt(p.price);
  const after = (p: TokenPriceOutput) =>
    convertedTo(p.fx) && p.converted ? (zh(language) ? `（${usdt(p.price)}）` : ` (${usdt(p.price)})`) : "";
  if (prices.length === 1) {
    const lead = zh(language)
      ? `截至 ${at}，**${coinName(first)}** 价格为 **${both(first)}**${after(first)}，24 小时涨跌 ${formatPercent(first.change24h, language)}。`
      : `**${coinName(first)}** is at **${both(first)}**${after(first)}, ${formatPercent(first.change24h, language)} over 24h, as of ${at}.`;
    return `${lead}\n\n${table(["", first.symbol], quoteRows([first], language, fx))}`;
  }
  const lead = zh(language)
    ? `截至 ${at}，${prices.map((p) => `**${p.symbol}** ${both(p)}（${formatPercent(p.change24h, language)}）`).join("，")}。`
    : `As of ${at}: ${prices.map((p) => `**${p.symbol}** ${both(p)} (${formatPercent(p.change24h, language)})`).join(", ")}.`;
  return `${lead}\n\n${table(["", ...prices.map((p) => p.symbol)], quoteRows(prices, language, fx))}`;
}

/** The rows of one or more moves over a window, a column each: window, start, end, change, high, low. */
function moveRows(moves: readonly PeriodMoveOutput[], language: L, fx: FxOutput | null): string[][] {
  const c = zh(language);
  const currency = convertedTo(fx);
  const at = (m: PeriodMoveOutput, value: number, iso: string) => `${formatPrice(value)} (${whenText(iso, m.window)})`;
  const atZh = (m: PeriodMoveOutput, value: number, iso: string) =>
    `${formatPrice(value)}（${whenText(iso, m.window)}）`;
  const withTime = c ? atZh : at;
  const rows = [
    [c ? "区间" : "Window", ...moves.map((m) => windowText(m.window, language))],
    [c ? "起点价格（USDT）" : "Start price (USDT)", ...moves.map((m) => formatPrice(m.start))],
    [c ? "终点价格（USDT）" : "End price (USDT)", ...moves.map((m) => formatPrice(m.end))],
    [c ? "区间涨跌" : "Change", ...moves.map((m) => formatPercent(m.change, language))],
    [c ? "区间最高（USDT）" : "High (USDT)", ...moves.map((m) => withTime(m, m.high, m.highAt))],
    [c ? "区间最低（USDT）" : "Low (USDT)", ...moves.map((m) => withTime(m, m.low, m.lowAt))],
  ];
  if (!currency) return rows;
  const value = (m: PeriodMoveOutput, key: "start" | "end" | "high" | "low") =>
    m.converted ? formatPrice(m.converted[key]) : c ? "无数据" : "n/a";
  return [
    ...rows,
    [c ? `起点价格（${currency}）` : `Start price (${currency})`, ...moves.map((m) => value(m, "start"))],
    [c ? `终点价格（${currency}）` : `End price (${currency})`, ...moves.map((m) => value(m, "end"))],
    [c ? `区间最高（${currency}）` : `High (${currency})`, ...moves.map((m) => value(m, "high"))],
    [c ? `区间最低（${currency}）` : `Low (${currency})`, ...moves.map((m) => value(m, "low"))],
  ];
}

/** What changed the window asked for: the coin's data begins inside it, or it has no hourly candles for today. */
function moveNote(symbol: string, move: PeriodMoveOutput, language: L): string {
  const c = zh(language);
  if (move.note === "partial") {
    return c
      ? `*${symbol} 的数据从 ${formatDate(move.window.from)} 开始，所以区间从那天算起。*`
      : `*${symbol}'s data begins on ${formatDate(move.window.from)}, so its window starts there.*`;
  }
  if (move.note === "noIntraday") {
    return c
      ? `*${symbol} 没有小时 K 线，所以“今天”给出的是最近一个完整日。*`
      : `*There are no hourly candles for ${symbol}, so "today" shows its last whole day.*`;
  }
  return "";
}

/** One sentence of a coin's move: "moved **+3.21%** over 2026-03-02 → 2026-03-09 (7 days), from 1 to 2 USDT". */
function moveSentence(name: string, move: PeriodMoveOutput, language: L, fx: FxOutput | null): string {
  const c = zh(language);
  const change = formatPercent(move.change, language);
  const window = windowText(move.window, language);
  const from = priceIn(move.start, move.converted?.start, fx);
  const to = priceIn(move.end, move.converted?.end, fx);
  const high = `${priceIn(move.high, move.converted?.high, fx)}`;
  const low = `${priceIn(move.low, move.converted?.low, fx)}`;
  return c
    ? `${name} 在 ${window}内涨跌 **${change}**：从 ${from} 到 ${to}，区间最高 ${high}（${whenText(move.highAt, move.window)}），最低 ${low}（${whenText(move.lowAt, move.window)}）。`
    : `${name} moved **${change}** over ${window}: from ${from} to ${to}, with a high of ${high} (${whenText(move.highAt, move.window)}) and a low of ${low} (${whenText(move.lowAt, move.window)}).`;
}

export const MOVE_METHOD = {
  en: "*The change runs from the close before the window (the price at its start) to its last close; the high and low are the extremes of its candles.*",
  zh: "*涨跌幅从区间开始前的收盘价（区间起点的价格）算到区间内最后一根 K 线的收盘价；最高、最低取区间内 K 线的极值。*",
} as const;

/** Price moves over a window, one coin or several. */
export function periodBlock(outputs: readonly PriceChangeOutput[], language: L): string {
  const [first] = outputs;
  if (!first) return "";
  const c = zh(language);
  const fx = first.fx;
  let lead: string;
  if (outputs.length === 1) {
    lead = moveSentence(`**${coinName(first)}**`, first.move, language, fx);
  } else {
    const sameWindow = outputs.every(
      (o) => windowText(o.move.window, language) === windowText(first.move.window, language),
    );
    const each = outputs.map((o) => `**${o.symbol}** ${formatPercent(o.move.change, language)}`);
    lead = sameWindow
      ? c
        ? `在 ${windowText(first.move.window, language)}内：${each.join("，")}。`
        : `Over ${windowText(first.move.window, language)}: ${each.join(", ")}.`
      : c
        ? `各自区间内的涨跌：${each.join("，")}。`
        : `Over each coin's window: ${each.join(", ")}.`;
  }
  const header = ["", ...outputs.map((o) => o.symbol)];
  return joinBlocks(
    lead,
    table(
      header,
      moveRows(
        outputs.map((o) => o.move),
        language,
        fx,
      ),
    ),
    ...outputs.map((o) => moveNote(o.symbol, o.move, language)),
    MOVE_METHOD[language],
  );
}

export function compareBlock(output: CompareOutput, language: L): string {
  const { a, b } = output;
  const at = formatTime(output.citation.at);
  const c = zh(language);
  const verdictOf = (gap: number) => {
    const leader = gap > 0 ? a.symbol : b.symbol;
    const points = formatPoints(Math.abs(gap), language).replace(/^\+/, "");
    if (gap === 0) return c ? "两者表现相同" : "they did the same";
    return c ? `${leader} 领先 ${points}` : `${leader} did better by ${points}`;
  };
  const period = output.period;
  const gap = output.changeGap.change24h;
  let lead: string;
  if (period) {
    const window = windowText(period.a.window, language);
    const ca = formatPercent(period.a.change, language);
    const cb = formatPercent(period.b.change, language);
    lead = c
      ? `在 ${window}内，**${a.symbol}** 涨跌 ${ca}，**${b.symbol}** 涨跌 ${cb}：${verdictOf(period.gap)}。`
      : `Over ${window}, **${a.symbol}** moved ${ca} and **${b.symbol}** ${cb}: ${verdictOf(period.gap)}.`;
  } else if (gap === null) {
    lead = c
      ? `截至 ${at}，**${a.symbol}** 为 ${usdt(a.price)}，**${b.symbol}** 为 ${usdt(b.price)}。`
      : `As of ${at}, **${a.symbol}** is at ${usdt(a.price)} and **${b.symbol}** at ${usdt(b.price)}.`;
  } else {
    lead = c
      ? `截至 ${at}，24 小时内 **${a.symbol}** 涨跌 ${formatPercent(a.change24h, language)}，**${b.symbol}** 涨跌 ${formatPercent(b.change24h, language)}：${verdictOf(gap)}。`
      : `Over the 24h to ${at}, **${a.symbol}** moved ${formatPercent(a.change24h, language)} and **${b.symbol}** ${formatPercent(b.change24h, language)}: ${verdictOf(gap)}.`;
  }
  const ratio = c
    ? `1 ${a.symbol} = ${formatPrice(output.priceRatio)} ${b.symbol}。`
    : `1 ${a.symbol} = ${formatPrice(output.priceRatio)} ${b.symbol}.`;
  const gapText = (value: number | null) => (value === null ? (c ? "无数据" : "n/a") : formatPoints(value, language));
  const gaps = [null, output.changeGap.change1h, output.changeGap.change24h, output.changeGap.change7d];
  // the converted price row (when there is one) sits right after the USDT one: the gaps move down with it
  const shift = convertedTo(output.fx) ? 1 : 0;
  const rows = quoteRows([a, b], language, output.fx).map((row, index) => {
    const value = index > shift ? gaps[index - shift] : undefined;
    return [...row, value !== undefined ? gapText(value) : ""];
  });
  const periodRows = period
    ? moveRows([period.a, period.b], language, output.fx).map((row, index) => [
        ...row,
        index === 3 ? formatPoints(period.gap, language) : "",
      ])
    : [];
  return joinBlocks(
    `${lead}${c ? "" : " "}${ratio}`,
    figureImage(output.figure),
    table(["", a.symbol, b.symbol, `${a.symbol} − ${b.symbol}`], [...periodRows, ...rows]),
    ...(period ? [moveNote(a.symbol, period.a, language), moveNote(b.symbol, period.b, language)] : []),
  );
}

const INTERVAL_NAMES: Record<CandleStatsOutput["interval"], { en: string; zh: string }> = {
  "1h": { en: "1h", zh: "1 小时" },
  "4h": { en: "4h", zh: "4 小时" },
  "1d": { en: "daily", zh: "日" },
};

const DIRECTION: Record<CandleStatsOutput["trend"]["direction"], { en: string; zh: string }> = {
  up: { en: "up", zh: "上升" },
  down: { en: "down", zh: "下降" },
  sideways: { en: "sideways", zh: "横盘" },
};

export function statsBlock(output: CandleStatsOutput, language: L): string {
  const c = zh(language);
  const interval = INTERVAL_NAMES[output.interval][language];
  const direction = DIRECTION[output.trend.direction][language];
  const window = `${formatTime(output.from)} – ${formatTime(output.to)}`;
  const fit = formatPercent(output.trend.fitChangePercent, language);
  const r2 = output.trend.r2.toFixed(2);
  const trend =
    output.trend.direction === "sideways"
      ? c
        ? `**无明显趋势**（拟合直线变动 ${fit}，r² ${r2}）`
        : `there is **no clear trend** (the fitted line moves ${fit}, r² ${r2})`
      : c
        ? `趋势**${direction}**（拟合直线变动 ${fit}，r² ${r2}）`
        : `the trend is **${direction}** (the fitted line moves ${fit}, r² ${r2})`;
  const move = output.move;
  const asked = output.window ? windowText(move?.window ?? output.window, language) : null;
  // over a window asked for, the move runs from the close before it; otherwise from the first candle's open
  const [from, to, change] = move ? [move.start, move.end, move.change] : [output.open, output.close, output.change];
  const lead = asked
    ? c
      ? `**${coinName(output)}** 在 ${asked}内的 ${interval} K 线（${output.count} 根）：${trend}；价格从 ${formatPrice(from)} 到 ${formatPrice(to)}，涨跌 ${formatPercent(change, language)}。`
      : `**${coinName(output)}** over ${asked} on ${interval} candles (${output.count}): ${trend}; the price went from ${formatPrice(from)} to ${formatPrice(to)}, ${formatPercent(change, language)}.`
    : c
      ? `**${coinName(output)}** ${interval} K 线（最近 ${output.count} 根，${window}）：${trend}；价格从 ${formatPrice(output.open)} 到 ${formatPrice(output.close)}，涨跌 ${formatPercent(output.change, language)}。`
      : `**${coinName(output)}** on ${interval} candles (the last ${output.count}, ${window}): ${trend}; the price went from ${formatPrice(output.open)} to ${formatPrice(output.close)}, ${formatPercent(output.change, language)}.`;
  const ma = output.movingAverages;
  const maValue = (value: number | null) =>
    value === null ? (c ? "数据不足" : "not enough candles") : formatPrice(value);
  const position =
    ma.position === null
      ? ""
      : c
        ? `（MA${ma.short.period} ${{ above: "在上", below: "在下", equal: "持平" }[ma.position]}）`
        : ` (MA${ma.short.period} ${ma.position}${ma.position === "equal" ? "" : ` MA${ma.long.period}`})`;
  const cross = ma.lastCross
    ? c
      ? `${ma.lastCross.direction === "up" ? "上穿（金叉）" : "下穿（死叉）"}，${formatTime(ma.lastCross.at)}`
      : `${ma.lastCross.direction === "up" ? "crossed above (golden cross)" : "crossed below (death cross)"} at ${formatTime(ma.lastCross.at)}`
    : c
      ? "窗口内无交叉"
      : "none in the window";
  const levels = (values: readonly number[]) =>
    values.length === 0 ? (c ? "无" : "none") : values.map((v) => formatPrice(v)).join(" · ");
  const currency = convertedTo(output.fx);
  const conv = output.converted;
  const convertedRows =
    currency && conv
      ? c
        ? [
            [`最新收盘价（${currency}）`, `${formatPrice(conv.close)} ${currency}`],
            [`区间最高（${currency}）`, formatPrice(conv.high)],
            [`区间最低（${currency}）`, formatPrice(conv.low)],
          ]
        : [
            [`Last close (${currency})`, `${formatPrice(conv.close)} ${currency}`],
            [`Period high (${currency})`, formatPrice(conv.high)],
            [`Period low (${currency})`, formatPrice(conv.low)],
          ]
      : [];
  const windowRows = asked ? [[c ? "区间" : "Window", asked]] : [];
  const rows = c
    ? [
        ...windowRows,
        ["最新收盘价", usdt(output.close)],
        ["区间涨跌", formatPercent(change, language)],
        ["区间最高", `${formatPrice(output.high)}（${formatTime(output.highAt)}）`],
        ["区间最低", `${formatPrice(output.low)}（${formatTime(output.lowAt)}）`],
        ["趋势（线性拟合）", `${direction}，${fit}（r² ${r2}）`],
        [
          `MA${ma.short.period} / MA${ma.long.period}`,
          `${maValue(ma.short.value)} / ${maValue(ma.long.value)}${position}`,
        ],
        ["最近一次均线交叉", cross],
        [
          "波动率",
          `每根 ${output.volatility.perCandlePercent.toFixed(2)}%，年化 ${output.volatility.annualizedPercent.toFixed(2)}%`,
        ],
        ["支撑位", levels(output.support)],
        ["阻力位", levels(output.resistance)],
      ]
    : [
        ...windowRows,
        ["Last close", usdt(output.close)],
        ["Period change", formatPercent(change, language)],
        ["Period high", `${formatPrice(output.high)} (${formatTime(output.highAt)})`],
        ["Period low", `${formatPrice(output.low)} (${formatTime(output.lowAt)})`],
        ["Trend (linear fit)", `${direction}, ${fit} (r² ${r2})`],
        [
          `MA${ma.short.period} / MA${ma.long.period}`,
          `${maValue(ma.short.value)} / ${maValue(ma.long.value)}${position}`,
        ],
        ["Last MA cross", cross],
        [
          "Volatility",
          `${output.volatility.perCandlePercent.toFixed(2)}% per candle, ${output.volatility.annualizedPercent.toFixed(2)}% annualised`,
        ],
        ["Support", levels(output.support)],
        ["Resistance", levels(output.resistance)],
      ];
  const method = c
    ? "*方法：趋势为收盘价的最小二乘拟合，波动率为对数收益率的标准差，支撑与阻力取自波段低点和高点。*"
    : "*Method: the trend is a least-squares fit of the closes, volatility the stdev of log returns, support and resistance the swing lows and highs.*";
  return joinBlocks(
    lead,
    figureImage(output.figure),
    table(c ? ["指标", "数值"] : ["Figure", "Value"], [...rows, ...convertedRows]),
    move ? moveNote(output.symbol, move, language) : "",
    method,
  );
}

export function newsBlock(output: NewsOutput, language: L): string {
  const c = zh(language);
  const names = output.searched.map(cell).join(" / ");
  const about = names ? `**${names}**` : "";
  const window = output.window;
  const archive =
    output.mode === "archive"
      ? c
        ? "*这些来自应用内置的新闻存档，时间为真实发布时间。*"
        : "*These come from the app's news archive, with their real publication times.*"
      : "";
  const move = output.coin?.move;
  const coinMove =
    output.coin && move
      ? c
        ? `同期 ${windowText(move.window, language)}，**${coinName(output.coin)}** 涨跌 **${formatPercent(move.change, language)}**：从 ${usdt(move.start)} 到 ${usdt(move.end)}，最高 ${formatPrice(move.high)}，最低 ${formatPrice(move.low)}。`
        : `Over the same days, ${windowText(move.window, language)}, **${coinName(output.coin)}** moved **${formatPercent(move.change, language)}**: from ${usdt(move.start)} to ${usdt(move.end)}, with a high of ${formatPrice(move.high)} and a low of ${formatPrice(move.low)}.`
      : "";
  if (window && output.items.length === 0) {
    const from = formatTime(window.from);
    const to = formatTime(window.to);
    const where =
      output.mode === "archive" ? (c ? "我们的新闻存档中" : "in our archive") : c ? "新闻源中" : "in the news feeds";
    const subject = output.query ? cell(output.searched[0] ?? output.query) : "";
    const none = c
      ? subject
        ? `${where}没有 ${from} 至 ${to} 之间提到 ${subject} 的新闻。`
        : `${where}没有 ${from} 至 ${to} 之间的新闻。`
      : subject
        ? `No news ${where} mentions ${subject} between ${from} and ${to}.`
        : `There is no news ${where} between ${from} and ${to}.`;
    return joinBlocks(none, coinMove, coinMove ? MOVE_METHOD[language] : "");
  }
  let lead: string;
  if (window) {
    const from = formatTime(window.from);
    const to = formatTime(window.to);
    const shown = output.items.length;
    const total = window.total >= 100 ? (c ? "100 条以上" : "100 or more") : String(window.total);
    const all = window.total === shown;
    lead = c
      ? `${from} 至 ${to} 之间${about ? `提到 ${about} 的` : "的"}新闻共 ${total}${window.total >= 100 ? "" : " 条"}，${all ? "按时间倒序" : `最新 ${shown} 条`}：`
      : all
        ? `The ${shown} news ${shown === 1 ? "item" : "items"}${about ? ` mentioning ${about}` : ""} between ${from} and ${to}, newest first:`
        : `The latest ${shown} of ${total} news items${about ? ` mentioning ${about}` : ""} between ${from} and ${to}:`;
  } else {
    lead = c
      ? `${about ? `关于 ${about} 的` : ""}最新 ${output.items.length} 条新闻（按时间倒序）：`
      : `The latest ${output.items.length} news items${about ? ` about ${about}` : ""}, newest first:`;
  }
  const rows = output.items.map((item) => [
    formatTime(item.publishedAt),
    item.url ? `[${cell(item.title)}](${linkTarget(item.url)})` : cell(item.title),
    cell(item.source),
  ]);
  const header = c ? ["发布时间", "标题", "来源"] : ["Published", "Headline", "Source"];
  return joinBlocks(lead, table(header, rows), archive, coinMove, coinMove ? MOVE_METHOD[language] : "");
}

const CLASSES: Record<string, string> = {
  "Extreme Fear": "极度恐慌",
  Fear: "恐慌",
  Neutral: "中性",
  Greed: "贪婪",
  "Extreme Greed": "极度贪婪",
};
/** a fear-and-greed class's name in the answer's language */
export const moodClass = (name: string, language: L) => (zh(language) ? (CLASSES[name] ?? name) : name);

export function sentimentBlock(output: SentimentOutput, language: L): string {
  const c = zh(language);
  const cls = (name: string) => moodClass(name, language);
  const index = output.fearGreed;
  const before = output.previous;
  const counts = c
    ? `24 小时内 ${output.rising} 个币上涨、${output.falling} 个下跌（共 ${output.counted} 个）`
    : `over 24h ${output.rising} coins rose and ${output.falling} fell (of ${output.counted})`;
  let lead: string;
  if (!index) {
    lead = c ? `暂无恐慌贪婪指数；${counts}。` : `No fear-and-greed reading is available; ${counts}.`;
  } else {
    const change = before
      ? c
        ? `，前一天为 ${before.value}（${cls(before.classification)}）`
        : `, from ${before.value} (${cls(before.classification)}) the day before`
      : "";
    lead = c
      ? `恐慌贪婪指数为 **${index.value}（${cls(index.classification)}）**（${formatTime(index.at)}）${change}；${counts}。`
      : `The fear-and-greed index reads **${index.value} (${cls(index.classification)})** at ${formatTime(index.at)}${change}; ${counts}.`;
  }
  const reading = (r: SentimentOutput["fearGreed"]) =>
    r ? `${r.value} — ${cls(r.classification)}` : c ? "无数据" : "n/a";
  const rows = c
    ? [
        ["恐慌贪婪指数", reading(index)],
        ["前一天", reading(before)],
        ["24 小时上涨币数", String(output.rising)],
        ["24 小时下跌币数", String(output.falling)],
        ["统计币数", String(output.counted)],
      ]
    : [
        ["Fear & greed index", reading(index)],
        ["Day before", reading(before)],
        ["Coins up (24h)", String(output.rising)],
        ["Coins down (24h)", String(output.falling)],
        ["Coins counted", String(output.counted)],
      ];
  const method = c ? `*计算方法：${output.method}*` : `*Method: ${output.method}*`;
  return `${lead}\n\n${table(c ? ["指标", "数值"] : ["Figure", "Value"], rows)}\n\n${method}`;
}

export function moversBlock(lists: readonly MoversOutput[], language: L): string {
  const c = zh(language);
  const [first] = lists;
  if (!first) return "";
  const at = formatTime(first.citation.at);
  const up = lists.find((l) => l.direction === "up");
  const down = lists.find((l) => l.direction === "down");
  const topUp = up?.movers[0];
  const topDown = down?.movers[0];
  const parts: string[] = [];
  if (topUp) {
    parts.push(
      c
        ? `**${topUp.symbol}** 涨幅最大（${formatPercent(topUp.change24h, language)}）`
        : `**${topUp.symbol}** rose the most (${formatPercent(topUp.change24h, language)})`,
    );
  }
  if (topDown) {
    parts.push(
      c
        ? `**${topDown.symbol}** 跌幅最大（${formatPercent(topDown.change24h, language)}）`
        : `**${topDown.symbol}** fell the most (${formatPercent(topDown.change24h, language)})`,
    );
  }
  const lead = c
    ? `截至 ${at} 的 24 小时内，${parts.length > 0 ? parts.join("，") : "没有币发生涨跌"}。`
    : `Over the 24h to ${at}, ${parts.length > 0 ? parts.join(" and ") : "no coin moved"}.`;
  const blocks = lists.map((list) => {
    const title =
      list.direction === "up"
        ? c
          ? "**涨幅榜（24 小时）**"
          : "**Top gainers (24h)**"
        : c
          ? "**跌幅榜（24 小时）**"
          : "**Top losers (24h)**";
    if (list.movers.length === 0) {
      const none =
        list.direction === "up" ? (c ? "没有币上涨。" : "No coin rose.") : c ? "没有币下跌。" : "No coin fell.";
      return `${title}\n\n${none}`;
    }
    const header = c ? ["#", "币种", "价格（USDT）", "24 小时涨跌"] : ["#", "Coin", "Price (USDT)", "24h change"];
    const rows = list.movers.map((m, i) => [
      String(i + 1),
      coinName(m),
      formatPrice(m.price),
      formatPercent(m.change24h, language),
    ]);
    return `${title}\n\n${table(header, rows)}`;
  });
  return [lead, ...blocks].join("\n\n");
}

export function glossaryBlock(output: GlossaryOutput, language: L): string {
  const text = output[language];
  const related = output.related.map((r) => r[language]);
  const also =
    related.length === 0 ? "" : zh(language) ? `\n\n相关：${related.join("、")}` : `\n\nRelated: ${related.join(", ")}`;
  return `**${text.title}**\n\n${text.definition}${also}`;
}

export function notFoundBlock(output: NotFoundOutput, language: L): string {
  const c = zh(language);
  const list = output.available.join(c ? "、" : ", ");
  const source = output.citation?.source ?? "";
  const at = output.citation ? formatTime(output.citation.at) : "";
  switch (output.reason) {
    case "unknownSymbol":
      return c
        ? `没有找到 **${output.query}** 的行情数据：${source} 在 ${at} 没有它的价格。可以查询的币：${list}。`
        : `Not found: there is no market data for **${output.query}** — ${source} has no prices for it as of ${at}. Coins I can look up: ${list}.`;
    case "noCandles":
      if (output.available.length === 0) {
        return c
          ? `没有找到 **${output.query}** 的 K 线：${source} 在这段时间没有这个币的数据。`
          : `Not found: ${source} has no **${output.query}** candles: no data for this coin in that window.`;
      }
      return c
        ? `没有找到 **${output.query}** 的 K 线：${source} 目前没有这一周期的数据。可以换一个周期：${list}。`
        : `Not found: ${source} has no **${output.query}** candles at this time. Try another interval: ${list}.`;
    case "badPeriod":
      return c
        ? `“${output.query}”不是市场时间（${at}）之前的一段时间，我无法据此给出数字。`
        : `"${output.query}" is not a window of time before the market time (${at}), so I can't give figures for it.`;
    case "unknownTerm":
      return c
        ? `词库里没有“${output.query}”。我能解释的术语：${list}。`
        : `"${output.query}" is not in my glossary. Terms I can explain: ${list}.`;
    case "noNews":
      return c
        ? output.query
          ? `没有找到与“${output.query}”相关的新闻。`
          : "目前没有新闻。"
        : output.query
          ? `Not found: no news item matches "${output.query}".`
          : "There are no news items right now.";
    case "notAvailable":
      return c
        ? `这台服务器上没有${output.query ? ` **${output.query}** 的` : ""}这项数据（${output.message}），我不会编造。`
        : `This server doesn't have that data${output.query ? ` for **${output.query}**` : ""} (${output.message}), and I won't make it up.`;
    case "notEnoughHistory":
      return c
        ? `**${output.query}** 的历史太短，无法给出经过检验的预测，所以没有预测。`
        : `**${output.query}** has too little history for a tested forecast, so there is none.`;
  }
}

export function failedBlock(tool: string, message: string, language: L): string {
  return zh(language)
    ? `读取数据失败（${tool}：${cell(message)}），这部分我无法回答。`
    : `I couldn't read the data (${tool}: ${cell(message)}), so I can't answer that part.`;
}
