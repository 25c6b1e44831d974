import { describe, expect, it } from "vitest";
import { explainedTerm, findCoins, type Intent, parseQuestion, questionText } from "./intent.ts";
import { segments } from "./segments.ts";

const intentOf = (text: string, history: string[] = []) => parseQuestion(text, history).intent;

describe("coins in a question", () => {
  it("reads tickers, cashtags, pairs and common names in English and Chinese, in order", () => {
    expect(findCoins("BTC price")).toEqual(["BTC"]);
    expect(findCoins("btc and eth")).toEqual(["BTC", "ETH"]);
    expect(findCoins("compare Ethereum with bitcoin")).toEqual(["ETH", "BTC"]);
    expect(findCoins("对比 BTC 和 ETH")).toEqual(["BTC", "ETH"]);
    expect(findCoins("比特币和以太坊")).toEqual(["BTC", "ETH"]);
    expect(findCoins("BTC价格")).toEqual(["BTC"]);
    expect(findCoins("bitcoin cash vs bitcoin")).toEqual(["BCH", "BTC"]);
    expect(findCoins("$pepe and $WIF")).toEqual(["PEPE", "WIF"]);
    expect(findCoins("BTCUSDT and ETH/USDT")).toEqual(["BTC", "ETH"]);
    expect(findCoins("XYZ price")).toEqual(["XYZ"]);
  });

  it("does not take words, abbreviations or quote currencies for coins", () => {
    expect(findCoins("who will win the election?")).toEqual([]);
    expect(findCoins("what is DeFi, TVL and an ETF")).toEqual([]);
    expect(findCoins("BTC price in USDT")).toEqual(["BTC"]);
    expect(findCoins("WHAT IS THE PRICE OF BTC")).toEqual(["BTC"]);
    expect(findCoins("a ton of news on the link")).toEqual([]);
  });
});

describe("intents", () => {
  const cases: [string, Intent][] = [
    ["BTC price", { kind: "price", symbols: ["BTC"] }],
    ["What's the price of bitcoin?", { kind: "price", symbols: ["BTC"] }],
    ["比特币价格", { kind: "price", symbols: ["BTC"] }],
    ["ETH", { kind: "price", symbols: ["ETH"] }],
    ["BTC and ETH price", { kind: "price", symbols: ["BTC", "ETH"] }],
    ["ETH trend 4h", { kind: "trend", symbols: ["ETH"], interval: "4h" }],
    ["BTC hourly chart", { kind: "trend", symbols: ["BTC"], interval: "1h" }],
    ["support and resistance of SOL", { kind: "trend", symbols: ["SOL"], interval: "1d" }],
    ["以太坊 4小时 走势", { kind: "trend", symbols: ["ETH"], interval: "4h" }],
    ["比特币趋势", { kind: "trend", symbols: ["BTC"], interval: "1d" }],
    ["compare BTC and ETH", { kind: "compare", a: "BTC", b: "ETH" }],
    ["BTC vs ETH", { kind: "compare", a: "BTC", b: "ETH" }],
    ["对比 BTC 和 ETH", { kind: "compare", a: "BTC", b: "ETH" }],
    ["比特币和以太坊哪个好", { kind: "compare", a: "BTC", b: "ETH" }],
    ["news about bitcoin", { kind: "news", query: "BTC" }],
    ["比特币新闻", { kind: "news", query: "BTC" }],
    ["latest news", { kind: "news", query: "" }],
    ["news about the SEC", { kind: "news", query: "SEC" }],
    ["What moved today?", { kind: "movers", directions: ["up", "down"] }],
    ["top gainers", { kind: "movers", directions: ["up"] }],
    ["今天跌幅最大的币", { kind: "movers", directions: ["down"] }],
    ["今天涨幅榜", { kind: "movers", directions: ["up"] }],
    ["market sentiment?", { kind: "sentiment" }],
    ["is the market in fear or greed", { kind: "sentiment" }],
    ["市场情绪怎么样", { kind: "sentiment" }],
    ["what is a stablecoin", { kind: "glossary", term: "a stablecoin" }],
    ["What is DeFi?", { kind: "glossary", term: "DeFi" }],
    ["explain slippage", { kind: "glossary", term: "slippage" }],
    ["什么是稳定币", { kind: "glossary", term: "稳定币" }],
    ["稳定币是什么？", { kind: "glossary", term: "稳定币" }],
    ["解释一下DeFi", { kind: "glossary", term: "DeFi" }],
    ["what is the fear and greed index", { kind: "glossary", term: "the fear and greed index" }],
    ["what is quantum farming", { kind: "glossary", term: "quantum farming" }],
    ["hello", { kind: "help" }],
    ["你好", { kind: "help" }],
    ["what can you do?", { kind: "help" }],
    ["what's the price?", { kind: "needCoin" }],
    ["who will win the election?", { kind: "unknown" }],
    ["write me a poem", { kind: "unknown" }],
  ];
  for (const [question, intent] of cases) {
    it(`reads "${question}"`, () => expect(intentOf(question)).toEqual(intent));
  }

  it("declines forecasts, with the trend as the data when a coin is named", () => {
    const withCoin = parseQuestion("Will BTC go up tomorrow?");
    expect(withCoin.forecast).toBe(true);
    expect(withCoin.intent).toEqual({ kind: "trend", symbols: ["BTC"], interval: "1d" });
    expect(parseQuestion("比特币明天会涨吗").forecast).toBe(true);
    const without = parseQuestion("predict the market for next year");
    expect(without.forecast).toBe(true);
    expect(without.intent.kind).toBe("unknown");
  });
});

