import type { ToolExecutionOptions } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import { candleStatistics } from "./candle-stats.ts";
import { type ChatTools, citationOf, createChatTools, roundPrice } from "./chat-tools.ts";
import { openReplayChatData, type ReplayChatData } from "./replay-chat-data.ts";
import {
  candleStatsOutputSchema,
  compareOutputSchema,
  glossaryOutputSchema,
  moversOutputSchema,
  newsOutputSchema,
  notFoundOutputSchema,
  productHelpOutputSchema,
  sentimentOutputSchema,
  tokenPriceOutputSchema,
} from "./tool-outputs.ts";
import { toolSummary } from "./tool-summary.ts";

const AT = "2026-03-01T12:30:00.000Z";
const HOUR = 3_600_000;
const round2 = (value: number) => Math.round(value * 100) / 100;
const options: ToolExecutionOptions = { toolCallId: "test", messages: [] };

let data: ReplayChatData;
let tools: ChatTools;

/** Runs a tool as the AI SDK does (its input already parsed) and gives back the raw output. */
async function run(name: keyof ChatTools, input: unknown): Promise<unknown> {
  const execute = tools[name].execute as ((input: unknown, options: ToolExecutionOptions) => unknown) | undefined;
  if (!execute) throw new Error(`${name} has no execute`);
  return await execute(input, options);
}

const ticker = (symbol: string) => {
  const listed = data.view.listed.find((l) => l.ticker.symbol === symbol);
  if (!listed) throw new Error(`${symbol} is not listed`);
  return listed;
};

beforeAll(async () => {
  data = await openReplayChatData(AT, [
    { value: 38, value_classification: "Fear", timestamp: "2026-03-01T00:00:00.000Z" },
    { value: 45, value_classification: "Neutral", timestamp: "2026-02-28T00:00:00.000Z" },
  ]);
  tools = createChatTools({ market: data.market, news: data.news, fx: data.fx, language: "en" });
});

describe("tokenPrice", () => {
  it("gives the coin's figures at the market time, with the market as its source", async () => {
    const output = tokenPriceOutputSchema.parse(await run("tokenPrice", { symbol: "BTC" }));
    const { ticker: t, meta } = ticker("BTC");
    // BTCUSDT 1h close of 2026-03-01 11:00 (see replay-market.test.ts)
    expect(output.price).toBe(66468.03);
    expect(output).toMatchObject({
      found: true,
      symbol: "BTC",
      name: "Bitcoin",
      priceTime: "2026-03-01T12:00:00.000Z",
      change1h: round2(t.change1h ?? 0),
      change24h: round2(t.change24h ?? 0),
      change7d: round2(t.change7d ?? 0),
      volume24h: Math.round(t.quoteVolume24h ?? 0),
      marketCap: Math.round((meta?.circulatingSupply ?? 0) * 66468.03),
      rank: 1,
      citation: { tool: "tokenPrice", source: "Binance (replay)", at: AT },
    });
  });

  it("takes a name as well as a symbol, in either language and case", async () => {
    for (const symbol of ["bitcoin", "Bitcoin", "比特币", "btc"]) {
      expect(tokenPriceOutputSchema.parse(await run("tokenPrice", { symbol })).symbol).toBe("BTC");
    }
  });

  it("answers an unknown coin with not found, the coins it has and the source's time", async () => {
    const output = notFoundOutputSchema.parse(await run("tokenPrice", { symbol: "xyz" }));
    expect(output).toMatchObject({ found: false, reason: "unknownSymbol", query: "XYZ" });
    expect(output.available).toEqual(data.view.listed.map((l) => l.ticker.symbol));
    expect(output.citation).toEqual({ tool: "tokenPrice", source: "Binance (replay)", at: AT });
  });
});

