import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { generateText, type ModelMessage, stepCountIs, streamText } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import { CHART_REQUEST } from "../chat-prompt.ts";
import { candleStatistics } from "../tools/candle-stats.ts";
import { createChatTools, roundPrice } from "../tools/chat-tools.ts";
import { openReplayChatData, type ReplayChatData } from "../tools/replay-chat-data.ts";
import { formatPercent, formatPoints, formatPrice, formatTime } from "./format.ts";
import { createMountainLion } from "./mountainlion-model.ts";
import { texts } from "./texts.ts";

/**
 * MountainLion over the shipped replay at a fixed market time, through the AI SDK as the chat service calls it.
 * Expected figures are read from the replay here and written the way answers write them.
 */
const AT = "2026-03-01T12:30:00.000Z";
const WHEN = "2026-03-01 12:30 UTC";
const round2 = (value: number) => Math.round(value * 100) / 100;

let data: ReplayChatData;
const tools = (language: "en" | "cn" = "en") =>
  createChatTools({ market: data.market, news: data.news, fx: data.fx, language });

function ask(question: string | ModelMessage[], options: { language?: "en" | "cn"; system?: string } = {}) {
  return generateText({
    model: createMountainLion(),
    tools: tools(options.language),
    stopWhen: stepCountIs(4),
    system: options.system,
    ...(typeof question === "string" ? { prompt: question } : { messages: question }),
  });
}

const quote = (symbol: string) => {
  const listed = data.view.listed.find((l) => l.ticker.symbol === symbol);
  if (!listed) throw new Error(`${symbol} is not listed`);
  return { ...listed.ticker, change24h: round2(listed.ticker.change24h ?? 0), name: listed.coin.coinName };
};

beforeAll(async () => {
  data = await openReplayChatData(AT, [
    { value: 38, value_classification: "Fear", timestamp: "2026-03-01T00:00:00.000Z" },
    { value: 45, value_classification: "Neutral", timestamp: "2026-02-28T00:00:00.000Z" },
  ]);
});

