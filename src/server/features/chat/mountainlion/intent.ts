import { COIN_NAMES, KNOWN_TICKERS } from "../tools/coin-names.ts";
import { findGlossaryEntry } from "../tools/glossary.ts";
import { type AlarmAsk, alarmAskOf, asksForAlarm } from "./alarm-request.ts";
import type { AnswerLanguage } from "./format.ts";

/**
 * What a question asks, read without a language model: keywords in English and Chinese, coins by ticker or common
 * name, a window of time ("the past week", "自1月以来": a period as the tools take it, see tools/period.ts) and a
 * currency ("in EUR", "用人民币"). Only the latest question decides; earlier ones lend a follow-up its coins, its
 * kind, its window or its currency ("and ETH?").
 */

export type CandleInterval = "1h" | "4h" | "1d";

/** A currency to give prices in besides USDT. */
export type AnswerCurrency = "EUR" | "CNY";

/** A window of time as the tools take it: today, 7d, 3m, mtd, ytd, since:01-15. */
export type Period = string;

export type Intent =
  | { kind: "price"; symbols: string[]; period?: Period; currency?: AnswerCurrency }
  | { kind: "trend"; symbols: string[]; interval: CandleInterval; period?: Period; currency?: AnswerCurrency }
  | { kind: "compare"; a: string; b: string; period?: Period; currency?: AnswerCurrency }
  /**
   * news about a coin or a name (query; empty for all news) over a window; `why`: the question asks why a price
   * moved ("up", "down", or "move" without a direction), which the news of those days and the move answer
   */
  | { kind: "news"; query: string; period?: Period; why?: "up" | "down" | "move" }
  | { kind: "movers"; directions: ("up" | "down")[] }
  | { kind: "sentiment" }
  | { kind: "glossary"; term: string }
  /**
   * a coin's price forecast with its record (the Predict page's): `horizon` day (tomorrow, the next 24 hours: the
   * hourly forecast where the coin has one) or week (the next 7 days: the daily one); none: the page's default
   */
  | { kind: "predict"; symbols: string[]; horizon?: "day" | "week" }
  | { kind: "help" }
  /**
   * a price alarm to set ("tell me when ETH drops below 3000", "提醒我 BTC 跌破 60000"): the coin (an earlier
   * question's when none is named) and the price or move asked for (alarm-request.ts)
   */
  | { kind: "alarm"; symbol: string | undefined; ask: AlarmAsk }
  /** a price, trend or comparison without a coin to look up */
  | { kind: "needCoin" }
  | { kind: "unknown" };

export interface Question {
  text: string;
  language: AnswerLanguage;
  intent: Intent;
  /**
   * asks for advice or a call ("should I buy", "will it go up"): declined, with the data shown where there is a coin;
   * a request for a coin's forecast is the predict intent instead, answered with the forecast and its record
   */
  forecast: boolean;
  /** the message carried files or images, which MountainLion cannot read */
  attachments: boolean;
}

const CJK = /[\u3400-\u9fff]/;
const MAX_PRICES = 5;
const MAX_FORECASTS = 2;
const MAX_TRENDS = 3;

/** Capitalised words that are not coins: glossary abbreviations, currencies, time zones, common words. */
const NOT_TICKERS = new Set(
  (
    "I A AM AN AND ARE AS AT BE BY DO FOR GM GN HI HOW IF IN IS IT ME MY NO OF OK ON OR SO THE TO UP US VS WE " +
    "WHAT WHEN WHERE WHO WHY WILL CAN YOU BUY SELL HOLD NEWS PRICE TODAY TREND HELP PLEASE THANKS " +
    "USD EUR CNY RMB JPY GBP HKD UTC GMT CST EST PST UK EU CN EN USA " +
    "AI API APR APY ATH ATL AMA AML CEO CEX CPI DAO DCA DEFI DEX DEPIN ETF ETFS FAQ FED FOMO FUD FYI GDP HODL IMO IPO " +
    "KYC LOL MA MACD NFT NFTS OHLC OTC PDF PNL POS POW ROI RSI RWA SEC SMA EMA TA TVL UI UX YTD L1 L2"
  ).split(" "),
);

const QUOTES = /^(USDT|USDC|USD|BUSD|FDUSD)$/;