describe("windows of time, currencies and news questions", () => {
  const cases: [string, Intent][] = [
    ["How did BTC do over the past week?", { kind: "price", symbols: ["BTC"], period: "7d" }],
    ["BTC past week", { kind: "price", symbols: ["BTC"], period: "7d" }],
    ["ETH price change in the last 30 days", { kind: "price", symbols: ["ETH"], period: "30d" }],
    ["How has SOL done since January?", { kind: "price", symbols: ["SOL"], period: "since:01-01" }],
    ["BTC since Feb 15", { kind: "price", symbols: ["BTC"], period: "since:02-15" }],
    ["DOGE YTD", { kind: "price", symbols: ["DOGE"], period: "ytd" }],
    ["XRP over the past 3 months", { kind: "price", symbols: ["XRP"], period: "3m" }],
    ["BTC today", { kind: "price", symbols: ["BTC"], period: "today" }],
    ["SUI past 2 weeks", { kind: "price", symbols: ["SUI"], period: "14d" }],
    ["比特币今天表现如何", { kind: "price", symbols: ["BTC"], period: "today" }],
    ["以太坊过去一周", { kind: "price", symbols: ["ETH"], period: "7d" }],
    ["狗狗币最近7天", { kind: "price", symbols: ["DOGE"], period: "7d" }],
    ["比特币近30天", { kind: "price", symbols: ["BTC"], period: "30d" }],
    ["比特币自1月以来的涨跌", { kind: "price", symbols: ["BTC"], period: "since:01-01" }],
    ["以太坊今年以来", { kind: "price", symbols: ["ETH"], period: "ytd" }],
    ["XRP 过去三个月", { kind: "price", symbols: ["XRP"], period: "3m" }],
    ["LINK 近一个月", { kind: "price", symbols: ["LINK"], period: "1m" }],
    ["ETH trend past week", { kind: "trend", symbols: ["ETH"], interval: "1d", period: "7d" }],
    ["BTC trend today", { kind: "trend", symbols: ["BTC"], interval: "1h", period: "today" }],
    ["BNB 近30天走势", { kind: "trend", symbols: ["BNB"], interval: "1d", period: "30d" }],
    ["BTC vs ETH over the past month", { kind: "compare", a: "BTC", b: "ETH", period: "1m" }],
    ["对比 SOL 和 AVAX 近30天", { kind: "compare", a: "SOL", b: "AVAX", period: "30d" }],
    ["BTC price in EUR", { kind: "price", symbols: ["BTC"], currency: "EUR" }],
    ["What is ETH worth in euros?", { kind: "price", symbols: ["ETH"], currency: "EUR" }],
    ["SOL price in CNY", { kind: "price", symbols: ["SOL"], currency: "CNY" }],
    ["DOGE in RMB", { kind: "price", symbols: ["DOGE"], currency: "CNY" }],
    ["BTC price in yuan", { kind: "price", symbols: ["BTC"], currency: "CNY" }],
    ["比特币价格用人民币", { kind: "price", symbols: ["BTC"], currency: "CNY" }],
    ["以太坊价格用欧元", { kind: "price", symbols: ["ETH"], currency: "EUR" }],
    ["What happened to FTX?", { kind: "news", query: "FTX" }],
    ["What happened to Terra?", { kind: "news", query: "Terra" }],
    ["why did SOL drop", { kind: "news", query: "SOL", why: "down" }],
    ["why did SOL drop this week?", { kind: "news", query: "SOL", period: "7d", why: "down" }],
    ["why did the market dump today", { kind: "news", query: "", period: "today", why: "down" }],
    ["SOL news", { kind: "news", query: "SOL" }],
    ["最新消息", { kind: "news", query: "" }],
    ["为什么 BTC 跌了", { kind: "news", query: "BTC", why: "down" }],
    ["以太坊为什么涨了", { kind: "news", query: "ETH", why: "up" }],
    ["FTX怎么了", { kind: "news", query: "FTX" }],
    ["BNB news since March", { kind: "news", query: "BNB", period: "since:03-01" }],
  ];
  for (const [question, intent] of cases) {
    it(`reads "${question}"`, () => expect(intentOf(question)).toEqual(intent));
  }

  it("keeps a follow-up's window and currency, or takes the new ones", () => {
    expect(intentOf("and ETH?", ["How did BTC do over the past week?"])).toEqual({
      kind: "price",
      symbols: ["ETH"],
      period: "7d",
    });
    expect(intentOf("and over the past month?", ["BTC past week"])).toEqual({
      kind: "price",
      symbols: ["BTC"],
      period: "1m",
    });
    expect(intentOf("in EUR?", ["BTC price"])).toEqual({ kind: "price", symbols: ["BTC"], currency: "EUR" });
    expect(intentOf("那 ETH 呢", ["比特币价格用人民币"])).toEqual({ kind: "price", symbols: ["ETH"], currency: "CNY" });
  });

  it("does not read a forecast or a time of day as a window", () => {
    expect(parseQuestion("Will BTC go up next week?").forecast).toBe(true);
    expect(intentOf("What moved today?")).toEqual({ kind: "movers", directions: ["up", "down"] });
    expect(intentOf("BTC price")).toEqual({ kind: "price", symbols: ["BTC"] });
  });
});

