/**
 * MountainLion's golden questions: what a reader asks, in English and Chinese, and what the answer must be about —
 * the coins, the exact window of time, the currency, the news searched, the glossary entry. The figures themselves
 * are not written here: golden-set.test.ts computes each one from the shipped data (data/market, data/fx,
 * data/news) for the window given, and checks that the answer states it.
 *
 * Every question is asked at MARKET_TIME (the replay's market time) unless it names its own `at`. At 2026-03-09
 * 12:30 UTC (a Monday), the last whole day is 2026-03-08, the ECB's rate of the day is not published yet (15:00
 * UTC), so the rate in force is Friday's, 2026-03-06.
 *
 * Kinds: `move` (a price move over a window), `trend` (candle statistics over a window), `price` (the price now in
 * another currency), `news` (the news of a window, and the coin's move over it), `glossary`, `compare`; asked in the
 * chat's Deep think mode, `deepThink` (a coin's moving averages, volatility, drawdown and strength against a
 * benchmark); in its AI one-click buy mode, `aiBuy` (what an amount buys or costs at the market price, with no order
 * placed); for a coin's forecast, `predict` (the Predict page's forecast with its record, from the predict port: the
 * test gives a stand-in whose forecast starts from the coin's real last close); asked of the research report agent
 * (the chat's agentId), `report` (returns, volatility, drawdown and correlation with a benchmark, all computed here
 * from the shipped candles).
 */

export const MARKET_TIME = "2026-03-09T12:30:00.000Z";
/** a market time before the shipped ECB rates begin (2026-01-02): no rate, prices stay in US dollars */
export const BEFORE_RATES = "2025-12-15T12:00:00.000Z";

/** A window of whole days, from 00:00 UTC of `from` to 00:00 UTC of `to` (the market's day). */
export interface DaysWindow {
  unit: "days";
  from: string;
  to: string;
}

/** A window of hours of one day: from the day's 00:00 to the last completed hour, UTC. */
export interface HoursWindow {
  unit: "hours";
  from: string;
  to: string;
}

export type GoldenWindow = DaysWindow | HoursWindow;

const days = (from: string, to: string): DaysWindow => ({ unit: "days", from, to });
const hours = (from: string, to: string): HoursWindow => ({ unit: "hours", from, to });

/** The windows the questions below name, at MARKET_TIME. */
export const WINDOWS = {
  today: hours("2026-03-09T00:00:00Z", "2026-03-09T12:00:00Z"),
  yesterday: days("2026-03-08", "2026-03-09"),
  pastWeek: days("2026-03-02", "2026-03-09"),
  pastTwoWeeks: days("2026-02-23", "2026-03-09"),
  pastThreeDays: days("2026-03-06", "2026-03-09"),
  last30Days: days("2026-02-07", "2026-03-09"),
  pastMonth: days("2026-02-09", "2026-03-09"),
  monthToDate: days("2026-03-01", "2026-03-09"),
  sinceJanuary: days("2026-01-01", "2026-03-09"),
  pastThreeMonths: days("2025-12-09", "2026-03-09"),
} as const;

/** The news of a window runs from its first day to the market time itself. */
export const NEWS_TO = MARKET_TIME;

export type GoldenExpectation =
  | { kind: "move"; symbol: string; window: GoldenWindow; currency?: "EUR" | "CNY" }
  | { kind: "trend"; symbol: string; interval: "1h" | "4h" | "1d"; window: DaysWindow }
  | { kind: "price"; symbol: string; currency: "EUR" | "CNY" }
  | {
      kind: "news";
      /** what the answer says it searched: the coin's ticker or the name asked about; "" for all news */
      query: string;
      /** for a coin: its name, searched with its tag */
      coinName?: string;
      /** the window's first day (00:00 UTC); it runs to the market time */
      from: string;
      /** the coin's move over the window's whole days */
      move?: DaysWindow;
      why?: "up" | "down";
    }
  | { kind: "glossary"; title: string }
  | { kind: "compare"; a: string; b: string; window?: DaysWindow }
  /** asked in the Deep think mode: the coin's daily figures, its return against the benchmark's over 30 days */
  | { kind: "deepThink"; symbol: string; benchmark: string }
  /** asked in the AI one-click buy mode: a USDT amount to spend, a number of coins to buy, or no amount (asked for) */
  | { kind: "aiBuy"; symbol: string; amount: { usdt: number } | { coins: number } | null }
  /**
   * a forecast: the tool input (`asked`: the interval asked for, none for the coin's default), the interval of the
   * steps answered, and the horizon the question names (tomorrow: the first 24 hourly steps, every 4th)
   */
  | {
      kind: "predict";
      symbol: string;
      asked?: "1h" | "1d";
      interval: "1h" | "1d";
      horizon?: "day" | "week";
    }
  /** asked of the research report agent: the coin's report, its correlation measured against `benchmark` */
  | { kind: "report"; symbol: string; benchmark: string };