/** The coins a text names, in order of first mention: common names, capitalised tickers, cashtags, known tickers. */
export function findCoins(text: string): string[] {
  const found: { at: number; symbol: string }[] = [];
  let rest = text.toLowerCase();
  for (const [name, symbol] of COIN_NAMES) {
    const pattern = CJK.test(name)
      ? new RegExp(escapeRegExp(name), "g")
      : new RegExp(`(?<![a-z0-9])${escapeRegExp(name)}(?![a-z0-9])`, "g");
    for (const match of rest.matchAll(pattern)) found.push({ at: match.index, symbol });
    // a longer name's words are not read again ("bitcoin cash" is not also "bitcoin")
    rest = rest.replace(pattern, (m) => " ".repeat(m.length));
  }
  // a question in capitals ("WHAT IS THE PRICE OF BTC") types every word as a ticker; one word alone is a ticker
  const shouting = !/[a-z]/.test(text) && (text.match(/[A-Z]{2,}/g) ?? []).length > 1;
  for (const match of text.matchAll(/(?<![A-Za-z0-9$])\$?([A-Za-z][A-Za-z0-9]{1,9})(?![A-Za-z0-9])/g)) {
    const word = match[1] ?? "";
    if (rest.slice(match.index, match.index + match[0].length).trim() === "") continue;
    const cashtag = match[0].startsWith("$");
    const upper = word.toUpperCase();
    // BTCUSDT, ETH/USDT: the base asset
    const pair = /^([A-Z0-9]{2,8}?)(USDT|USDC|BUSD|FDUSD)$/.exec(upper);
    const symbol = pair?.[1] ?? upper;
    const typedAsTicker = word === upper && /[A-Z]/.test(word) && !shouting;
    const known = KNOWN_TICKERS.has(symbol);
    if (!cashtag && !known && !typedAsTicker) continue;
    if (!cashtag && !known && NOT_TICKERS.has(symbol)) continue;
    if (QUOTES.test(symbol) && quotedIn(text, match.index)) continue;
    found.push({ at: match.index, symbol });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.symbol))];
}

/** "in USDT", "/USDT", "USDT 计价": a quote currency, not a coin asked about. */
function quotedIn(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 8), at).toLowerCase();
  return /(\bin|\bto|\bagainst|\/|兑|以)\s*$/.test(before);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const en = (source: string) => new RegExp(source, "i");

const KEYWORDS = {
  compare: [
    en(String.raw`\b(vs\.?|versus|compare[ds]?|comparison|comparing|against each other|better buy)\b`),
    /对比|比较|相比|哪个好|哪个更|和.+比/,
  ],
  news: [en(String.raw`\b(news|headlines?|stories|articles?|reports?)\b`), /新闻|消息|资讯|快讯|头条|报道/],
  movers: [
    en(
      String.raw`\b(moved|movers?|moving|gainers?|losers?|pump(ed|ing)?|dump(ed|ing)?|top coins|biggest (rise|rises|fall|falls|moves?|gains?|losses|drops?)|best performers?|worst performers?|rose the most|fell the most)\b`,
    ),
    /涨幅|跌幅|涨得最|跌得最|领涨|领跌|异动|涨跌榜|涨最多|跌最多|哪些币涨|哪些币跌|什么币涨|什么币跌|涨了什么|跌了什么/,
  ],
  sentiment: [en(String.raw`\b(sentiment|fear|greed|mood|feeling of the market)\b`), /情绪|恐慌|贪婪|恐惧/],
  trend: [
    en(
      String.raw`\b(trend(s|ing)?|chart|technical|support|resistance|volatil\w*|analy[sz]\w*|outlook|momentum|moving averages?|ma7|ma25|candles?|klines?)\b`,
    ),
    /走势|趋势|分析|支撑|阻力|压力位|波动|均线|K线|k线|技术面|行情走/,
  ],
  price: [
    en(String.raw`\b(price[sd]?|cost|worth|how much|quote|trading at|value|market cap|volume|rank)\b`),
    /价格|多少钱|报价|现价|币价|行情|价钱|市值|成交量|排名/,
  ],
  forecast: [
    en(
      String.raw`\b(predict\w*|forecast\w*|tomorrow|next (week|month|year)|price target|target price|should i (buy|sell|hold)|good (time )?to (buy|sell)|will \S+ (go|reach|hit|rise|fall|drop|pump|dump|crash|moon|recover)|going to (go|reach|hit|rise|fall|drop|crash))\b`,
    ),
    /预测|预计|会涨|会跌|会不会|明天|下周|下个月|能涨到|能到|目标价|该买|该卖|能买吗|可以买吗|买入吗|卖出吗|抄底/,
  ],
  /** a request for a forecast itself, which the predict tool answers with its record */
  predict: [
    en(
      String.raw`\b(predict\w*|forecast\w*|where will \S+ be|where is \S+ (going|heading)|price outlook for (tomorrow|next))\b`,
    ),
    /预测|预计|预判|走势预估/,
  ],
  /** advice, declined even when a forecast is asked for with it */
  advice: [
    en(
      String.raw`\b(should i (buy|sell|hold)|good (time )?to (buy|sell)|worth buying|buy or sell|price target|target price)\b`,
    ),
    /该买|该卖|能买吗|可以买吗|买入吗|卖出吗|抄底|值得买|要不要买|目标价/,
  ],
} as const;