describe("compareTokens", () => {
  it("puts two coins side by side with the price ratio and the gaps of their changes", async () => {
    const output = compareOutputSchema.parse(await run("compareTokens", { a: "BTC", b: "eth" }));
    const btc = ticker("BTC").ticker;
    const eth = ticker("ETH").ticker;
    expect(output.a.symbol).toBe("BTC");
    expect(output.b.symbol).toBe("ETH");
    expect(output.b.price).toBe(eth.lastPrice);
    expect(output.priceRatio).toBe(roundPrice(btc.lastPrice / eth.lastPrice));
    expect(output.changeGap.change24h).toBe(round2(round2(btc.change24h ?? 0) - round2(eth.change24h ?? 0)));
    expect(output.citation.at).toBe(AT);
    const eth4h = await data.market.klines("ETH", "4h", { limit: 42 });
    expect(output.figure?.url).toBe(
      `/v2/api/chat/figure/compare.svg?a=BTC&b=ETH&interval=4h&to=${eth4h.at(-1)?.time}&count=42`,
    );
    expect(output.figure?.alt).toMatch(/^BTC and ETH 4h closing prices normalised to 100, /);
  });

  it("keeps the comparison when its chart's candles cannot be read", async () => {
    const failing = createChatTools({
      market: {
        ...data.market,
        klines: async () => {
          throw new Error("candles unavailable");
        },
      },
      news: data.news,
      fx: data.fx,
      language: "en",
    });
    const execute = failing.compareTokens.execute as (input: unknown, options: ToolExecutionOptions) => unknown;
    const output = compareOutputSchema.parse(await execute({ a: "BTC", b: "ETH" }, options));
    expect(output.figure).toBeNull();
    expect(output.a.symbol).toBe("BTC");
  });

  it("names the coins it does not know", async () => {
    const output = notFoundOutputSchema.parse(await run("compareTokens", { a: "BTC", b: "NOPE" }));
    expect(output.query).toBe("NOPE");
  });
});

describe("candleStats", () => {
  it("computes the statistics of the last completed candles, cited at the last candle's close", async () => {
    const output = candleStatsOutputSchema.parse(await run("candleStats", { symbol: "ETH", interval: "4h" }));
    const raw = await data.replay.klines("ETH", "4h", { to: data.view.at - 4 * HOUR, limit: 42 });
    const last = raw.at(-1);
    expect(output.count).toBe(42);
    expect(output.close).toBe(last?.close);
    expect(output.to).toBe(new Date((last?.openTime ?? 0) + 4 * HOUR).toISOString());
    expect(Date.parse(output.to)).toBeLessThanOrEqual(data.view.at);
    expect(output.high).toBe(Math.max(...raw.map((c) => c.high)));
    expect(output.low).toBe(Math.min(...raw.map((c) => c.low)));
    expect(output.open).toBe(raw[0]?.open);
    const stats = candleStatistics(
      raw.map((c) => ({ ...c, time: c.openTime })),
      4 * HOUR,
    );
    expect(output.change).toBe(round2(stats.change));
    expect(output.trend.direction).toBe(stats.trend.direction);
    expect(output.support).toEqual(stats.support);
    expect(output.resistance).toEqual(stats.resistance);
    for (const level of output.support) expect(level).toBeLessThan(output.close);
    for (const level of output.resistance) expect(level).toBeGreaterThan(output.close);
    expect(output.citation).toEqual({ tool: "candleStats", source: "Binance (replay)", at: output.to });
    expect(output.method).toContain("least-squares");
    expect(output.figure).toEqual({
      url: `/v2/api/chat/figure/ETH.svg?interval=4h&to=${last?.openTime}&count=42`,
      alt: `ETH 4h closing prices, ${output.from.slice(0, 10)} to ${output.to.slice(0, 16).replace("T", " ")} UTC`,
    });
  });

  it("has no figure for fewer candles than a chart takes", async () => {
    const short = createChatTools({
      market: {
        ...data.market,
        klines: async (abbr, interval) => await data.market.klines(abbr, interval, { limit: 5 }),
      },
      news: data.news,
      fx: data.fx,
      language: "en",
    });
    const execute = short.candleStats.execute as (input: unknown, options: ToolExecutionOptions) => unknown;
    const output = candleStatsOutputSchema.parse(await execute({ symbol: "BTC", interval: "1d" }, options));
    expect(output.count).toBe(5);
    expect(output.figure).toBeNull();
  });

  it("says which intervals exist when a coin has no candles of the one asked", async () => {
    // the replay has hourly candles for BTC, ETH and BNB only
    const output = notFoundOutputSchema.parse(await run("candleStats", { symbol: "SOL", interval: "4h" }));
    expect(output).toMatchObject({ reason: "noCandles", query: "SOL 4h", available: ["1d"] });
  });

  it("takes a count", async () => {
    const output = candleStatsOutputSchema.parse(
      await run("candleStats", { symbol: "BTC", interval: "1d", count: 10 }),
    );
    expect(output.count).toBe(10);
    expect(output.movingAverages.long.value).toBeNull();
  });
});