describe("MountainLion answers from the data, with its figures and time", () => {
  it("BTC price", async () => {
    const result = await ask("What is the BTC price?");
    const btc = quote("BTC");
    expect(result.steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([["tokenPrice", { symbol: "BTC" }]]);
    expect(result.text).toContain("**66,468.03 USDT**");
    expect(result.text).toContain(formatPercent(btc.change24h, "en"));
    expect(result.text).toContain(`as of ${WHEN}`);
    expect(result.text).toContain(`Source: Binance (replay), ${WHEN}`);
    expect(result.text).toMatch(/^\| --- \| --- \|$/m);
    expect(result.finishReason).toBe("stop");
  });

  it("比特币价格", async () => {
    const result = await ask("比特币价格", { language: "cn" });
    const btc = quote("BTC");
    expect(result.text).toContain(`截至 ${WHEN}`);
    expect(result.text).toContain("66,468.03 USDT");
    expect(result.text).toContain(`24 小时涨跌 ${formatPercent(btc.change24h, "zh")}`);
    expect(result.text).toContain(`来源：Binance (replay)，${WHEN}`);
  });

  it("ETH trend 4h", async () => {
    const result = await ask("ETH trend 4h");
    const candles = await data.market.klines("ETH", "4h", { limit: 42 });
    const stats = candleStatistics(candles, 4 * 3_600_000);
    const to = new Date(stats.to).toISOString();
    expect(result.steps[0]?.toolCalls[0]?.input).toEqual({ symbol: "ETH", interval: "4h" });
    expect(result.text).toContain("on 4h candles (the last 42");
    expect(result.text).toContain(`${formatTime(new Date(stats.from).toISOString())} – ${formatTime(to)}`);
    expect(result.text).toContain(`| Last close | ${formatPrice(stats.close)} USDT |`);
    expect(result.text).toContain(`| Period change | ${formatPercent(round2(stats.change), "en")} |`);
    expect(result.text).toContain(`| Period high | ${formatPrice(stats.high)} (`);
    expect(result.text).toContain(`| Support | ${stats.support.map(formatPrice).join(" · ")} |`);
    expect(result.text).toContain(`| Resistance | ${stats.resistance.map(formatPrice).join(" · ")} |`);
    expect(result.text).toContain(`Source: Binance (replay), ${formatTime(to)}`);
  });

  it("ETH trend 4h shows the chart of the same candles right after the lead, before the table", async () => {
    const result = await ask("ETH trend 4h");
    const candles = await data.market.klines("ETH", "4h", { limit: 42 });
    const url = `/v2/api/chat/figure/ETH.svg?interval=4h&to=${candles.at(-1)?.time}&count=42`;
    const image = `![ETH 4h closing prices, 2026-02-22 to 2026-03-01 12:00 UTC](${url})`;
    const [lead, figure, table] = result.text.split("\n\n");
    expect(lead).toMatch(/^\*\*Ethereum \(ETH\)\*\* on 4h candles/);
    expect(figure).toBe(image);
    expect(table).toMatch(/^\| Figure \| Value \|/);

    const zh = await ask("ETH 4小时走势", { language: "cn" });
    expect(zh.text.split("\n\n")[1]).toBe(`![ETH 4 小时收盘价，2026-02-22 至 2026-03-01 12:00 UTC](${url})`);
  });

  it("a price answer has no chart (the chat's image flag does not reach the model)", async () => {
    const result = await ask("What is the BTC price?");
    expect(result.text).not.toContain("![");
  });

  it("compare BTC and ETH / 对比 BTC 和 ETH", async () => {
    const btc = quote("BTC");
    const eth = quote("ETH");
    const gap = Math.abs(round2(btc.change24h - eth.change24h));
    const ratio = `1 BTC = ${formatPrice(roundPrice(btc.lastPrice / eth.lastPrice))} ETH`;
    const leader = btc.change24h > eth.change24h ? "BTC" : "ETH";

    const en = await ask("compare BTC and ETH");
    expect(en.steps[0]?.toolCalls[0]?.input).toEqual({ a: "BTC", b: "ETH" });
    expect(en.text).toContain(`Over the 24h to ${WHEN}`);
    expect(en.text).toContain(`**BTC** moved ${formatPercent(btc.change24h, "en")}`);
    expect(en.text).toContain(`**ETH** ${formatPercent(eth.change24h, "en")}`);
    expect(en.text).toContain(`${leader} did better by ${gap.toFixed(2)} pp`);
    expect(en.text).toContain(
      `| 24h change | ${formatPercent(btc.change24h, "en")} | ${formatPercent(eth.change24h, "en")} | ${formatPoints(round2(btc.change24h - eth.change24h), "en")} |`,
    );
    expect(en.text).toContain(ratio);
    expect(en.text).toContain(`| Price (USDT) | ${formatPrice(btc.lastPrice)} | ${formatPrice(eth.lastPrice)} |`);
    const ethCandles = await data.market.klines("ETH", "4h", { limit: 42 });
    const figureUrl = `/v2/api/chat/figure/compare.svg?a=BTC&b=ETH&interval=4h&to=${ethCandles.at(-1)?.time}&count=42`;
    expect(en.text.split("\n\n")[1]).toBe(
      `![BTC and ETH 4h closing prices normalised to 100, 2026-02-22 to 2026-03-01 12:00 UTC](${figureUrl})`,
    );

    const zh = await ask("对比 BTC 和 ETH", { language: "cn" });
    expect(zh.text).toContain(`截至 ${WHEN}`);
    expect(zh.text).toContain(`**BTC** 涨跌 ${formatPercent(btc.change24h, "zh")}`);
    expect(zh.text).toContain(`${leader} 领先 ${gap.toFixed(2)} 个百分点`);
    expect(zh.text).toContain(ratio);
    expect(zh.text).toContain(`| 价格（USDT） | ${formatPrice(btc.lastPrice)} | ${formatPrice(eth.lastPrice)} |`);
  });

  it("news about bitcoin: the last 7 days to the market time, with Bitcoin's move over them", async () => {
    const result = await ask("news about bitcoin");
    expect(result.steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ["newsSearch", { query: "BTC", limit: 5, period: "7d" }],
    ]);
    const from = Date.parse("2026-02-22T00:00:00.000Z");
    const to = Date.parse(AT);
    const found = new Map(
      [
        ...(await data.newsProvider.search("", { coin: "BTC", from, to, limit: 100 })),
        ...(await data.newsProvider.search("Bitcoin", { from, to, limit: 100 })),
      ].map((item) => [item.id, item]),
    );
    const newest = [...found.values()].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))[0];
    if (!newest) throw new Error("the archive has no bitcoin news that week");
    expect(result.text).toContain(
      "news items mentioning **BTC / Bitcoin** between 2026-02-22 00:00 UTC and 2026-03-01 12:30 UTC",
    );
    expect(result.text).toContain(`| ${formatTime(newest.publishedAt)} | ${newest.title} | ${newest.source} |`);
    expect(result.text).toContain(`Source: ${newest.source}, ${formatTime(newest.publishedAt)}`);
    expect(result.text).toContain("real publication times");
    expect(result.text).toContain("Over the same days, 2026-02-22 → 2026-03-01 (7 days), **Bitcoin (BTC)** moved");
  });

  it("what moved today", async () => {
    const result = await ask("What moved today?");
    const changes = data.view.listed
      .filter((l) => l.ticker.change24h !== null)
      .map((l) => ({ symbol: l.ticker.symbol, change: round2(l.ticker.change24h ?? 0) }))
      .sort((a, b) => b.change - a.change);
    const top = changes[0];
    const bottom = changes.at(-1);
    expect(result.steps[0]?.toolCalls.map((c) => c.input)).toEqual([
      { direction: "up", limit: 5 },
      { direction: "down", limit: 5 },
    ]);
    expect(result.text).toContain(`Over the 24h to ${WHEN}`);
    expect(result.text).toContain(`**${top?.symbol}** rose the most (${formatPercent(top?.change ?? 0, "en")})`);
    expect(result.text).toContain(`**${bottom?.symbol}** fell the most (${formatPercent(bottom?.change ?? 0, "en")})`);
    expect(result.text).toContain("**Top gainers (24h)**");
  });

  it("market sentiment", async () => {
    const result = await ask("how is the market sentiment?");
    const changes = data.view.listed.flatMap((l) => (l.ticker.change24h === null ? [] : [l.ticker.change24h]));
    expect(result.text).toContain("**38 (Fear)**");
    expect(result.text).toContain(`${changes.filter((c) => c > 0).length} coins rose`);
    expect(result.text).toContain(`Source: Binance (replay), ${WHEN}`);
  });

  it("what is a stablecoin / 什么是稳定币", async () => {
    const en = await ask("What is a stablecoin?");
    expect(en.text).toContain("**Stablecoin**");
    expect(en.text).toContain("A token designed to keep a steady price");
    expect(en.text).toContain("Source: MountainLion glossary");
    const zh = await ask("什么是稳定币？", { language: "cn" });
    expect(zh.text).toContain("**稳定币**");
    expect(zh.text).toContain("旨在保持价格稳定的代币");
    expect(zh.text).toContain("来源：MountainLion glossary");
  });
});

