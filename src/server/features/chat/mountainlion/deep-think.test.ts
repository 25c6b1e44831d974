import { beforeAll, describe, expect, it } from "vitest";
import type { ChatMode } from "../../../../contract/chat.ts";
import { priceText } from "../../../../contract/price-format.ts";
import { openReplayChatData, type ReplayChatData } from "../tools/replay-chat-data.ts";
import { toolSummary } from "../tools/tool-summary.ts";
import { formatPercent, formatPoints, formatTime } from "./format.ts";
import { askOverReplay, completedDailyRows } from "./replay-asking.ts";

/**
 * Deep think over the shipped replay at a fixed market time (the replay's manual clock): the answer's figures are
 * computed here again, straight from the shipped daily candles (data/market/daily/<PAIR>.csv), and compared with
 * what the answer says; the same question in search mode gives the shorter answer.
 */
const AT = "2026-03-20T09:00:00.000Z";
const DAY = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

let data: ReplayChatData;

function ask(question: string, mode: ChatMode, language: "en" | "cn" = "en") {
  return askOverReplay(data, AT, question, mode, language);
}

/** The tool calls of an answer, step by step, as [tool, input]. */
const callsOf = (result: Awaited<ReturnType<typeof ask>>) =>
  result.steps.map((step) => step.toolCalls.map((call) => [call.toolName, call.input]));

interface Daily {
  time: number;
  high: number;
  low: number;
  close: number;
}

