import type {
  CandleStatsOutput,
  CompareOutput,
  GlossaryOutput,
  MoversOutput,
  NewsOutput,
  NotFoundOutput,
  SentimentOutput,
  TokenPriceOutput,
  TokenQuote,
} from "../tools/tool-outputs.ts";
import {
  type AnswerLanguage,
  cell,
  formatAmount,
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

function quoteRows(quotes: readonly TokenQuote[], language: L): string[][] {
  const c = zh(language);
  return [
    [c ? "价格（USDT）" : "Price (USDT)", ...quotes.map((q) => formatPrice(q.price))],
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

export function priceBlock(prices: readonly TokenPriceOutput[], language: L): string {
  const [first] = prices;
  if (!first) return "";
  const at = formatTime(first.citation.at);
  if (prices.length === 1) {
    const lead = zh(language)
      ? `截至 ${at}，**${coinName(first)}** 价格为 **${usdt(first.price)}**，24 小时涨跌 ${formatPercent(first.change24h, language)}。`
      : `**${coinName(first)}** is at **${usdt(first.price)}**, ${formatPercent(first.change24h, language)} over 24h, as of ${at}.`;
    return `${lead}\n\n${table(["", first.symbol], quoteRows([first], language))}`;
  }
  const lead = zh(language)
    ? `截至 ${at}，${prices.map((p) => `**${p.symbol}** ${usdt(p.price)}（${formatPercent(p.change24h, language)}）`).join("，")}。`
    : `As of ${at}: ${prices.map((p) => `**${p.symbol}** ${usdt(p.price)} (${formatPercent(p.change24h, language)})`).join(", ")}.`;
  return `${lead}\n\n${table(["", ...prices.map((p) => p.symbol)], quoteRows(prices, language))}`;
}

export function compareBlock(output: CompareOutput, language: L): string {
  const { a, b } = output;
  const at = formatTime(output.citation.at);
  const gap = output.changeGap.change24h;
  const c = zh(language);
  let lead: string;
  if (gap === null) {
    lead = c
      ? `截至 ${at}，**${a.symbol}** 为 ${usdt(a.price)}，**${b.symbol}** 为 ${usdt(b.price)}。`
      : `As of ${at}, **${a.symbol}** is at ${usdt(a.price)} and **${b.symbol}** at ${usdt(b.price)}.`;
  } else {
    const leader = gap > 0 ? a.symbol : b.symbol;
    const points = formatPoints(Math.abs(gap), language).replace(/^\+/, "");
    const verdict =
      gap === 0
        ? c
          ? "两者表现相同"
          : "they did the same"
        : c
          ? `${leader} 领先 ${points}`
          : `${leader} did better by ${points}`;
    lead = c
      ? `截至 ${at}，24 小时内 **${a.symbol}** 涨跌 ${formatPercent(a.change24h, language)}，**${b.symbol}** 涨跌 ${formatPercent(b.change24h, language)}：${verdict}。`
      : `Over the 24h to ${at}, **${a.symbol}** moved ${formatPercent(a.change24h, language)} and **${b.symbol}** ${formatPercent(b.change24h, language)}: ${verdict}.`;
  }
  const ratio = c
    ? `1 ${a.symbol} = ${formatPrice(output.priceRatio)} ${b.symbol}。`
    : `1 ${a.symbol} = ${formatPrice(output.priceRatio)} ${b.symbol}.`;
  const gapText = (value: number | null) => (value === null ? (c ? "无数据" : "n/a") : formatPoints(value, language));
  const rows = quoteRows([a, b], language).map((row, index) => {
    const gaps = [null, output.changeGap.change1h, output.changeGap.change24h, output.changeGap.change7d];
    const value = gaps[index];
    return [...row, index >= 1 && index <= 3 && value !== undefined ? gapText(value) : ""];
  });
  return joinBlocks(
    `${lead}${c ? "" : " "}${ratio}`,
    figureImage(output.figure),
    table(["", a.symbol, b.symbol, `${a.symbol} − ${b.symbol}`], rows),
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
  const lead = c
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
  const rows = c
    ? [
        ["最新收盘价", usdt(output.close)],
        ["区间涨跌", formatPercent(output.change, language)],
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
        ["Last close", usdt(output.close)],
        ["Period change", formatPercent(output.change, language)],
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
  return joinBlocks(lead, figureImage(output.figure), table(c ? ["指标", "数值"] : ["Figure", "Value"], rows), method);
}

export function newsBlock(output: NewsOutput, language: L): string {
  const c = zh(language);
  const about = output.searched.length > 0 ? `**${output.searched.map(cell).join(" / ")}**` : "";
  const lead = c
    ? `${about ? `关于 ${about} 的` : ""}最新 ${output.items.length} 条新闻（按时间倒序）：`
    : `The latest ${output.items.length} news items${about ? ` about ${about}` : ""}, newest first:`;
  const rows = output.items.map((item) => [
    formatTime(item.publishedAt),
    item.url ? `[${cell(item.title)}](${linkTarget(item.url)})` : cell(item.title),
    cell(item.source),
  ]);
  const header = c ? ["发布时间", "标题", "来源"] : ["Published", "Headline", "Source"];
  const archive =
    output.mode === "archive"
      ? c
        ? "\n\n*这些来自应用内置的新闻存档，时间为真实发布时间。*"
        : "\n\n*These come from the app's news archive, with their real publication times.*"
      : "";
  return `${lead}\n\n${table(header, rows)}${archive}`;
}

const CLASSES: Record<string, string> = {
  "Extreme Fear": "极度恐慌",
  Fear: "恐慌",
  Neutral: "中性",
  Greed: "贪婪",
  "Extreme Greed": "极度贪婪",
};

export function sentimentBlock(output: SentimentOutput, language: L): string {
  const c = zh(language);
  const cls = (name: string) => (c ? (CLASSES[name] ?? name) : name);
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
      return c
        ? `没有找到 **${output.query}** 的 K 线：${source} 目前没有这一周期的数据。可以换一个周期：${list}。`
        : `Not found: ${source} has no **${output.query}** candles at this time. Try another interval: ${list}.`;
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
  }
}

export function failedBlock(tool: string, message: string, language: L): string {
  return zh(language)
    ? `读取数据失败（${tool}：${cell(message)}），这部分我无法回答。`
    : `I couldn't read the data (${tool}: ${cell(message)}), so I can't answer that part.`;
}