describe("MountainLion says what it cannot answer", () => {
  it("an unknown question gets the honest answer, with no figure and no tool call", async () => {
    const result = await ask("Who will win the election?");
    expect(result.text).toBe(texts.cannotAnswer("en"));
    expect(result.text).toContain("I can't answer that offline");
    expect(result.text).not.toMatch(/\d/);
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]?.toolCalls).toEqual([]);
    const zh = await ask("谁会赢得选举？");
    expect(zh.text).toBe(texts.cannotAnswer("zh"));
    expect(zh.text).not.toMatch(/\d/);
  });

  it("an unknown coin is not found, with no price invented", async () => {
    const result = await ask("XYZ price");
    expect(result.text).toContain("Not found: there is no market data for **XYZ**");
    expect(result.text).not.toContain("XYZ** is at");
    expect(result.text).toContain("Coins I can look up: BTC, ETH");
    const zh = await ask("XYZ价格");
    expect(zh.text).toContain("没有找到 **XYZ** 的行情数据");
  });

  it("a forecast is declined, and the past data shown", async () => {
    const result = await ask("Will BTC go up tomorrow?");
    expect(result.text.startsWith(texts.forecastWithData("en"))).toBe(true);
    expect(result.text).toContain("on daily candles");
    expect(result.text).toContain(texts.notAdvice("en"));
    const none = await ask("predict the market for next year");
    expect(none.text).toContain(texts.noForecast("en"));
    expect(none.text).not.toMatch(/\d/);
  });

  it("without tools it says it cannot reach the data instead of guessing", async () => {
    const result = await generateText({ model: createMountainLion(), prompt: "BTC price" });
    expect(result.text).toBe(texts.noTools("en"));
    expect(result.text).not.toMatch(/\d/);
  });

  it("says when a tool failed", async () => {
    const failing = createChatTools({
      market: {
        ...data.market,
        view: () => {
          throw new Error("market data not available yet");
        },
      },
      news: data.news,
      fx: data.fx,
      language: "en",
    });
    const result = await generateText({
      model: createMountainLion(),
      tools: failing,
      stopWhen: stepCountIs(4),
      prompt: "ETH price",
    });
    expect(result.text).toContain("I couldn't read the data (tokenPrice: market data not available yet)");
    expect(result.text).not.toMatch(/USDT/);
  });
});