/** The daily candles of a pair completed at AT, read from the shipped CSV (t,o,h,l,c,v,qv). */
async function daily(pair: string): Promise<Daily[]> {
  const rows = await completedDailyRows(pair, AT);
  return rows.map(([time = 0, , high = 0, low = 0, close = 0]) => ({ time, high, low, close }));
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What the answer should say about a coin, computed from its candles and the benchmark's. */
function expected(candles: readonly Daily[], benchmark: readonly Daily[]) {
  const closes = candles.map((c) => c.close);
  const last = closes.at(-1) ?? 0;
  const ma = (period: number) => mean(closes.slice(-period));
  const distance = (period: number) => round2((last / ma(period) - 1) * 100);

  const returns = closes.slice(-31).flatMap((close, i, all) => (i === 0 ? [] : [close / (all[i - 1] ?? 1) - 1]));
  const m = mean(returns);
  const stdev = Math.sqrt(returns.reduce((sum, r) => sum + (r - m) ** 2, 0) / (returns.length - 1));

  const window = candles.slice(-90);
  let peak = window[0] as Daily;
  let worst = { fall: 0, peak, trough: peak };
  for (const candle of window) {
    if (candle.close > peak.close) peak = candle;
    const fall = candle.close / peak.close - 1;
    if (fall < worst.fall) worst = { fall, peak, trough: candle };
  }

  const strength = (days: number) => {
    const start = candles[candles.length - 1 - days] as Daily;
    const benchStart = benchmark.find((c) => c.time === start.time) as Daily;
    const coin = round2((last / start.close - 1) * 100);
    const bench = round2(((benchmark.at(-1)?.close ?? 0) / benchStart.close - 1) * 100);
    return { since: day(start.time + DAY), coin, bench, difference: round2(coin - bench) };
  };
  const week = candles.slice(-7);
  return {
    last,
    ma20: ma(20),
    ma50: ma(50),
    d20: distance(20),
    d50: distance(50),
    daily: round2(stdev * 100),
    annual: round2(stdev * Math.sqrt(365) * 100),
    drawdown: {
      percent: round2(worst.fall * 100),
      peak: worst.peak.close,
      peakOn: day(worst.peak.time + DAY),
      trough: worst.trough.close,
      troughOn: day(worst.trough.time + DAY),
    },
    week: { low: Math.min(...week.map((c) => c.low)), high: Math.max(...week.map((c) => c.high)) },
    s30: strength(30),
    s90: strength(90),
  };
}

const side = (distance: number) => `${Math.abs(distance).toFixed(2)}% ${distance > 0 ? "above" : "below"} it`;
const sideZh = (distance: number) => `${distance > 0 ? "高于" : "低于"}它 ${Math.abs(distance).toFixed(2)}%`;

beforeAll(async () => {
  data = await openReplayChatData(AT, [
    { value: 27, value_classification: "Fear", timestamp: "2026-03-20T00:00:00.000Z" },
    { value: 31, value_classification: "Fear", timestamp: "2026-03-19T00:00:00.000Z" },
  ]);
});

describe("deep think answers deeper than search, in more steps", () => {
  it("SOL trend: the search answer reads the candles once; deep think makes four lookups in two rounds", async () => {
    const search = await ask("SOL trend", "search");
    const deep = await ask("SOL trend", "deepThink");

    expect(callsOf(search)).toEqual([[["candleStats", { symbol: "SOL", interval: "1d" }]], []]);
    expect(callsOf(deep)).toEqual([
      [
        ["tokenPrice", { symbol: "SOL" }],
        ["technicalAnalysis", { symbol: "SOL" }],
      ],
      [
        ["marketSentiment", {}],
        // the news search's window (period: "7d") where the tool takes one
        ["newsSearch", expect.objectContaining({ query: "SOL", limit: 10 })],
      ],
      [],
    ]);
    // the chat shows each tool call as a step ("tool" events with these lines)
    const steps = deep.steps.flatMap((step) => step.toolCalls.map((c) => toolSummary(c.toolName, c.input, "en")));
    expect(steps).toEqual([
      "Looked up SOL price",
      "Analysed SOL daily candles: moving averages, volatility, drawdown, levels, relative strength",
      "Read the market sentiment",
      expect.stringMatching(/^Searched news for "SOL"/),
    ]);

    for (const heading of [
      "### Trend",
      "### Volatility and drawdown",
      "### Support and resistance",
      "### Relative strength against BTC",
      "### Market sentiment",
      "### News of the last 7 days",
      "### How I reasoned",
      "### Limits of this analysis",
    ]) {
      expect(deep.text).toContain(heading);
      expect(search.text).not.toContain(heading);
    }
    expect(deep.text.length).toBeGreaterThan(2 * search.text.length);
    expect(deep.text).toMatch(/^\*\*Deep think · Solana \(SOL\)\*\*/);
    expect(deep.text).toContain("4 lookups in all");
  });

  it("SOL: moving averages, volatility, drawdown, 7-day range and relative strength are the candles' own", async () => {
    const sol = expected(await daily("SOLUSDT"), await daily("BTCUSDT"));
    const { text } = await ask("SOL trend", "deepThink");
    expect(text).toContain(`- Last daily close: **${priceText(sol.last)} USDT** (closed 2026-03-20 00:00 UTC)`);
    expect(text).toContain(`- MA20: ${priceText(sol.ma20)} USDT — the close is ${side(sol.d20)}`);
    expect(text).toContain(`- MA50: ${priceText(sol.ma50)} USDT — the close is ${side(sol.d50)}`);
    expect(text).toContain(`- MA20 is ${sol.ma20 > sol.ma50 ? "above" : "below"} MA50`);
    expect(text).toContain(
      `- 30-day volatility: ±${sol.daily.toFixed(2)}% a day (stdev of daily returns), **${sol.annual.toFixed(2)}%** annualised`,
    );
    expect(text).toContain(`- 7-day range: ${priceText(sol.week.low)} – ${priceText(sol.week.high)} USDT`);
    const dd = sol.drawdown;
    expect(dd.percent).toBeLessThan(0);
    expect(text).toContain(
      `- Max drawdown (90 days): **${formatPercent(dd.percent, "en")}**, from a close of ${priceText(dd.peak)} on ${dd.peakOn} to ${priceText(dd.trough)} on ${dd.troughOn}`,
    );
    for (const [days, s] of [
      [30, sol.s30],
      [90, sol.s90],
    ] as const) {
      expect(text).toContain(
        `- ${days} days (from the close of ${s.since}): SOL ${formatPercent(s.coin, "en")}, BTC ${formatPercent(s.bench, "en")} → **${formatPoints(s.difference, "en")}**`,
      );
    }
    expect(text).toContain(`the deepest fall from a peak in 90 days was ${formatPercent(dd.percent, "en")}`);
  });

  it("SOL: sentiment, the news of the 7 days to the market time, the reasoning and the limits", async () => {
    const { text } = await ask("SOL trend", "deepThink");
    expect(text).toContain("- Fear & greed index: **27 (Fear)** on 2026-03-20, from 31 (Fear) the day before");
    const news = text.split("### News of the last 7 days")[1]?.split("###")[0] ?? "";
    // the last 7 whole days and the market day so far
    const from = Math.floor(Date.parse(AT) / DAY) * DAY - 7 * DAY;
    const times = [...news.matchAll(/^- (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC · /gm)].map((m) => Date.parse(`${m[1]}Z`));
    expect(times.length).toBe(5);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const time of times) {
      expect(time).toBeLessThanOrEqual(Date.parse(AT));
      expect(time).toBeGreaterThanOrEqual(from);
    }
    expect(news).toMatch(
      new RegExp(
        `\\d+ news items about SOL from ${formatTime(new Date(from).toISOString())} to ${formatTime(AT)}; the newest 5:`,
      ),
    );
    expect(text).toMatch(/1\. \*\*Trend\*\* — I set the last close against the 20- and 50-day averages/);
    expect(text).toContain("**In short:** SOL");
    expect(text).toContain(`- Replay data: every figure is as of the replay's market time (${formatTime(AT)})`);
    expect(text).toContain("- Daily candles only: the replay has hourly candles for BTC, ETH, BNB alone");
    expect(text).toContain("- No order book");
    expect(text).toContain("- Not financial advice");
  });

  it("比特币走势: in Chinese, against ETH, since BTC is the benchmark itself", async () => {
    const btc = expected(await daily("BTCUSDT"), await daily("ETHUSDT"));
    const result = await ask("比特币走势", "deepThink", "cn");
    const { text } = result;
    expect(callsOf(result)[0]).toEqual([
      ["tokenPrice", { symbol: "BTC" }],
      ["technicalAnalysis", { symbol: "BTC" }],
    ]);
    for (const heading of [
      "### 趋势",
      "### 波动与回撤",
      "### 支撑与阻力",
      "### 相对 ETH 的强弱",
      "### 我的推理过程",
      "### 分析的局限",
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(`- MA20：${priceText(btc.ma20)} USDT，收盘价${sideZh(btc.d20)}`);
    expect(text).toContain(`- MA50：${priceText(btc.ma50)} USDT，收盘价${sideZh(btc.d50)}`);
    expect(text).toContain(`年化 **${btc.annual.toFixed(2)}%**`);
    expect(text).toContain(`最大回撤（90 天）：**${formatPercent(btc.drawdown.percent, "zh")}**`);
    expect(text).toContain("BTC 本身就是市场的常用基准，所以这里拿它和 ETH 比较。");
    expect(text).toContain(
      `- 30 天（自 ${btc.s30.since} 收盘起）：BTC ${formatPercent(btc.s30.coin, "zh")}，ETH ${formatPercent(btc.s30.bench, "zh")}，相差 **${formatPoints(btc.s30.difference, "zh")}**`,
    );
    expect(text).toContain("恐慌贪婪指数：**27（恐慌）**");
    expect(text).toContain("不构成投资建议");
  });

  it("compare SOL and ETH: SOL measured against ETH", async () => {
    const sol = expected(await daily("SOLUSDT"), await daily("ETHUSDT"));
    const result = await ask("compare SOL and ETH", "deepThink");
    expect(callsOf(result)[0]).toEqual([
      ["tokenPrice", { symbol: "SOL" }],
      ["technicalAnalysis", { symbol: "SOL", benchmark: "ETH" }],
    ]);
    expect(result.text).toContain("### Relative strength against ETH");
    expect(result.text).toContain(`→ **${formatPoints(sol.s30.difference, "en")}**`);
  });

  it("an unknown coin is not found after the first round, with no figure and no second round", async () => {
    const result = await ask("XYZ trend", "deepThink");
    expect(callsOf(result).map((step) => step.map(([name]) => name))).toEqual([
      ["tokenPrice", "technicalAnalysis"],
      [],
    ]);
    expect(result.text).toContain("Not found: there is no market data for **XYZ**");
    expect(result.text).not.toContain("### Trend");
    expect(result.text).not.toContain("USDT");
  });

  it("the market as a whole: sentiment, movers and Bitcoin as the benchmark, then the latest news", async () => {
    const result = await ask("how is the market sentiment?", "deepThink");
    expect(callsOf(result).map((step) => step.map(([name]) => name))).toEqual([
      ["marketSentiment", "topMovers", "topMovers", "technicalAnalysis"],
      ["newsSearch"],
      [],
    ]);
    const btc = expected(await daily("BTCUSDT"), await daily("ETHUSDT"));
    expect(result.text).toMatch(/^\*\*Deep think · the market\*\*/);
    expect(result.text).toContain("### The benchmark: Bitcoin (BTC)");
    expect(result.text).toContain(`- MA50: ${priceText(btc.ma50)} USDT — the close is ${side(btc.d50)}`);
    expect(result.text).toContain("### How I reasoned\n\n1. **Breadth**");
    expect(result.text).toContain("### Limits of this analysis");
  });

  it("a question with nothing to look deeper into is answered as in search mode", async () => {
    const deep = await ask("What is a stablecoin?", "deepThink");
    const search = await ask("What is a stablecoin?", "search");
    expect(deep.text).toBe(search.text);
  });
});