describe("newsSearch", () => {
  it("finds a coin's news by its tag and its name, newest first, each with its outlet and time", async () => {
    const output = newsOutputSchema.parse(await run("newsSearch", { query: "BTC", limit: 5 }));
    expect(output.searched).toEqual(["BTC", "Bitcoin"]);
    expect(output.items).toHaveLength(5);
    const times = output.items.map((item) => Date.parse(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const newest = output.items[0];
    expect(output.citation).toEqual({ tool: "newsSearch", source: newest?.source, at: newest?.publishedAt });
    // the items tagged BTC and those naming Bitcoin, as the archive lists them
    const direct = new Map(
      [
        ...(await data.newsProvider.search("", { coin: "BTC", limit: 100 })),
        ...(await data.newsProvider.search("Bitcoin", { limit: 100 })),
      ].map((item) => [item.id, item]),
    );
    const expected = [...direct.values()]
      .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
      .slice(0, 5)
      .map((item) => item.title);
    expect(output.items.map((item) => item.title)).toEqual(expected);
    expect(output.window).toBeNull();
  });

  it("searches a window up to the market time, counts the matches and adds the coin's move", async () => {
    const output = newsOutputSchema.parse(await run("newsSearch", { query: "SOL", limit: 3, period: "7d" }));
    const from = Date.parse("2026-02-22T00:00:00.000Z");
    const to = Date.parse(AT);
    const tagged = await data.newsProvider.search("", { coin: "SOL", from, to, limit: 100 });
    const named = await data.newsProvider.search("Solana", { from, to, limit: 100 });
    const all = new Set([...tagged, ...named].map((item) => item.id));
    expect(output.window).toEqual({ from: "2026-02-22T00:00:00.000Z", to: AT, total: all.size });
    expect(output.items.length).toBe(Math.min(3, all.size));
    for (const item of output.items) {
      expect(Date.parse(item.publishedAt)).toBeGreaterThanOrEqual(from);
      expect(Date.parse(item.publishedAt)).toBeLessThanOrEqual(to);
    }
    expect(output.coin?.symbol).toBe("SOL");
    expect(output.coin?.move?.window).toEqual({
      period: "7d",
      interval: "1d",
      from: "2026-02-22T00:00:00.000Z",
      to: "2026-03-01T00:00:00.000Z",
      length: 7,
    });
  });

  it("says how many matched when nothing did in the window, with no item made up", async () => {
    const output = newsOutputSchema.parse(await run("newsSearch", { query: "qwertyuiop", period: "7d" }));
    expect(output).toMatchObject({ items: [], window: { total: 0 }, coin: null, citation: null });
  });

  it("gives the latest items for an empty query and not found for words nothing matches", async () => {
    const latest = newsOutputSchema.parse(await run("newsSearch", { query: "" }));
    expect(latest.items).toHaveLength(5);
    const none = notFoundOutputSchema.parse(await run("newsSearch", { query: "qwertyuiop" }));
    expect(none).toMatchObject({ reason: "noNews", citation: null });
  });
});

describe("marketSentiment and topMovers", () => {
  it("reads the fear-and-greed index and the coins up and down", async () => {
    const output = sentimentOutputSchema.parse(await run("marketSentiment", {}));
    const changes = data.view.listed.flatMap((l) => (l.ticker.change24h === null ? [] : [l.ticker.change24h]));
    expect(output).toMatchObject({
      fearGreed: { value: 38, classification: "Fear", at: "2026-03-01T00:00:00.000Z" },
      previous: { value: 45, classification: "Neutral" },
      rising: changes.filter((c) => c > 0).length,
      falling: changes.filter((c) => c < 0).length,
      counted: changes.length,
      citation: { tool: "marketSentiment", source: "Binance (replay)", at: AT },
    });
  });

  it("lists the biggest 24 h rises and falls", async () => {
    const up = moversOutputSchema.parse(await run("topMovers", { direction: "up", limit: 3 }));
    const down = moversOutputSchema.parse(await run("topMovers", { direction: "down" }));
    const changes = data.view.listed.map((l) => l.ticker.change24h ?? 0);
    expect(up.movers).toHaveLength(3);
    expect(up.movers[0]?.change24h).toBe(round2(Math.max(...changes)));
    expect(down.movers[0]?.change24h).toBe(round2(Math.min(...changes)));
    for (const m of up.movers) expect(m.change24h).toBeGreaterThan(0);
    for (const m of down.movers) expect(m.change24h).toBeLessThan(0);
    expect(up.movers.map((m) => m.change24h)).toEqual([...up.movers.map((m) => m.change24h)].sort((a, b) => b - a));
    expect(up.citation.at).toBe(AT);
  });
});

describe("glossary", () => {
  it("explains a term in both languages and cites the glossary", async () => {
    for (const term of ["stablecoin", "Stablecoins", "a stable coin", "稳定币"]) {
      const output = glossaryOutputSchema.parse(await run("glossary", { term }));
      expect(output.id).toBe("stablecoin");
      expect(output.en.title).toBe("Stablecoin");
      expect(output.zh.title).toBe("稳定币");
    }
    expect(citationOf(await run("glossary", { term: "DeFi" }))).toMatchObject({ source: "MountainLion glossary" });
  });

  it("answers an unknown term with the terms it knows", async () => {
    const output = notFoundOutputSchema.parse(await run("glossary", { term: "quantum yield farming" }));
    expect(output.reason).toBe("unknownTerm");
    expect(output.available).toContain("Stablecoin");
  });
});

describe("productHelp", () => {
  it("answers a question about the app from its help, in both languages, citing it", async () => {
    for (const question of ["How many questions can I ask per day?", "每天能问几个问题"]) {
      const output = productHelpOutputSchema.parse(await run("productHelp", { question }));
      expect(output.id).toBe("quota");
      expect(output.en.answer).toMatch(/A visitor \(not signed in\) can ask \d+ question a day/);
      expect(output.zh.answer.length).toBeGreaterThan(10);
      expect(output.citation).toMatchObject({ tool: "productHelp", source: "MountainLion help (FAQ)" });
    }
  });

  it("says when the help has no answer, with the questions it covers", async () => {
    const output = notFoundOutputSchema.parse(await run("productHelp", { question: "what is the meaning of life" }));
    expect(output.message).toContain("Feedback");
    expect(output.available).toContain("What does this app do?");
  });
});

describe("tool summaries and citations", () => {
  it("says in one line what each call looked up, in the chat's language", () => {
    const cases: [string, unknown, string, string][] = [
      ["tokenPrice", { symbol: "btc" }, "Looked up BTC price", "查询了 BTC 价格"],
      ["candleStats", { symbol: "ETH", interval: "4h" }, "Analysed ETH 4h candles", "分析了 ETH 4h K 线"],
      ["compareTokens", { a: "BTC", b: "ETH" }, "Compared BTC and ETH", "对比了 BTC 和 ETH"],
      ["newsSearch", { query: "bitcoin" }, 'Searched news for "bitcoin"', "搜索了“bitcoin”相关新闻"],
      ["newsSearch", { query: "" }, "Read the latest news", "查看了最新新闻"],
      ["marketSentiment", {}, "Read the market sentiment", "查看了市场情绪"],
      ["topMovers", { direction: "up" }, "Listed the top 24h gainers", "列出了 24 小时涨幅榜"],
      ["topMovers", { direction: "down" }, "Listed the top 24h losers", "列出了 24 小时跌幅榜"],
      ["glossary", { term: "DeFi" }, 'Looked up "DeFi" in the glossary', "在词库中查询了“DeFi”"],
      ["swap", {}, "Used swap", "调用了 swap"],
      ["tokenPrice", { wrong: true }, "Used tokenPrice", "调用了 tokenPrice"],
    ];
    for (const [name, input, en, cn] of cases) {
      expect(toolSummary(name, input, "en")).toBe(en);
      expect(toolSummary(name, input, "cn")).toBe(cn);
    }
  });

  it("reads the citation of an output, or null", async () => {
    expect(citationOf(await run("tokenPrice", { symbol: "ETH" }))).toEqual({
      tool: "tokenPrice",
      source: "Binance (replay)",
      at: AT,
    });
    expect(citationOf(await run("newsSearch", { query: "qwertyuiop" }))).toBeNull();
    expect(citationOf(undefined)).toBeNull();
    expect(citationOf("text")).toBeNull();
  });
});