describe("follow-ups", () => {
  it("ask the earlier question again about another coin", () => {
    expect(intentOf("and BTC?", ["ETH trend 4h"])).toEqual({ kind: "trend", symbols: ["BTC"], interval: "4h" });
    expect(intentOf("那 ETH 呢", ["比特币价格"])).toEqual({ kind: "price", symbols: ["ETH"] });
    expect(intentOf("what about SOL", ["compare BTC and ETH"])).toEqual({ kind: "compare", a: "BTC", b: "SOL" });
    expect(intentOf("and ETH?", ["news about bitcoin"])).toEqual({ kind: "news", query: "ETH" });
    expect(intentOf("SOL呢", ["hello", "BTC trend"])).toEqual({ kind: "trend", symbols: ["SOL"], interval: "1d" });
  });

  it("take the earlier coins when the question names none", () => {
    expect(intentOf("and its trend on 4h?", ["BTC price"])).toEqual({
      kind: "trend",
      symbols: ["BTC"],
      interval: "4h",
    });
    expect(intentOf("and on 1h?", ["ETH trend 4h"])).toEqual({ kind: "trend", symbols: ["ETH"], interval: "1h" });
    expect(intentOf("price?", ["compare BTC and ETH"])).toEqual({ kind: "price", symbols: ["BTC", "ETH"] });
  });

  it("leave a new question alone", () => {
    expect(intentOf("what is a stablecoin", ["BTC price"]).kind).toBe("glossary");
    expect(intentOf("who will win the election?", ["BTC price"]).kind).toBe("unknown");
  });
});

describe("the question's language and text", () => {
  it("answers in Chinese for Chinese, English for English, and the chat's language for a bare ticker", () => {
    expect(parseQuestion("比特币价格").language).toBe("zh");
    expect(parseQuestion("BTC price").language).toBe("en");
    expect(parseQuestion("BTC", [], "zh").language).toBe("zh");
    expect(parseQuestion("BTC", [], "en").language).toBe("en");
  });

  it("reads the question without the attachment blocks of the chat prompt", () => {
    const raw =
      '[Attached PDF "report.pdf"]\nBitcoin fell 50% and ETH trend is up\n[End of "report.pdf"]\n\n' +
      "[The user attached 1 image(s) this model cannot see: /u/a.png]\n\nwhat is a stablecoin";
    expect(questionText(raw)).toEqual({ text: "what is a stablecoin", attachments: true });
    expect(parseQuestion(raw).intent).toEqual({ kind: "glossary", term: "a stablecoin" });
  });

  it("extracts the term of a definition question", () => {
    expect(explainedTerm("what are NFTs?")).toBe("NFTs");
    expect(explainedTerm("What does HODL mean")).toBe("HODL");
    expect(explainedTerm("什么叫定投")).toBe("定投");
    expect(explainedTerm("BTC price")).toBeUndefined();
  });
});

describe("stream segments", () => {
  it("cut text into words and pairs of Chinese characters that join back exactly", () => {
    const text =
      "**Bitcoin (BTC)** is at 66,468.03 USDT.\n\n| a | b |\n|---|---|\n截至 2026-03-01，价格为 **66,468.03**。";
    const parts = segments(text);
    expect(parts.join("")).toBe(text);
    expect(parts).toContain("**Bitcoin ");
    expect(parts).toContain("截至");
    expect(parts.every((p) => p.length <= 24)).toBe(true);
    expect(segments("")).toEqual([]);
  });
});