describe("MountainLion in a conversation", () => {
  it("reuses the earlier question's kind for a follow-up", async () => {
    const result = await ask([
      { role: "user", content: "ETH trend 4h" },
      { role: "assistant", content: "**Ethereum (ETH)** on 4h candles ..." },
      { role: "user", content: "and BTC?" },
    ]);
    expect(result.steps[0]?.toolCalls[0]?.input).toEqual({ symbol: "BTC", interval: "4h" });
    expect(result.text).toContain("**Bitcoin (BTC)** on 4h candles");
  });

  it("那 ETH 呢", async () => {
    const result = await ask(
      [
        { role: "user", content: "比特币价格" },
        { role: "assistant", content: "截至 ……" },
        { role: "user", content: "那 ETH 呢" },
      ],
      { language: "cn" },
    );
    expect(result.text).toContain(`**Ethereum (ETH)** 价格为 **${formatPrice(quote("ETH").lastPrice)} USDT**`);
  });

  it("adds a chart of the daily candles to a price answer when the user asked for an image", async () => {
    const result = await ask("What is the BTC price?", { system: CHART_REQUEST });
    expect(result.steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ["tokenPrice", { symbol: "BTC" }],
      ["candleStats", { symbol: "BTC", interval: "1d" }],
    ]);
    expect(result.text).toContain("**66,468.03 USDT**");
    expect(result.text).toMatch(/!\[[^\]]+\]\(\/v2\/api\/chat\/figure\/BTC\.svg\?interval=1d&to=\d+&count=\d+\)/);
  });

  it("answers a bare ticker in the chat's language", async () => {
    const result = await ask("BTC", {
      system: "Answer in Simplified Chinese (简体中文), whatever language the data is in.",
    });
    expect(result.text).toContain("截至");
  });
});