type Signal = keyof typeof KEYWORDS;
const has = (text: string, signal: Signal) => KEYWORDS[signal].some((pattern) => pattern.test(text));

const GREETING =
  /^\s*(hi|hello|hey|yo|gm|good (morning|afternoon|evening)|help|你好|您好|嗨|哈喽|帮助)[\s!！.。?？~]*$|what can you do|who are you|what are you|how do you work|你能做什么|你会什么|你是谁|怎么用/i;

/** "what is X", "explain X", "什么是X", "X是什么": the term X, or undefined. */
export function explainedTerm(text: string): string | undefined {
  const trimmed = text.trim().replace(/[\s?？!！.。]+$/, "");
  const patterns = [
    /^(?:please\s+|can you\s+|could you\s+)?(?:what(?:'s|’s| is| are| does)|whats|define|explain|meaning of|tell me about)\s+(.+?)(?:\s+mean)?$/i,
    /^(?:请|请你)?(?:什么是|什么叫|解释一下|解释|介绍一下|科普一下|说说)(.+)$/,
    /^(.+?)(?:是什么意思|什么意思|是什么|是啥|指什么|的意思)$/,
  ];
  for (const pattern of patterns) {
    const term = pattern.exec(trimmed)?.[1]?.trim();
    if (term) return term;
  }
  return undefined;
}

/** The horizon a forecast question names: tomorrow / the next 24 hours, or the next week / 7 days. */
export function horizonOf(text: string): "day" | "week" | undefined {
  if (
    /\b(tomorrow|next 24 ?h(ours)?|24 hours|next day|one day ahead)\b|明天|明日|未来\s*24\s*小时|24\s*小时|一天后/i.test(
      text,
    )
  ) {
    return "day";
  }
  if (
    /\b(next week|this week|week ahead|coming week|next 7 days|next seven days|7[- ]days?|seven days)\b|下周|下一周|未来\s*(7|七)\s*天|未来一周|本周|这周|(7|七)\s*天/i.test(
      text,
    )
  ) {
    return "week";
  }
  return undefined;
}

function intervalOf(text: string): CandleInterval | undefined {
  if (/(?<![0-9])4\s?h\b|\b4[- ]?hours?\b|\bfour[- ]hours?\b|4\s*小时|四小时/i.test(text)) return "4h";
  if (/(?<![0-9])1\s?h\b|\b1[- ]?hour\b|\bone[- ]hour\b|\bhourly\b|\bhours\b|1\s*小时|一小时|小时/i.test(text))
    return "1h";
  if (/(?<![0-9])1\s?d\b|\bdaily\b|\bdays?\b|\bweeks?\b|\bmonths?\b|日线|日k|天|周|月/i.test(text)) return "1d";
  return undefined;
}

function directionsOf(text: string): ("up" | "down")[] {
  const up = /\b(gainers?|pump(ed|ing)?|rose|rise|risers?|best|up)\b|涨幅|领涨|涨得最|涨最多|哪些币涨|什么币涨/i.test(
    text,
  );
  const down =
    /\b(losers?|dump(ed|ing)?|fell|fall|drops?|worst|down)\b|跌幅|领跌|跌得最|跌最多|哪些币跌|什么币跌/i.test(text);
  if (up && !down) return ["up"];
  if (down && !up) return ["down"];
  return ["up", "down"];
}

const EN_NUMBERS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};
const EN_NUMBER = `\\d{1,3}|${Object.keys(EN_NUMBERS).join("|")}`;
const ZH_DIGITS: Readonly<Record<string, number>> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const ZH_NUMBER = "\\d{1,3}|[一二两三四五六七八九十]{1,3}";

/** "3", "three", "三", "十二", "三十": the number, or undefined. */
function numberOf(word: string | undefined): number | undefined {
  if (word === undefined || word === "") return undefined;
  if (/^\d+$/.test(word)) return Number(word);
  const english = EN_NUMBERS[word.toLowerCase()];
  if (english !== undefined) return english;
  const ten = word.indexOf("十");
  if (ten < 0) return word.length === 1 ? ZH_DIGITS[word] : undefined;
  const tens = ten === 0 ? 1 : ZH_DIGITS[word.slice(0, ten)];
  const ones = ten === word.length - 1 ? 0 : ZH_DIGITS[word.slice(ten + 1)];
  return tens === undefined || ones === undefined ? undefined : tens * 10 + ones;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const pad = (n: number) => String(n).padStart(2, "0");

/** A window of `count` units as a period: days and weeks in days, months, quarters and years in months. */
function spanPeriod(count: number, unit: string): Period | undefined {
  const u = unit.toLowerCase();
  let period: Period | undefined;
  if (/^(day|天|日)/.test(u)) period = `${count}d`;
  else if (/^fortnight/.test(u)) period = `${count * 14}d`;
  else if (/^(week|周|星期|礼拜)/.test(u)) period = `${count * 7}d`;
  else if (/^(month|月)/.test(u)) period = `${count}m`;
  else if (/^(quarter|季)/.test(u)) period = `${count * 3}m`;
  else if (/^(year|年)/.test(u)) period = `${count * 12}m`;
  return period && /^([1-9]\d{0,2}d|[1-9]\d?m)$/.test(period) ? period : undefined;
}

/** The day a "since" names: "since January" → since:01-01, "自3月5日以来" → since:03-05. */
function sinceDay(month: number | undefined, day: number | undefined, year?: string): Period | undefined {
  if (month === undefined || month < 1 || month > 12) return undefined;
  const d = day ?? 1;
  if (d < 1 || d > 31) return undefined;
  return `since:${year ? `${year}-` : ""}${pad(month)}-${pad(d)}`;
}

/** The phrases that name a window, each with the period it names (or a function of its match). */
const PERIODS: readonly { pattern: RegExp; period: (m: RegExpExecArray) => Period | undefined }[] = [
  { pattern: /\bsince\s+(\d{4})-(\d{2})-(\d{2})\b/i, period: (m) => sinceDay(Number(m[2]), Number(m[3]), m[1]) },
  {
    pattern: new RegExp(
      String.raw`\bsince\s+(?:the\s+)?(?:(?:start|beginning)\s+of\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(${MONTH})\b`,
      "i",
    ),
    period: (m) => sinceDay(monthNumber(m[2] ?? ""), Number(m[1])),
  },
  {
    pattern: new RegExp(
      String.raw`\bsince\s+(?:the\s+)?(?:(?:start|beginning|end)\s+of\s+)?(${MONTH})(?:\s+(\d{1,2})(?:st|nd|rd|th)?)?\b`,
      "i",
    ),
    period: (m) => sinceDay(monthNumber(m[1] ?? ""), m[2] ? Number(m[2]) : undefined),
  },
  {
    pattern: /\bsince\s+(?:the\s+)?(?:(?:start|beginning)\s+of\s+(?:the\s+)?year|new\s+year)\b/i,
    period: () => "ytd",
  },
  {
    pattern: /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]\s*(?:以来|至今|到现在|开始|起)/,
    period: (m) => sinceDay(Number(m[2]), Number(m[3]), m[1]),
  },
  {
    pattern: new RegExp(
      `(?:自从|自|从)?\\s*(${ZH_NUMBER})\\s*月份?\\s*(?:(${ZH_NUMBER})\\s*[日号])?\\s*(?:以来|至今|到现在|开始|起)`,
    ),
    period: (m) => sinceDay(numberOf(m[1]), numberOf(m[2])),
  },
  {
    pattern: /\b(?:ytd|year[- ]to[- ]date|this\s+year|so\s+far\s+this\s+year)\b|今年|年初至今|年初以来|年内/i,
    period: () => "ytd",
  },
  { pattern: /\b(?:mtd|month[- ]to[- ]date|this\s+month)\b|本月|这个月|这月/i, period: () => "mtd" },
  { pattern: /\b(?:so\s+far\s+)?today(?:'s|’s)?\b|今天|今日/i, period: () => "today" },
  { pattern: /\byesterday\b|昨天|昨日/i, period: () => "1d" },
  { pattern: /\bthis\s+week\b|本周|这周|这一周|这个星期|这星期/i, period: () => "7d" },
  {
    pattern: new RegExp(
      String.raw`\b(?:past|last|previous|recent|over|in|for|within)\s+(?:the\s+)?(?:(?:past|last)\s+)?(?:(${EN_NUMBER})\s+)?(days?|weeks?|fortnights?|months?|quarters?|years?)\b`,
      "i",
    ),
    period: (m) => spanPeriod(numberOf(m[1]) ?? 1, m[2] ?? ""),
  },
  {
    pattern: new RegExp(
      String.raw`\b(\d{1,3})[- ]?(days?|weeks?|months?|years?)\b|\b(${EN_NUMBER})\s+(days|weeks|months|years)\b`,
      "i",
    ),
    period: (m) => spanPeriod(numberOf(m[1] ?? m[3]) ?? 1, m[2] ?? m[4] ?? ""),
  },
  {
    pattern: new RegExp(`(?:过去|最近|近|前)\\s*(${ZH_NUMBER})?\\s*个?\\s*(天|日|周|星期|礼拜|月|季度|年)`),
    // 近日 / 最近几天 without a number: "lately", read as the past week
    period: (m) =>
      m[1] === undefined && /天|日/.test(m[2] ?? "") ? "7d" : spanPeriod(numberOf(m[1]) ?? 1, m[2] ?? ""),
  },
  {
    pattern: new RegExp(`(${ZH_NUMBER})\\s*个?\\s*(天|日|周|星期|礼拜|月|季度|年)(?:内|以来|里|来|中)`),
    period: (m) => spanPeriod(numberOf(m[1]) ?? 1, m[2] ?? ""),
  },
];

/** The window a question names, as a period, and the phrase that names it; undefined when it names none. */
export function periodOf(text: string): { period: Period; phrase: string } | undefined {
  for (const { pattern, period } of PERIODS) {
    const match = pattern.exec(text);
    const found = match ? period(match) : undefined;
    if (match && found) return { period: found, phrase: match[0] };
  }
  return undefined;
}

/** "in EUR", "in euros", "€", "in CNY / RMB / yuan", "用人民币", "欧元": the currency asked for, or undefined. */
export function currencyOf(text: string): AnswerCurrency | undefined {
  if (/\beur\b|\beuros?\b|€|欧元/i.test(text)) return "EUR";
  if (/\b(cny|rmb|yuan|renminbi)\b|人民币/i.test(text)) return "CNY";
  return undefined;
}

/** "why did SOL drop", "为什么 BTC 跌了": a question about why a price moved. */
const WHY = /\bwhy\b|\bwhat\s+(?:caused|made|drove|is\s+driving|pushed|sent)\b|为什么|为何|为啥|什么原因|啥原因/i;
const MOVED_DOWN =
  /\b(drop(?:s|ped|ping)?|fall(?:s|ing)?|fell|down|dump(?:s|ed|ing)?|crash(?:es|ed|ing)?|tank(?:s|ed|ing)?|plunge[ds]?|plunging|declin(?:e|es|ed|ing)|slump(?:s|ed|ing)?|sink(?:s|ing)?|sank|slid(?:e|es|ing)?|lower)\b|跌|崩|跳水|回落|下挫/i;
const MOVED_UP =
  /\b(rise[ns]?|rising|rose|up|pump(?:s|ed|ing)?|surge[ds]?|surging|rall(?:y|ies|ied|ying)|jump(?:s|ed|ing)?|soar(?:s|ed|ing)?|spike[ds]?|spiking|moon(?:s|ed|ing)?|higher)\b|涨|拉升|飙升|反弹/i;
const MOVED = /\b(move[ds]?|moving|swing|volatile)\b|波动|异动/i;
/** "what happened to FTX", "what's going on with SOL", "FTX怎么了", "BTC发生了什么" */
const WHAT_HAPPENED =
  /\bwhat(?:'s|’s|\s+is|\s+has)?\s+(?:happened|happening|going\s+on|up)\b|怎么了|发生了什么|出了什么事|出什么事|什么情况/i;

/** The direction a why-question asks about, or undefined when it asks about no move. */
function whyOf(text: string): "up" | "down" | "move" | undefined {
  const down = MOVED_DOWN.test(text);
  const up = MOVED_UP.test(text);
  if (down && !up) return "down";
  if (up && !down) return "up";
  if (up || down || MOVED.test(text)) return "move";
  return undefined;
}

/** The name a what-happened or why question asks about when it is not a coin: "What happened to Terra?" → Terra. */
function entityOf(text: string): string {
  const english =
    /\b(?:happened|happening|going\s+on|up)\s+(?:to|with|at)\s+(.+?)[\s?.!]*$/i.exec(text)?.[1] ??
    /\bwhy\s+(?:did|does|do|is|are|has|have|was|were)\s+(.+?)\s+(?:\S+)\s*[?.!]*$/i.exec(text)?.[1];
  const chinese =
    /^(?:为什么|为何|为啥)?\s*(.+?)\s*(?:怎么了|发生了什么|出了什么事|出什么事|什么情况|为什么|为何)/.exec(text)?.[1];
  const topic = (english ?? chinese ?? "")
    .replace(new RegExp(MOVED_DOWN.source, "gi"), " ")
    .replace(new RegExp(MOVED_UP.source, "gi"), " ")
    .replace(/\b(the|a|an|price|prices|market|crypto|so|much|lately|recently)\b/gi, " ")
    .replace(/最近|今天|价格|币价|的/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return topic.length > 40 ? "" : topic;
}

/** The topic of "news about X" when X is not a coin: the words after about/on/for, or 关于X. */
function newsTopic(text: string): string {
  const english = /\b(?:about|on|regarding|for|of)\s+(.+?)[\s?.!]*$/i.exec(text)?.[1];
  const chinese =
    /关于(.+?)的?(?:新闻|消息|资讯|快讯|报道)/.exec(text)?.[1] ?? /(.+?)的?(?:新闻|消息|资讯|快讯)/.exec(text)?.[1];
  const topic = (english ?? chinese ?? "")
    .replace(/\b(the|latest|recent|today'?s?|crypto|news|headlines)\b/gi, " ")
    .replace(/最新|今天|今日|加密货币|币圈|有什么|有哪些|的/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return topic.length > 40 ? "" : topic;
}

/** Follow-up wording: "and ETH?", "what about SOL", "那 ETH 呢", "SOL呢". */
const FOLLOW_UP = /^\s*(and|also|what about|how about|same for|then)\b|^\s*(那|还有|再看看?)|呢[\s?？]*$/i;

const coinIntent = (intent: Intent) =>
  intent.kind === "price" ||
  intent.kind === "trend" ||
  intent.kind === "compare" ||
  intent.kind === "news" ||
  intent.kind === "predict";

export function coinsOf(intent: Intent): string[] {
  if (intent.kind === "price" || intent.kind === "trend" || intent.kind === "predict") return intent.symbols;
  if (intent.kind === "compare") return [intent.a, intent.b];
  if (intent.kind === "news" && /^[A-Z0-9]{2,10}$/.test(intent.query)) return [intent.query];
  return [];
}

/** The intent of the latest earlier question that asked about coins. */
function previousCoinIntent(history: readonly string[]): Intent | undefined {
  for (const text of history) {
    const intent = readIntent(text, undefined);
    if (coinIntent(intent.intent) && coinsOf(intent.intent).length > 0) return intent.intent;
  }
  return undefined;
}

/** The window and currency of a question: its own, else the earlier question's (a follow-up keeps them). */
interface Framing {
  period?: Period;
  currency?: AnswerCurrency;
}

/** Only the keys that are set: an intent reads the same whether or not a question named a window. */
const framed = (framing: Framing): Framing => ({
  ...(framing.period ? { period: framing.period } : {}),
  ...(framing.currency ? { currency: framing.currency } : {}),
});

function framingOf(previous: Intent | undefined): Framing {
  if (!previous || previous.kind === "news")
    return previous?.kind === "news" ? framed({ period: previous.period }) : {};
  if (previous.kind === "price" || previous.kind === "trend" || previous.kind === "compare") {
    return framed({ period: previous.period, currency: previous.currency });
  }
  return {};
}

/** Hourly candles for today unless an interval was named: a day has no daily candle yet. */
const trendInterval = (text: string, period: Period | undefined, fallback: CandleInterval): CandleInterval =>
  intervalOf(text) ?? (period === "today" ? "1h" : fallback);

/** The same kind of question as `previous`, about other coins. */
function sameKindFor(previous: Intent, coins: string[], text: string, framing: Framing): Intent {
  switch (previous.kind) {
    case "trend":
      return {
        kind: "trend",
        symbols: coins.slice(0, MAX_TRENDS),
        interval: trendInterval(text, framing.period, previous.interval),
        ...framed(framing),
      };
    case "compare": {
      const [first, second] = coins;
      if (first && second) return { kind: "compare", a: first, b: second, ...framed(framing) };
      if (first)
        return { kind: "compare", a: first === previous.a ? previous.b : previous.a, b: first, ...framed(framing) };
      return { ...previous, ...framed(framing) };
    }
    case "predict":
      return {
        kind: "predict",
        symbols: coins.slice(0, MAX_FORECASTS),
        ...(previous.horizon ? { horizon: previous.horizon } : {}),
      };
    case "news":
      return {
        kind: "news",
        query: coins[0] ?? previous.query,
        ...framed({ period: framing.period }),
        ...(previous.why ? { why: previous.why } : {}),
      };
    default:
      return { kind: "price", symbols: coins.slice(0, MAX_PRICES), ...framed(framing) };
  }
}

function predictIntent(coins: readonly string[], text: string): { intent: Intent; forecast: boolean } {
  const horizon = horizonOf(text);
  return {
    intent: { kind: "predict", symbols: coins.slice(0, MAX_FORECASTS), ...(horizon ? { horizon } : {}) },
    forecast: false,
  };
}

/**
 * A request to be told when a price is reached, when it names a coin or a target; "what is a price alert?" is not
 * one. A target without a coin ("and tell me when it drops below 3000") is about the earlier question's coin.
 */
function alarmIntent(text: string, history: readonly string[] | undefined): Intent | undefined {
  if (!asksForAlarm(text)) return undefined;
  const ask = alarmAskOf(text);
  const named = findCoins(text).filter((symbol) => !QUOTES.test(symbol));
  const previous = named.length === 0 && ask.kind !== "none" && history ? previousCoinIntent(history) : undefined;
  const symbol = named[0] ?? (previous ? coinsOf(previous)[0] : undefined);
  if (symbol === undefined && ask.kind === "none") return undefined;
  return { kind: "alarm", symbol, ask };
}

function readIntent(text: string, history: readonly string[] | undefined): { intent: Intent; forecast: boolean } {
  const forecast = has(text, "forecast");
  if (GREETING.test(text)) return { intent: { kind: "help" }, forecast: false };
  const alarm = alarmIntent(text, history);
  if (alarm) return { intent: alarm, forecast: false };

  const term = explainedTerm(text);
  if (term && findGlossaryEntry(term)) return { intent: { kind: "glossary", term }, forecast: false };

  let coins = findCoins(text);
  // a coin's forecast, asked for as such: the forecast and its record (advice with it stays declined)
  const predicts = has(text, "predict") && !has(text, "advice");
  if (coins.length > 0 && predicts) return predictIntent(coins, text);
  const window = periodOf(text);
  const own: Framing = framed({ period: window?.period, currency: currencyOf(text) });
  const signals = {
    compare: has(text, "compare"),
    news: has(text, "news"),
    movers: has(text, "movers"),
    sentiment: has(text, "sentiment"),
    trend: has(text, "trend"),
    price: has(text, "price"),
  };
  const previous = history ? previousCoinIntent(history) : undefined;
  // a window or a currency alone continues the earlier question ("and over the past month?", "in EUR?")
  const reframes = previous !== undefined && (own.period !== undefined || own.currency !== undefined);
  const asksAboutCoins = signals.compare || signals.trend || signals.price || forecast || reframes;

  // why a price moved, what happened to a name: the news of those days (and the coin's move), not a price lookup
  const why = WHY.test(text) ? whyOf(text) : undefined;
  const happened = WHAT_HAPPENED.test(text);
  if (signals.news || (why && !forecast) || happened) {
    const rest = window ? text.replace(window.phrase, " ").trim() : text;
    const query = coins[0] ?? (signals.news ? newsTopic(rest) : entityOf(rest));
    return {
      intent: { kind: "news", query, ...framed({ period: own.period }), ...(why ? { why } : {}) },
      forecast,
    };
  }
  if (signals.movers && coins.length === 0)
    return { intent: { kind: "movers", directions: directionsOf(text) }, forecast };
  // the mood is the market's, not a coin's: "BTC sentiment" reads the market's
  if (signals.sentiment) return { intent: { kind: "sentiment" }, forecast };

  const inherited = coins.length === 0 && asksAboutCoins && previous !== undefined;
  if (inherited && previous) coins = coinsOf(previous);
  if (coins.length > 0 && predicts) return predictIntent(coins, text);
  // a follow-up keeps the earlier window and currency unless it names its own
  const framing: Framing = previous && (inherited || FOLLOW_UP.test(text)) ? { ...framingOf(previous), ...own } : own;
  if (coins.length > 0) {
    const [a, b] = coins;
    if (signals.compare && a && b) return { intent: { kind: "compare", a, b, ...framed(framing) }, forecast };
    if (signals.trend || forecast) {
      return {
        intent: {
          kind: "trend",
          symbols: coins.slice(0, MAX_TRENDS),
          interval: trendInterval(text, framing.period, "1d"),
          ...framed(framing),
        },
        forecast,
      };
    }
    if (signals.price || signals.compare || signals.movers || !previous) {
      return { intent: { kind: "price", symbols: coins.slice(0, MAX_PRICES), ...framed(framing) }, forecast };
    }
    return { intent: sameKindFor(previous, coins, text, framing), forecast };
  }
  if (asksAboutCoins && !forecast) return { intent: { kind: "needCoin" }, forecast };
  if (term && !forecast) return { intent: { kind: "glossary", term }, forecast };
  if (!forecast && findGlossaryEntry(text)) return { intent: { kind: "glossary", term: text.trim() }, forecast };
  if (previous && FOLLOW_UP.test(text) && !forecast) {
    const interval = intervalOf(text);
    if (interval && previous.kind === "trend") return { intent: { ...previous, interval }, forecast };
  }
  return { intent: { kind: "unknown" }, forecast };
}

/** Attachment markers the chat prompt puts around a PDF's text and unseen images, which are not the question. */
const PDF_BLOCK = /\[Attached PDF "[^"\n]*"[^\]\n]*\][\s\S]*?\[End of "[^"\n]*"\]/g;
const MARKER = /^\[(?:Attached PDF|The user attached)[^\n]*\]$/gm;

/** The question without the attachment blocks, and whether there were any. */
export function questionText(raw: string): { text: string; attachments: boolean } {
  const text = raw.replace(PDF_BLOCK, "").replace(MARKER, "").trim();
  return { text, attachments: text.length !== raw.trim().length };
}

/**
 * Reads the latest question. `history` is the earlier user questions, newest first. The answer's language is the
 * question's: Chinese when it has Chinese characters, English when it has English words, else `fallback`.
 */
export function parseQuestion(
  raw: string,
  history: readonly string[] = [],
  fallback: AnswerLanguage = "en",
  attached = false,
): Question {
  const { text, attachments } = questionText(raw);
  const words = text.match(/[A-Za-z]{3,}/g) ?? [];
  const englishWords = words.some((w) => !KNOWN_TICKERS.has(w.toUpperCase()) && w !== w.toUpperCase());
  const language: AnswerLanguage = CJK.test(text) ? "zh" : englishWords ? "en" : fallback;
  const { intent, forecast } = readIntent(
    text,
    history.map((h) => questionText(h).text),
  );
  return { text, language, intent, forecast, attachments: attachments || attached };
}