export interface GoldenQuestion {
  question: string;
  language: "en" | "zh";
  /** the market time, when not MARKET_TIME */
  at?: string;
  /** the chat's input mode, when not search */
  mode?: "deepThink" | "aiSwap";
  /** the chat's agent (agentId), when it is for one */
  agent?: string;
  expect: GoldenExpectation;
}

export const GOLDEN_QUESTIONS: readonly GoldenQuestion[] = [
  // a price move over the window asked for
  {
    question: "How did BTC do over the past week?",
    language: "en",
    expect: { kind: "move", symbol: "BTC", window: WINDOWS.pastWeek },
  },
  { question: "BTC past week", language: "en", expect: { kind: "move", symbol: "BTC", window: WINDOWS.pastWeek } },
  {
    question: "ETH price change in the last 30 days",
    language: "en",
    expect: { kind: "move", symbol: "ETH", window: WINDOWS.last30Days },
  },
  {
    question: "How has SOL done since January?",
    language: "en",
    expect: { kind: "move", symbol: "SOL", window: WINDOWS.sinceJanuary },
  },
  { question: "DOGE YTD", language: "en", expect: { kind: "move", symbol: "DOGE", window: WINDOWS.sinceJanuary } },
  {
    question: "XRP over the past 3 months",
    language: "en",
    expect: { kind: "move", symbol: "XRP", window: WINDOWS.pastThreeMonths },
  },
  { question: "BTC today", language: "en", expect: { kind: "move", symbol: "BTC", window: WINDOWS.today } },
  {
    question: "SUI past 2 weeks",
    language: "en",
    expect: { kind: "move", symbol: "SUI", window: WINDOWS.pastTwoWeeks },
  },
  {
    question: "How did ADA do this month?",
    language: "en",
    expect: { kind: "move", symbol: "ADA", window: WINDOWS.monthToDate },
  },
  { question: "AVAX yesterday", language: "en", expect: { kind: "move", symbol: "AVAX", window: WINDOWS.yesterday } },
  { question: "比特币今天表现如何", language: "zh", expect: { kind: "move", symbol: "BTC", window: WINDOWS.today } },
  { question: "以太坊过去一周", language: "zh", expect: { kind: "move", symbol: "ETH", window: WINDOWS.pastWeek } },
  { question: "SOL 近一周涨了多少", language: "zh", expect: { kind: "move", symbol: "SOL", window: WINDOWS.pastWeek } },
  { question: "狗狗币最近7天", language: "zh", expect: { kind: "move", symbol: "DOGE", window: WINDOWS.pastWeek } },
  { question: "比特币近30天", language: "zh", expect: { kind: "move", symbol: "BTC", window: WINDOWS.last30Days } },
  {
    question: "比特币自1月以来的涨跌",
    language: "zh",
    expect: { kind: "move", symbol: "BTC", window: WINDOWS.sinceJanuary },
  },
  { question: "以太坊今年以来", language: "zh", expect: { kind: "move", symbol: "ETH", window: WINDOWS.sinceJanuary } },
  {
    question: "XRP 过去三个月",
    language: "zh",
    expect: { kind: "move", symbol: "XRP", window: WINDOWS.pastThreeMonths },
  },
  { question: "LINK 近一个月", language: "zh", expect: { kind: "move", symbol: "LINK", window: WINDOWS.pastMonth } },

  // candle statistics over the window asked for
  {
    question: "ETH trend past week",
    language: "en",
    expect: { kind: "trend", symbol: "ETH", interval: "1d", window: WINDOWS.pastWeek },
  },
  {
    question: "BTC 4h trend over the past 3 days",
    language: "en",
    expect: { kind: "trend", symbol: "BTC", interval: "4h", window: WINDOWS.pastThreeDays },
  },
  {
    question: "BNB 近30天走势",
    language: "zh",
    expect: { kind: "trend", symbol: "BNB", interval: "1d", window: WINDOWS.last30Days },
  },

  // prices in another currency, at the ECB reference rate in force at the market time
  { question: "BTC price in EUR", language: "en", expect: { kind: "price", symbol: "BTC", currency: "EUR" } },
  {
    question: "What is ETH worth in euros?",
    language: "en",
    expect: { kind: "price", symbol: "ETH", currency: "EUR" },
  },
  { question: "SOL price in CNY", language: "en", expect: { kind: "price", symbol: "SOL", currency: "CNY" } },
  { question: "DOGE in RMB", language: "en", expect: { kind: "price", symbol: "DOGE", currency: "CNY" } },
  { question: "比特币价格用人民币", language: "zh", expect: { kind: "price", symbol: "BTC", currency: "CNY" } },
  { question: "以太坊价格用欧元", language: "zh", expect: { kind: "price", symbol: "ETH", currency: "EUR" } },
  {
    question: "How did BTC do over the past week in EUR?",
    language: "en",
    expect: { kind: "move", symbol: "BTC", window: WINDOWS.pastWeek, currency: "EUR" },
  },
  {
    question: "BTC price in yuan",
    language: "en",
    at: BEFORE_RATES,
    expect: { kind: "price", symbol: "BTC", currency: "CNY" },
  },
  {
    question: "比特币价格用欧元",
    language: "zh",
    at: BEFORE_RATES,
    expect: { kind: "price", symbol: "BTC", currency: "EUR" },
  },

  // news: by the coin or the name asked about, over the question's window or the last 7 days
  { question: "What happened to FTX?", language: "en", expect: { kind: "news", query: "FTX", from: "2026-03-02" } },
  {
    question: "What happened to Celsius?",
    language: "en",
    expect: { kind: "news", query: "Celsius", from: "2026-03-02" },
  },
  {
    question: "why did SOL drop",
    language: "en",
    expect: { kind: "news", query: "SOL", coinName: "Solana", from: "2026-03-02", move: WINDOWS.pastWeek, why: "down" },
  },
  {
    question: "SOL news",
    language: "en",
    expect: { kind: "news", query: "SOL", coinName: "Solana", from: "2026-03-02", move: WINDOWS.pastWeek },
  },
  { question: "最新消息", language: "zh", expect: { kind: "news", query: "", from: "2026-03-02" } },
  {
    question: "为什么 BTC 跌了",
    language: "zh",
    expect: {
      kind: "news",
      query: "BTC",
      coinName: "Bitcoin",
      from: "2026-03-02",
      move: WINDOWS.pastWeek,
      why: "down",
    },
  },
  {
    question: "ETH 最近有什么消息",
    language: "zh",
    expect: { kind: "news", query: "ETH", coinName: "Ethereum", from: "2026-03-02", move: WINDOWS.pastWeek },
  },
  { question: "FTX怎么了", language: "zh", expect: { kind: "news", query: "FTX", from: "2026-03-02" } },
  { question: "What happened today?", language: "en", expect: { kind: "news", query: "", from: "2026-03-09" } },
  {
    question: "BNB news since March",
    language: "en",
    expect: { kind: "news", query: "BNB", coinName: "BNB", from: "2026-03-01", move: WINDOWS.monthToDate },
  },

  // the glossary
  { question: "什么是跑路", language: "zh", expect: { kind: "glossary", title: "跑路（Rug pull）" } },
  { question: "跑路是什么意思", language: "zh", expect: { kind: "glossary", title: "跑路（Rug pull）" } },
  { question: "What is a rug pull?", language: "en", expect: { kind: "glossary", title: "Rug pull" } },
  { question: "what does HODL mean", language: "en", expect: { kind: "glossary", title: "HODL" } },
  { question: "什么是Gas费", language: "zh", expect: { kind: "glossary", title: "Gas 费" } },

  // two coins side by side, over the window asked for (or 24 hours)
  {
    question: "BTC vs ETH over the past month",
    language: "en",
    expect: { kind: "compare", a: "BTC", b: "ETH", window: WINDOWS.pastMonth },
  },
  {
    question: "compare SUI and APT over the past week",
    language: "en",
    expect: { kind: "compare", a: "SUI", b: "APT", window: WINDOWS.pastWeek },
  },
  {
    question: "对比 SOL 和 AVAX 近30天",
    language: "zh",
    expect: { kind: "compare", a: "SOL", b: "AVAX", window: WINDOWS.last30Days },
  },
  {
    question: "TAO vs FET since January",
    language: "en",
    expect: { kind: "compare", a: "TAO", b: "FET", window: WINDOWS.sinceJanuary },
  },
  { question: "HBAR vs XLM", language: "en", expect: { kind: "compare", a: "HBAR", b: "XLM" } },

  // Deep think: the same kind of question, answered in more steps and sections
  {
    question: "SOL analysis",
    language: "en",
    mode: "deepThink",
    expect: { kind: "deepThink", symbol: "SOL", benchmark: "BTC" },
  },
  {
    question: "Is DOGE trending?",
    language: "en",
    mode: "deepThink",
    expect: { kind: "deepThink", symbol: "DOGE", benchmark: "BTC" },
  },
  {
    question: "BTC trend",
    language: "en",
    mode: "deepThink",
    expect: { kind: "deepThink", symbol: "BTC", benchmark: "ETH" },
  },
  {
    question: "以太坊走势分析",
    language: "zh",
    mode: "deepThink",
    expect: { kind: "deepThink", symbol: "ETH", benchmark: "BTC" },
  },

  // AI one-click buy: what an amount buys or costs, never an order
  {
    question: "buy 500 USDT of SOL",
    language: "en",
    mode: "aiSwap",
    expect: { kind: "aiBuy", symbol: "SOL", amount: { usdt: 500 } },
  },
  {
    question: "How much XRP can I get for 200 USDT?",
    language: "en",
    mode: "aiSwap",
    expect: { kind: "aiBuy", symbol: "XRP", amount: { usdt: 200 } },
  },
  {
    question: "buy 2 ETH",
    language: "en",
    mode: "aiSwap",
    expect: { kind: "aiBuy", symbol: "ETH", amount: { coins: 2 } },
  },
  {
    question: "用 1000 USDT 买 ETH",
    language: "zh",
    mode: "aiSwap",
    expect: { kind: "aiBuy", symbol: "ETH", amount: { usdt: 1000 } },
  },
  {
    question: "买 0.5 个比特币",
    language: "zh",
    mode: "aiSwap",
    expect: { kind: "aiBuy", symbol: "BTC", amount: { coins: 0.5 } },
  },
  { question: "buy SOL", language: "en", mode: "aiSwap", expect: { kind: "aiBuy", symbol: "SOL", amount: null } },

  // a coin's forecast with its record, as the Predict page shows it
  {
    question: "predict BTC for tomorrow",
    language: "en",
    expect: { kind: "predict", symbol: "BTC", asked: "1h", interval: "1h", horizon: "day" },
  },
  { question: "BTC price prediction", language: "en", expect: { kind: "predict", symbol: "BTC", interval: "1h" } },
  {
    question: "where will ETH be next week",
    language: "en",
    expect: { kind: "predict", symbol: "ETH", asked: "1d", interval: "1d", horizon: "week" },
  },
  {
    question: "predict SOL for tomorrow",
    language: "en",
    expect: { kind: "predict", symbol: "SOL", asked: "1h", interval: "1d", horizon: "day" },
  },
  {
    question: "预测一下比特币明天的价格",
    language: "zh",
    expect: { kind: "predict", symbol: "BTC", asked: "1h", interval: "1h", horizon: "day" },
  },
  {
    question: "SOL 未来7天走势预测",
    language: "zh",
    expect: { kind: "predict", symbol: "SOL", asked: "1d", interval: "1d", horizon: "week" },
  },
  { question: "以太坊价格预测", language: "zh", expect: { kind: "predict", symbol: "ETH", interval: "1h" } },
  // the price prediction agent reads any coin as a forecast request
  { question: "XRP", language: "en", agent: "2", expect: { kind: "predict", symbol: "XRP", interval: "1d" } },
  {
    question: "狗狗币这周呢",
    language: "zh",
    agent: "2",
    expect: { kind: "predict", symbol: "DOGE", asked: "1d", interval: "1d", horizon: "week" },
  },

  // the research report agent
  {
    question: "report on SOL",
    language: "en",
    agent: "1",
    expect: { kind: "report", symbol: "SOL", benchmark: "BTC" },
  },
  {
    question: "Research report on BTC",
    language: "en",
    agent: "1",
    expect: { kind: "report", symbol: "BTC", benchmark: "ETH" },
  },
  {
    question: "写一份以太坊研报",
    language: "zh",
    agent: "1",
    expect: { kind: "report", symbol: "ETH", benchmark: "BTC" },
  },
];
