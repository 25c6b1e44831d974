import type { ReportLanguage, ReportSource } from "../../../contract/report.ts";

/** The PDF's fixed words in the report's two languages (the figures and risk sentences come with the report). */
export interface ReportLabels {
  title(coinName: string, abbr: string): string;
  made(date: string, marketTime: string): string;
  sources: string;
  source(source: ReportSource): string;
  replayNote: string;
  overview: string;
  price: string;
  change24h: string;
  change7d: string;
  marketCap: string;
  volume24h: string;
  rank: string;
  categories: string;
  sector: string;
  priceAction: string;
  period: string;
  change: string;
  since: string;
  days(days: number): string;
  volatility: string;
  volatility30d: string;
  btcVolatility30d: string;
  maxDrawdown90d: string;
  drawdownSpan: string;
  correlation: string;
  correlationWithBtc: string;
  observations: string;
  benchmarkItself: string;
  news: string;
  newsWindow(from: string, to: string): string;
  noNews: string;
  outlet: string;
  headline: string;
  lastClose: string;
  forecast: string;
  forecastNone: string;
  date: string;
  forecastValue: string;
  band80: string;
  model(name: string, version: string, beatsNaive: boolean): string;
  record: string;
  backtest: string;
  live: string;
  origins: string;
  maeRatio: string;
  directionAccuracy: string;
  coverage80: string;
  judged: string;
  winRate: string;
  risks: string;
  figureAt: string;
  footer: string;
}

const en: ReportLabels = {
  title: (coinName, abbr) => `${coinName} (${abbr}) research report`,
  made: (date, marketTime) => `Made ${date} · figures as of the market time ${marketTime}`,
  sources: "Sources",
  source: (s) =>
    ({
      market: `Market: ${s.name}`,
      candles: `Daily candles: ${s.name}`,
      news: `News: ${s.name}`,
      forecast: `Forecast: the app's ${s.name} model`,
    })[s.id],
  replayNote: "Market figures come from a replay of past market data, not from today's market.",
  overview: "Overview",
  price: "Price (USDT)",
  change24h: "24 h change",
  change7d: "7 d change",
  marketCap: "Market cap (USDT)",
  volume24h: "24 h volume (USDT)",
  rank: "Market-cap rank",
  categories: "Categories",
  sector: "Sector",
  priceAction: "Price action",
  period: "Period",
  change: "Change",
  since: "From the close of",
  days: (days) => `${days} days`,
  volatility: "Volatility and drawdown",
  volatility30d: "30-day volatility (annualised)",
  btcVolatility30d: "BTC 30-day volatility (annualised)",
  maxDrawdown90d: "Largest fall within 90 days",
  drawdownSpan: "Fall from / to",
  correlation: "Correlation with BTC",
  correlationWithBtc: "Correlation of daily returns, 90 days",
  observations: "Days compared",
  benchmarkItself: "This report is about BTC itself, the benchmark.",
  news: "News",
  newsWindow: (from, to) => `Tagged with the coin, ${from} to ${to}`,
  noNews: "No news tagged with this coin in the window.",
  outlet: "Outlet",
  headline: "Headline",
  lastClose: "last close (actual)",
  forecast: "Forecast",
  forecastNone: "No forecast: the coin's history is too short for a tested one.",
  date: "Date",
  forecastValue: "Forecast close",
  band80: "80% band",
  model: (name, version, beatsNaive) =>
    `Model ${name} ${version}; ${beatsNaive ? "beat" : "did not beat"} the "no change" forecast on validation`,
  record: "Forecast record",
  backtest: "Backtest (unseen data)",
  live: "Live record (90 days)",
  origins: "Forecasts",
  maeRatio: "Error vs no change (MAE ratio)",
  directionAccuracy: "Direction right",
  coverage80: "Inside 80% band",
  judged: "Judged",
  winRate: "Win rate",
  risks: "Risks",
  figureAt: "Figures as of",
  footer: "Figures computed from the app's own data, each with its source and time. Not investment advice.",
};

const cn: ReportLabels = {
  title: (coinName, abbr) => `${coinName}（${abbr}）研究报告`,
  made: (date, marketTime) => `生成于 ${date} · 数字截至行情时间 ${marketTime}`,
  sources: "数据来源",
  source: (s) =>
    ({
      market: `行情：${s.name}`,
      candles: `日 K 线：${s.name}`,
      news: `新闻：${s.name === "news archive" ? "新闻存档" : "新闻订阅源"}`,
      forecast: `预测：本应用的 ${s.name} 模型`,
    })[s.id],
  replayNote: "行情数字来自过去行情数据的回放，并非今天的行情。",
  overview: "概览",
  price: "价格（USDT）",
  change24h: "24 小时涨跌",
  change7d: "7 日涨跌",
  marketCap: "市值（USDT）",
  volume24h: "24 小时成交额（USDT）",
  rank: "市值排名",
  categories: "分类",
  sector: "板块",
  priceAction: "价格走势",
  period: "区间",
  change: "涨跌",
  since: "起始收盘日",
  days: (days) => `${days} 天`,
  volatility: "波动率与回撤",
  volatility30d: "30 日波动率（年化）",
  btcVolatility30d: "BTC 30 日波动率（年化）",
  maxDrawdown90d: "90 日内最大跌幅",
  drawdownSpan: "下跌起止",
  correlation: "与 BTC 的相关性",
  correlationWithBtc: "90 日日收益相关系数",
  observations: "比较天数",
  benchmarkItself: "本报告的对象就是基准 BTC 本身。",
  news: "新闻",
  newsWindow: (from, to) => `标注了该币的新闻，${from} 至 ${to}`,
  noNews: "该时间段内没有标注该币的新闻。",
  outlet: "来源",
  headline: "标题",
  lastClose: "最近收盘价（实际）",
  forecast: "预测",
  forecastNone: "没有预测：该币的历史太短，无法给出经过检验的预测。",
  date: "日期",
  forecastValue: "预测收盘价",
  band80: "80% 区间",
  model: (name, version, beatsNaive) =>
    `模型 ${name} ${version}；验证中${beatsNaive ? "跑赢了" : "没有跑赢"}"价格不变"的预测`,
  record: "预测记录",
  backtest: "回测（未见过的数据）",
  live: "实盘记录（90 天）",
  origins: "预测次数",
  maeRatio: '误差与"不变"之比（MAE 比）',
  directionAccuracy: "方向正确率",
  coverage80: "落在 80% 区间内",
  judged: "已评判",
  winRate: "胜率",
  risks: "风险",
  figureAt: "数字时间",
  footer: "以上数字均由本应用自己的数据计算，并注明来源和时间。不构成投资建议。",
};

export const reportLabels: Readonly<Record<ReportLanguage, ReportLabels>> = { en, cn };
