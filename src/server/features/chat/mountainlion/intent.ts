import { COIN_NAMES, KNOWN_TICKERS } from "../tools/coin-names.ts";
import { findGlossaryEntry } from "../tools/glossary.ts";
import type { AnswerLanguage } from "./format.ts";

/**
 * What a question asks, read without a language model: keywords in English and Chinese, coins by ticker or common
 * name. Only the latest question decides; earlier ones lend a follow-up its coins or its kind ("and ETH?").
 */

export type CandleInterval = "1h" | "4h" | "1d";

export type Intent =
  | { kind: "price"; symbols: string[] }
  | { kind: "trend"; symbols: string[]; interval: CandleInterval }
  | { kind: "compare"; a: string; b: string }
  | { kind: "news"; query: string }
  | { kind: "movers"; directions: ("up" | "down")[] }
  | { kind: "sentiment" }
  | { kind: "glossary"; term: string }
  | { kind: "help" }
  /** a price, trend or comparison without a coin to look up */
  | { kind: "needCoin" }
  | { kind: "unknown" };

export interface Question {
  text: string;
  language: AnswerLanguage;
  intent: Intent;
  /** asks for a prediction or for advice: declined, with the data shown where there is a coin */
  forecast: boolean;
  /** the message carried files or images, which MountainLion cannot read */
  attachments: boolean;
}

const CJK = /[\u3400-\u9fff]/;
const MAX_PRICES = 5;
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
  const shouting = !/[a-z]/.test(text) && /\s/.test(text.trim());
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
  intent.kind === "price" || intent.kind === "trend" || intent.kind === "compare" || intent.kind === "news";

function coinsOf(intent: Intent): string[] {
  if (intent.kind === "price" || intent.kind === "trend") return intent.symbols;
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

/** The same kind of question as `previous`, about other coins. */
function sameKindFor(previous: Intent, coins: string[], text: string): Intent {
  switch (previous.kind) {
    case "trend":
      return { kind: "trend", symbols: coins.slice(0, MAX_TRENDS), interval: intervalOf(text) ?? previous.interval };
    case "compare": {
      const [first, second] = coins;
      if (first && second) return { kind: "compare", a: first, b: second };
      if (first) return { kind: "compare", a: first === previous.a ? previous.b : previous.a, b: first };
      return previous;
    }
    case "news":
      return { kind: "news", query: coins[0] ?? previous.query };
    default:
      return { kind: "price", symbols: coins.slice(0, MAX_PRICES) };
  }
}

function readIntent(text: string, history: readonly string[] | undefined): { intent: Intent; forecast: boolean } {
  const forecast = has(text, "forecast");
  if (GREETING.test(text)) return { intent: { kind: "help" }, forecast: false };

  const term = explainedTerm(text);
  if (term && findGlossaryEntry(term)) return { intent: { kind: "glossary", term }, forecast: false };

  let coins = findCoins(text);
  const signals = {
    compare: has(text, "compare"),
    news: has(text, "news"),
    movers: has(text, "movers"),
    sentiment: has(text, "sentiment"),
    trend: has(text, "trend"),
    price: has(text, "price"),
  };
  const asksAboutCoins = signals.compare || signals.trend || signals.price || forecast;
  const previous = history ? previousCoinIntent(history) : undefined;

  if (signals.news) return { intent: { kind: "news", query: coins[0] ?? newsTopic(text) }, forecast };
  if (signals.movers && coins.length === 0)
    return { intent: { kind: "movers", directions: directionsOf(text) }, forecast };
  // the mood is the market's, not a coin's: "BTC sentiment" reads the market's
  if (signals.sentiment) return { intent: { kind: "sentiment" }, forecast };

  if (coins.length === 0 && asksAboutCoins && previous) coins = coinsOf(previous);
  if (coins.length > 0) {
    const [a, b] = coins;
    if (signals.compare && a && b) return { intent: { kind: "compare", a, b }, forecast };
    if (signals.trend || forecast) {
      return {
        intent: { kind: "trend", symbols: coins.slice(0, MAX_TRENDS), interval: intervalOf(text) ?? "1d" },
        forecast,
      };
    }
    if (signals.price || signals.compare || signals.movers || !previous) {
      return { intent: { kind: "price", symbols: coins.slice(0, MAX_PRICES) }, forecast };
    }
    return { intent: sameKindFor(previous, coins, text), forecast };
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
