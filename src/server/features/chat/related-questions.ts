/**
 * Follow-up questions offered under an answer (the done event's `related`): three, in the chat's language,
 * built from what the question was about (price, trend, comparison, news) and the coins it named or the tools
 * looked up. Deterministic, so an answer's follow-ups never cost a second model call.
 */

export type RelatedLanguage = "en" | "cn";
type Intent = "price" | "trend" | "compare" | "news" | "general";

const NAMES: readonly [RegExp, string][] = [
  [/\bbitcoin\b|比特币/i, "BTC"],
  [/\bether(eum)?\b|以太坊/i, "ETH"],
  [/\bsolana\b|索拉纳/i, "SOL"],
  [/\bdoge(coin)?\b|狗狗币/i, "DOGE"],
  [/\bripple\b|瑞波/i, "XRP"],
  [/\bcardano\b|艾达币/i, "ADA"],
  [/\bbinance coin\b|币安币/i, "BNB"],
  [/\btoncoin\b/i, "TON"],
];
/** Upper-case words that are not tickers. */
const NOT_TICKERS = new Set(["I", "A", "AI", "OK", "USD", "CNY", "ETF", "VS", "API", "UTC", "PDF", "FAQ", "AND", "OR"]);
const TICKER = /(?<![A-Za-z0-9])[A-Z][A-Z0-9]{1,9}(?![A-Za-z0-9])/g;
const SYMBOL_KEY = /symbol|coin|token|asset|base|pair|^[ab]$|^from$|^to$/i;

const INTENTS: readonly [Intent, RegExp][] = [
  ["compare", /\b(compare|comparison|versus|vs\.?|better)\b|对比|比较|哪个好/i],
  ["news", /\b(news|headlines?|announcements?|happen(ed|ing)?)\b|新闻|消息|公告|发生/i],
  ["trend", /\b(trend|chart|support|resistance|volatility|candles?|kline|week|month)\b|走势|趋势|支撑|阻力|波动|k线/i],
  ["price", /\b(price|worth|cost|how much|change|up|down|pump|dump)\b|价格|多少钱|涨|跌/i],
];

/** Tickers the question or the tools' inputs name, in order of first mention, at most three. */
export function symbolsOf(question: string, toolInputs: readonly unknown[] = []): string[] {
  const found: string[] = [];
  const add = (symbol: string) => {
    const upper = symbol.toUpperCase().replace(/USDT$/, "") || symbol.toUpperCase();
    if (!NOT_TICKERS.has(upper) && !found.includes(upper)) found.push(upper);
  };
  const visit = (value: unknown, key: string, depth: number) => {
    if (depth > 3) return;
    if (typeof value === "string") {
      if (SYMBOL_KEY.test(key) && /^[A-Za-z][A-Za-z0-9]{1,11}$/.test(value)) add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key, depth + 1);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visit(v, k, depth + 1);
    }
  };
  for (const input of toolInputs) visit(input, "", 0);
  for (const match of question.matchAll(TICKER)) add(match[0]);
  for (const [pattern, symbol] of NAMES) if (pattern.test(question)) add(symbol);
  return found.slice(0, 3);
}

function intentOf(question: string, symbols: readonly string[]): Intent {
  for (const [intent, pattern] of INTENTS) {
    if (pattern.test(question)) return intent === "compare" && symbols.length < 2 ? "price" : intent;
  }
  return symbols.length >= 2 ? "compare" : symbols.length === 1 ? "price" : "general";
}

const en = {
  price: (s: string) => `What is the price of ${s} now?`,
  trend: (s: string) => `How has ${s} trended over the last 7 days?`,
  levels: (s: string) => `Where are the support and resistance levels of ${s}?`,
  news: (s: string) => `What news is moving ${s}?`,
  compare: (a: string, b: string) => `Compare ${a} with ${b}`,
  market: "What moved the market today?",
  sentiment: "How is market sentiment today?",
  latest: "What is the latest crypto news?",
};
const cn: typeof en = {
  price: (s) => `${s} 现在的价格是多少？`,
  trend: (s) => `${s} 最近 7 天的走势如何？`,
  levels: (s) => `${s} 的支撑位和阻力位在哪里？`,
  news: (s) => `有哪些新闻在影响 ${s}？`,
  compare: (a, b) => `对比 ${a} 和 ${b}`,
  market: "今天市场有什么异动？",
  sentiment: "今天的市场情绪如何？",
  latest: "最新的加密货币新闻有哪些？",
};

/** Three follow-ups for a question, none repeating it. */
export function relatedQuestions(
  question: string,
  language: RelatedLanguage,
  toolInputs: readonly unknown[] = [],
): string[] {
  const t = language === "cn" ? cn : en;
  const symbols = symbolsOf(question, toolInputs);
  const [first, second] = symbols;
  const intent = intentOf(question, symbols);
  let candidates: string[];
  if (!first) {
    candidates =
      intent === "news" ? [t.market, t.sentiment, t.price("BTC")] : [t.market, t.latest, t.sentiment, t.price("BTC")];
  } else {
    const other = second ?? (first === "BTC" ? "ETH" : "BTC");
    switch (intent) {
      case "compare":
        candidates = [t.trend(first), t.trend(other), t.news(first)];
        break;
      case "trend":
        candidates = [t.levels(first), t.news(first), t.compare(first, other)];
        break;
      case "news":
        candidates = [t.price(first), t.trend(first), t.sentiment];
        break;
      default:
        candidates = [t.trend(first), t.news(first), t.compare(first, other)];
    }
  }
  const asked = question.trim().toLowerCase();
  return candidates.filter((candidate) => candidate.toLowerCase() !== asked).slice(0, 3);
}