describe("MountainLion streams", () => {
  it("token by token, with usage and a finish reason", async () => {
    const result = streamText({
      model: createMountainLion(),
      tools: tools(),
      stopWhen: stepCountIs(4),
      prompt: "compare BTC and ETH",
    });
    const seen: string[] = [];
    const pieces: string[] = [];
    let deltas = 0;
    let text = "";
    for await (const part of result.fullStream) {
      seen.push(part.type);
      if (part.type === "text-delta") {
        deltas += 1;
        pieces.push(part.text);
        text += part.text;
      }
    }
    expect(deltas).toBeGreaterThan(50);
    expect(text).toBe(await result.text);
    // the chart's markdown goes out whole, so a reader never sees half of it
    expect(
      pieces.some((delta) =>
        /^!\[BTC and ETH [^\]]*\]\(\/v2\/api\/chat\/figure\/compare\.svg\?[^)]*\)\s*$/.test(delta),
      ),
    ).toBe(true);
    expect(seen.indexOf("tool-call")).toBeLessThan(seen.indexOf("text-delta"));
    expect(seen.indexOf("tool-result")).toBeLessThan(seen.indexOf("text-delta"));
    const usage = await result.totalUsage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
    expect(await result.finishReason).toBe("stop");
  });

  it("stops when aborted mid-answer", async () => {
    const full = (await ask("compare BTC and ETH")).text;
    const controller = new AbortController();
    const result = streamText({
      model: createMountainLion(),
      tools: tools(),
      stopWhen: stepCountIs(4),
      prompt: "compare BTC and ETH",
      abortSignal: controller.signal,
    });
    let text = "";
    let deltas = 0;
    let aborted = false;
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        deltas += 1;
        if (deltas === 5) controller.abort();
      }
      if (part.type === "abort") aborted = true;
    }
    expect(aborted).toBe(true);
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(full.length / 2);
    expect(full.startsWith(text)).toBe(true);
  });

  it("emits the V3 parts: stream-start, text-start, deltas, text-end, finish with usage", async () => {
    const model = createMountainLion();
    const { stream } = await model.doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
    });
    const parts: LanguageModelV3StreamPart[] = [];
    for await (const part of stream) parts.push(part);
    expect(parts[0]).toEqual({ type: "stream-start", warnings: [] });
    const types = parts.map((p) => p.type);
    expect(types.filter((t) => t === "text-delta").length).toBeGreaterThan(20);
    expect(types.indexOf("text-start")).toBeLessThan(types.indexOf("text-delta"));
    expect(types.at(-2)).toBe("text-end");
    const finish = parts.at(-1);
    expect(finish?.type === "finish" && finish.finishReason).toEqual({ unified: "stop", raw: "stop" });
    expect(finish?.type === "finish" && (finish.usage.outputTokens.total ?? 0) > 0).toBe(true);
    expect(model.provider).toBe("mountainlion");
    expect(model.modelId).toBe("mountainlion-1");
  });

  it("asks for tools with JSON-encoded inputs and the tool-calls finish reason", async () => {
    const model = createMountainLion();
    const result = await model.doGenerate({
      prompt: [{ role: "user", content: [{ type: "text", text: "对比 BTC 和 ETH" }] }],
      tools: [{ type: "function", name: "compareTokens", inputSchema: { type: "object" } }],
    });
    expect(result.finishReason).toEqual({ unified: "tool-calls", raw: "tool-calls" });
    const [call] = result.content;
    expect(call?.type === "tool-call" && JSON.parse(call.input)).toEqual({ a: "BTC", b: "ETH" });
  });

  it("errors its stream with an AbortError when the call is aborted between two parts", async () => {
    const controller = new AbortController();
    const { stream } = await createMountainLion().doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    for (let i = 0; i < 5; i++) expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
  });

  it("refuses to start an aborted call", async () => {
    const controller = new AbortController();
    controller.abort();
    const model = createMountainLion();
    await expect(
      model.doStream({
        prompt: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
        abortSignal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});
