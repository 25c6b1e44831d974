/**
 * Suggested questions: the home screen's recommended questions (with refresh) and the aiSwap tab's swap questions.
 * Each recommended question is one the offline analyst answers from the product's own data: a price, a trend, a
 * comparison, news about a coin, the day's movers, market sentiment, or a term of its glossary.
 */

export type SuggestionLanguage = "en" | "cn";

type Category = "price" | "trend" | "compare" | "news" | "movers" | "sentiment" | "glossary";

const RECOMMENDED: Readonly<Record<Category, readonly { en: string; zh: string }[]>> = {
  price: [
    { en: "What is the price of BTC right now?", zh: "BTC现在的价格是多少？" },
    { en: "How much has ETH changed in the last 24 hours?", zh: "ETH过去24小时涨跌了多少？" },
    { en: "What is the current price of SOL?", zh: "SOL现在的价格是多少？" },
    { en: "How is BNB doing today?", zh: "BNB今天表现如何？" },
  ],
  trend: [
    { en: "What is the trend of BTC over the past week?", zh: "BTC过去一周的走势如何？" },
    { en: "Is ETH in an uptrend or a downtrend?", zh: "ETH现在是上涨趋势还是下跌趋势？" },
    { en: "Where are the support and resistance levels of SOL?", zh: "SOL的支撑位和阻力位在哪里？" },
    { en: "How volatile has DOGE been recently?", zh: "DOGE最近的波动有多大？" },
  ],
  compare: [
    { en: "Compare BTC and ETH over the last 7 days.", zh: "对比一下BTC和ETH最近7天的表现。" },
    { en: "Which did better this week, SOL or BNB?", zh: "这周SOL和BNB哪个表现更好？" },
    { en: "How does XRP compare with ADA?", zh: "XRP和ADA相比如何？" },
  ],
  news: [
    { en: "What is the latest news about Bitcoin?", zh: "比特币有什么最新消息？" },
    { en: "Any recent news about Ethereum?", zh: "以太坊最近有什么新闻？" },
    { en: "What are today's top crypto headlines?", zh: "今天加密市场有哪些重要新闻？" },
  ],
  movers: [
    { en: "Which coins moved the most today?", zh: "今天哪些币涨跌幅最大？" },
    { en: "What are the top gainers in the last 24 hours?", zh: "过去24小时涨幅最大的币有哪些？" },
    { en: "Which coins fell the most today?", zh: "今天跌得最多的币有哪些？" },
  ],
  sentiment: [
    { en: "What is the market sentiment today?", zh: "今天的市场情绪如何？" },
    { en: "What does the fear and greed index say now?", zh: "现在的恐惧与贪婪指数是多少？" },
    { en: "How many of the top 100 coins are up today?", zh: "今天前100的币里有多少在上涨？" },
  ],
  glossary: [
    { en: "What is DeFi?", zh: "什么是DeFi？" },
    { en: "What does market cap mean?", zh: "市值是什么意思？" },
    { en: "What is a stablecoin?", zh: "什么是稳定币？" },
    { en: "What is staking?", zh: "什么是质押？" },
    { en: "What is the Bitcoin halving?", zh: "什么是比特币减半？" },
  ],
};

/** Round-robin over the categories, so any few consecutive questions cover different kinds. */
function interleave(): readonly { en: string; zh: string }[] {
  const lists = Object.values(RECOMMENDED);
  const longest = Math.max(...lists.map((list) => list.length));
  const out: { en: string; zh: string }[] = [];
  for (let i = 0; i < longest; i += 1) {
    for (const list of lists) {
      const item = list[i];
      if (item) out.push(item);
    }
  }
  return out;
}

const ORDER = interleave();

/** How many recommended questions there are (per language). */
export const RECOMMENDED_COUNT = ORDER.length;

/**
 * `count` questions (capped at the list's length) for page `page` of the rotation: page 0 starts at the first,
 * each next page starts where the last ended, wrapping around, so "refresh" shows different ones.
 */
export function recommendedQuestions(language: SuggestionLanguage, count: number, page: number): string[] {
  const n = Math.min(Math.max(1, Math.floor(count)), ORDER.length);
  const start = (((Math.floor(page) * n) % ORDER.length) + ORDER.length) % ORDER.length;
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const item = ORDER[(start + i) % ORDER.length];
    if (item) out.push(language === "cn" ? item.zh : item.en);
  }
  return out;
}

/**
 * The rotation of one server: each call without a seed takes the next page. With a seed (the client's refresh
 * counter) the answer depends only on the seed.
 */
export function createRecommender() {
  let calls = 0;
  return {
    next(language: SuggestionLanguage, count: number, seed?: number): string[] {
      const page = seed ?? calls;
      calls += 1;
      return recommendedQuestions(language, count, page);
    },
  };
}

export type Recommender = ReturnType<typeof createRecommender>;

const SWAP_QUESTIONS: Readonly<Record<SuggestionLanguage, readonly string[]>> = {
  en: [
    "Swap 100 USDT for ETH",
    "How much SOL can I get for 200 USDT?",
    "Swap 0.5 ETH to USDC on Ethereum",
    "Swap 1 BNB to USDT on BSC",
    "What is the best rate to swap BTC to USDT?",
    "What fees will I pay to swap ETH for USDT?",
  ],
  cn: [
    "用100 USDT兑换ETH",
    "200 USDT能换多少SOL？",
    "在以太坊上把0.5 ETH兑换成USDC",
    "在BSC上把1 BNB兑换成USDT",
    "BTC兑换USDT的最佳汇率是多少？",
    "把ETH兑换成USDT要付多少手续费？",
  ],
};

/** The aiSwap tab's suggested questions (spec §4 search tab, §7 getSwapAgentQuestion data.content1). */
export function swapQuestions(language: SuggestionLanguage): string[] {
  return [...SWAP_QUESTIONS[language]];
}
