import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateText, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { amountText } from "../../../../contract/number-format.ts";
import { priceText } from "../../../../contract/price-format.ts";
import { parseHeadlines } from "../../../providers/news/headlines.ts";
import { fold } from "../../../providers/news/replay-news.ts";
import { systemPrompt } from "../chat-prompt.ts";
import { createChatTools } from "../tools/chat-tools.ts";
import { FIXTURE_RECORD, fixturePredictions, fixtureStep } from "../tools/forecast-fixtures.ts";
import { openReplayChatData, type ReplayChatData } from "../tools/replay-chat-data.ts";
import { agentHint } from "./agents.ts";
import { cell } from "./format.ts";
import {
  type DaysWindow,
  GOLDEN_QUESTIONS,
  type GoldenExpectation,
  type GoldenQuestion,
  type GoldenWindow,
  MARKET_TIME,
} from "./golden-questions.ts";
import { createMountainLion } from "./mountainlion-model.ts";

/**
 * The golden set (golden-questions.ts) asked of MountainLion through the AI SDK, over the shipped replay at a fixed
 * market time. Every figure expected here is computed in this file from the shipped files themselves — the daily
 * and hourly candles in data/market, the ECB rates in data/fx/ecb-daily.csv, the headlines in data/news — for the
 * window the table names, and written as spec §5 writes prices (src/contract/price-format.ts) and percentages
 * (two decimals with a sign).
 */

const ROOT = fileURLToPath(new URL("../../../../../", import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, "utf8");
const HOUR = 3_600_000;
const DAY = 86_400_000;

// ---- the shipped data, read without the product's code ----

interface Row {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

const csvCache = new Map<string, Row[]>();
function candles(symbol: string, unit: "days" | "hours"): Row[] {
  const path = `data/market/${unit === "days" ? "daily" : "hourly"}/${symbol}USDT.csv`;
  const cached = csvCache.get(path);
  if (cached) return cached;
  const rows = read(path)
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [t, o, h, l, c] = line.split(",").map(Number);
      return { t: t ?? 0, o: o ?? 0, h: h ?? 0, l: l ?? 0, c: c ?? 0 };
    });
  csvCache.set(path, rows);
  return rows;
}

const coinNames = new Map<string, string>(
  (JSON.parse(read("data/market/coins.json")) as { coins: { symbol: string; name: string }[] }).coins.map((coin) => [
    coin.symbol,
    coin.name,
  ]),
);
const nameOf = (symbol: string) => coinNames.get(symbol) ?? symbol;
const coinName = (symbol: string) => (nameOf(symbol) === symbol ? symbol : `${nameOf(symbol)} (${symbol})`);

const ecbRows = read("data/fx/ecb-daily.csv")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const [date = "", eur = "", cny = ""] = line.split(",");
    return { date, EUR: Number(eur), CNY: Number(cny) };
  });

/** The ECB rate in force at `at`: the last one published (16:00 CET, 15:00 UTC) by then. */
function ecbRate(currency: "EUR" | "CNY", at: number) {
  const row = ecbRows.filter((r) => Date.parse(`${r.date}T15:00:00Z`) <= at).at(-1);
  return row && { perUsd: row[currency], date: row.date };
}

const HEADLINES = "data/news/headlines.jsonl";
const headlines = parseHeadlines(read(HEADLINES), HEADLINES).map(
  ({ id, publishedAt, source, coins, title, content, url }) => ({
    id,
    time: Date.parse(publishedAt),
    publishedAt,
    source,
    coins,
    title,
    content: content ?? "",
    url,
  }),
);
/** every word of `words` begins a word of the headline's title, summary or source */
const mentions = (item: (typeof headlines)[number], words: string) => {
  const text = ` ${fold(`${item.title} ${item.content} ${item.source}`)} `;
  return fold(words)
    .split(" ")
    .every((word) => text.includes(` ${word}`));
};

// ---- what the answer must say ----

const at = (window: GoldenWindow, edge: "from" | "to") =>
  Date.parse(window.unit === "days" ? `${window[edge]}T00:00:00Z` : window[edge]);
const percent = (value: number) => `${value > 0 ? "+" : ""}${value.toFixed(2)}%`;
const points = (value: number, zh: boolean) => `${value > 0 ? "+" : ""}${value.toFixed(2)}${zh ? " 个百分点" : " pp"}`;
const round2 = (value: number) => Math.round(value * 100) / 100;
const minute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** "2026-03-02 → 2026-03-09 (7 days)", "2026-03-09 00:00 → 12:00 UTC (12 hours)" and their Chinese. */
function windowText(window: GoldenWindow, zh: boolean): string {
  const from = at(window, "from");
  const to = at(window, "to");
  if (window.unit === "days") {
    const n = (to - from) / DAY;
    const span = `${window.from} → ${window.to}`;
    return zh ? `${span}（${n} 天）` : `${span} (${n} ${n === 1 ? "day" : "days"})`;
  }
  const n = (to - from) / HOUR;
  const span = `${minute(from).slice(0, 16)} → ${minute(to).slice(11)}`;
  return zh ? `${span}（${n} 小时）` : `${span} (${n} hours)`;
}

/** The move over a window: from the close before it to its last close, with its high and low. */
function moveOver(symbol: string, window: GoldenWindow) {
  const step = window.unit === "days" ? DAY : HOUR;
  const rows = candles(symbol, window.unit);
  const from = at(window, "from");
  const to = at(window, "to");
  const before = rows.find((r) => r.t === from - step);
  const inside = rows.filter((r) => r.t >= from && r.t + step <= to);
  const last = inside.at(-1);
  if (!before || !last || inside.length !== (to - from) / step) throw new Error(`${symbol}: the data has holes`);
  const high = inside.reduce((a, b) => (b.h > a.h ? b : a));
  const low = inside.reduce((a, b) => (b.l < a.l ? b : a));
  const when = (ms: number) => (window.unit === "days" ? new Date(ms).toISOString().slice(0, 10) : minute(ms));
  return {
    start: before.c,
    end: last.c,
    change: round2((last.c / before.c - 1) * 100),
    high: high.h,
    highAt: when(high.t),
    low: low.l,
    lowAt: when(low.t),
    count: inside.length,
  };
}

/** The price at market time `ms`: the last hourly close while hourly candles cover it, else the last daily close. */
function priceAt(symbol: string, ms: number): number {
  const hour = Math.floor(ms / HOUR) * HOUR - HOUR;
  const hourly = symbol === "BTC" || symbol === "ETH" || symbol === "BNB" ? candles(symbol, "hours") : [];
  const lastHour = hourly.find((r) => r.t === hour);
  if (lastHour) return lastHour.c;
  const day = Math.floor(ms / DAY) * DAY - DAY;
  const lastDay = candles(symbol, "days").find((r) => r.t === day);
  if (!lastDay) throw new Error(`${symbol}: no candle before ${new Date(ms).toISOString()}`);
  return lastDay.c;
}

/** The lines of a move's table, in the answer's language (a currency adds its own lines). */
function moveLines(symbol: string, window: GoldenWindow, zh: boolean, perUsd?: { rate: number; currency: string }) {
  const m = moveOver(symbol, window);
  const p = priceText;
  const lines = zh
    ? [
        `| 区间 | ${windowText(window, true)} |`,
        `| 起点价格（USDT） | ${p(m.start)} |`,
        `| 终点价格（USDT） | ${p(m.end)} |`,
        `| 区间涨跌 | ${percent(m.change)} |`,
        `| 区间最高（USDT） | ${p(m.high)}（${m.highAt}） |`,
        `| 区间最低（USDT） | ${p(m.low)}（${m.lowAt}） |`,
      ]
    : [
        `| Window | ${windowText(window, false)} |`,
        `| Start price (USDT) | ${p(m.start)} |`,
        `| End price (USDT) | ${p(m.end)} |`,
        `| Change | ${percent(m.change)} |`,
        `| High (USDT) | ${p(m.high)} (${m.highAt}) |`,
        `| Low (USDT) | ${p(m.low)} (${m.lowAt}) |`,
      ];
  if (perUsd) {
    const { rate, currency: c } = perUsd;
    lines.push(
      zh ? `| 起点价格（${c}） | ${p(m.start * rate)} |` : `| Start price (${c}) | ${p(m.start * rate)} |`,
      zh ? `| 终点价格（${c}） | ${p(m.end * rate)} |` : `| End price (${c}) | ${p(m.end * rate)} |`,
      zh ? `| 区间最高（${c}） | ${p(m.high * rate)} |` : `| High (${c}) | ${p(m.high * rate)} |`,
      zh ? `| 区间最低（${c}） | ${p(m.low * rate)} |` : `| Low (${c}) | ${p(m.low * rate)} |`,
    );
  }
  return { move: m, lines };
}

/** The sentence naming the rate a conversion used. */
function rateLine(currency: "EUR" | "CNY", ms: number, zh: boolean): { rate: number; line: string } {
  const rate = ecbRate(currency, ms);
  if (!rate) throw new Error("no rate");
  const today = new Date(ms).toISOString().slice(0, 10);
  const carried = rate.date < today;
  const perUsd = priceText(rate.perUsd);
  const line = zh
    ? `按 ${rate.date} 的欧洲央行参考汇率换算：1 美元 = ${perUsd} ${currency === "EUR" ? "欧元" : "人民币"}${carried ? `（市场时间 ${minute(ms)} 时最新公布的汇率）` : ""}。`
    : `Converted at the ECB reference rate of ${rate.date}: 1 USD = ${perUsd} ${currency}${carried ? ` (the latest published by the market time, ${minute(ms)})` : ""}.`;
  return { rate: rate.perUsd, line };
}

// ---- asking ----

const replays = new Map<string, Promise<ReplayChatData>>();
const replayAt = (time: string) => {
  let data = replays.get(time);
  if (!data) {
    data = openReplayChatData(time);
    replays.set(time, data);
  }
  return data;
};

async function ask(golden: GoldenQuestion) {
  const data = await replayAt(golden.at ?? MARKET_TIME);
  const result = await generateText({
    model: createMountainLion(),
    tools: createChatTools({
      market: data.market,
      news: data.news,
      fx: data.fx,
      language: golden.language === "zh" ? "cn" : "en",
      // the predict port: a stand-in whose forecast starts from the coin's real last close (forecast-fixtures.ts)
      predictions: fixturePredictions(data.market),
    }),
    stopWhen: stepCountIs(4),
    // the chat's input mode and its agent reach the model in its system prompt
    system:
      golden.mode || golden.agent
        ? [
            systemPrompt({
              language: golden.language === "zh" ? "cn" : "en",
              mode: golden.mode ?? "search",
              now: new Date(golden.at ?? MARKET_TIME),
              model: { vision: false, tools: true },
            }),
            golden.agent ? agentHint(golden.agent) : undefined,
          ]
            .filter(Boolean)
            .join("\n")
        : undefined,
    prompt: golden.question,
  });
  const calls = result.steps[0]?.toolCalls.map((c) => c.toolName) ?? [];
  const steps = result.steps.map((step) => step.toolCalls.map((c) => c.toolName));
  const inputs = result.steps[0]?.toolCalls.map((c) => [c.toolName, c.input]) ?? [];
  return { text: result.text, calls, steps, inputs };
}

/** The daily candles completed at the question's market time. */
const completedDays = (golden: GoldenQuestion, symbol: string) =>
  candles(symbol, "days").filter((r) => r.t + DAY <= Date.parse(golden.at ?? MARKET_TIME));

/** A coin quantity as the AI one-click buy writes it: up to 6 decimals. */
const quantity = (value: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 }).format(value);

/** Wording that would claim an order went through, in either language. */
const ORDER_PLACED =
  /\border (?:is |was |has been )?(?:placed|filled|executed|submitted|completed)\b|\b(?:bought|purchased)\b|successfully|已下单|已买入|已成交|下单成功|购买成功|买入成功/i;

function expectAll(text: string, lines: readonly string[]) {
  for (const line of lines) expect(text).toContain(line);
}

const checks: {
  [K in GoldenExpectation["kind"]]: (
    golden: GoldenQuestion,
    e: Extract<GoldenExpectation, { kind: K }>,
  ) => Promise<void>;
} = {
  async move(golden, e) {
    const zh = golden.language === "zh";
    const { text, calls } = await ask(golden);
    expect(calls).toContain("priceChange");
    const ms = Date.parse(golden.at ?? MARKET_TIME);
    const fx = e.currency ? rateLine(e.currency, ms, zh) : undefined;
    const { move, lines } = moveLines(
      e.symbol,
      e.window,
      zh,
      fx && e.currency ? { rate: fx.rate, currency: e.currency } : undefined,
    );
    expectAll(text, lines);
    expect(text).toContain(
      zh
        ? `**${coinName(e.symbol)}** 在 ${windowText(e.window, true)}内涨跌 **${percent(move.change)}**`
        : `**${coinName(e.symbol)}** moved **${percent(move.change)}** over ${windowText(e.window, false)}`,
    );
    if (fx) expect(text).toContain(fx.line);
  },

  async trend(golden, e) {
    const zh = golden.language === "zh";
    const { text, calls } = await ask(golden);
    expect(calls).toEqual(["candleStats"]);
    const move = moveOver(e.symbol, e.window);
    const days = (at(e.window, "to") - at(e.window, "from")) / DAY;
    const count = e.interval === "1d" ? days : e.interval === "4h" ? days * 6 : days * 24;
    const interval = zh
      ? { "1d": "日", "4h": "4 小时", "1h": "1 小时" }[e.interval]
      : { "1d": "daily", "4h": "4h", "1h": "1h" }[e.interval];
    expect(text).toContain(
      zh
        ? `**${coinName(e.symbol)}** 在 ${windowText(e.window, true)}内的 ${interval} K 线（${count} 根）`
        : `**${coinName(e.symbol)}** over ${windowText(e.window, false)} on ${interval} candles (${count})`,
    );
    expectAll(
      text,
      zh
        ? [`| 区间 | ${windowText(e.window, true)} |`, `| 区间涨跌 | ${percent(move.change)} |`]
        : [`| Window | ${windowText(e.window, false)} |`, `| Period change | ${percent(move.change)} |`],
    );
  },

  async price(golden, e) {
    const zh = golden.language === "zh";
    const { text, calls } = await ask(golden);
    expect(calls).toEqual(["tokenPrice"]);
    const ms = Date.parse(golden.at ?? MARKET_TIME);
    const price = priceAt(e.symbol, ms);
    const rate = ecbRate(e.currency, ms);
    if (!rate) {
      const day = new Date(ms).toISOString().slice(0, 10);
      expect(text).toContain(
        zh
          ? `我们的数据中没有 ${day} 可用的欧洲央行参考汇率，无法换算成${e.currency === "EUR" ? "欧元" : "人民币"}，以下价格以美元（USDT）计。`
          : `There is no ECB reference rate for ${day} in our data, so I can't convert to ${e.currency}: the prices are in US dollars (USDT).`,
      );
      expect(text).toContain(`**${priceText(price)} USDT**`);
      expect(text).not.toContain(`（${e.currency}）`);
      expect(text).not.toContain(`(${e.currency})`);
      return;
    }
    const { line } = rateLine(e.currency, ms, zh);
    const converted = priceText(price * rate.perUsd);
    expectAll(text, [
      zh
        ? `价格为 **${converted} ${e.currency}**（${priceText(price)} USDT）`
        : `is at **${converted} ${e.currency}** (${priceText(price)} USDT)`,
      zh ? `| 价格（${e.currency}） | ${converted} |` : `| Price (${e.currency}) | ${converted} |`,
      line,
    ]);
  },

  async news(golden, e) {
    const zh = golden.language === "zh";
    const { text, calls } = await ask(golden);
    // a news question is never a price lookup
    expect(calls).toEqual(["newsSearch"]);
    const from = Date.parse(`${e.from}T00:00:00Z`);
    const to = Date.parse(golden.at ?? MARKET_TIME);
    const symbol = e.coinName ? e.query : undefined;
    const name = e.coinName && e.coinName.length >= 4 && e.coinName.toUpperCase() !== e.query ? e.coinName : undefined;
    const found = headlines
      .filter((item) => item.time >= from && item.time <= to)
      .filter((item) =>
        symbol
          ? item.coins.includes(symbol) || (name !== undefined && mentions(item, name))
          : e.query === "" || mentions(item, e.query),
      )
      .sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : 1));
    const span = zh ? `${minute(from)} 至 ${minute(to)}` : `between ${minute(from)} and ${minute(to)}`;
    const about = [e.query, name].filter(Boolean).join(" / ");
    if (found.length === 0) {
      expect(text).toContain(
        zh
          ? `我们的新闻存档中没有 ${span} 之间提到 ${e.query} 的新闻。`
          : `No news in our archive mentions ${e.query} ${span}.`,
      );
      return;
    }
    const shown = found.slice(0, 5);
    const total =
      found.length >= 100 ? (zh ? "100 条以上" : "100 or more") : zh ? `${found.length} 条` : String(found.length);
    const all = found.length === shown.length;
    expect(text).toContain(
      zh
        ? `${span} 之间${about ? `提到 **${about}** 的` : "的"}新闻共 ${total}，${all ? "按时间倒序" : `最新 ${shown.length} 条`}：`
        : all
          ? `The ${shown.length} news ${shown.length === 1 ? "item" : "items"}${about ? ` mentioning **${about}**` : ""} ${span}, newest first:`
          : `The latest 5 of ${total} news items${about ? ` mentioning **${about}**` : ""} ${span}:`,
    );
    for (const item of shown) {
      const headline = item.url ? `[${cell(item.title)}](` : cell(item.title);
      expect(text).toContain(`| ${minute(item.time)} | ${headline}`);
      expect(text).toContain(`| ${cell(item.source)} |`);
    }
    if (e.move && symbol) {
      const move = moveOver(symbol, e.move);
      expect(text).toContain(
        zh
          ? `同期 ${windowText(e.move, true)}，**${coinName(symbol)}** 涨跌 **${percent(move.change)}**：从 ${priceText(move.start)} USDT 到 ${priceText(move.end)} USDT`
          : `Over the same days, ${windowText(e.move, false)}, **${coinName(symbol)}** moved **${percent(move.change)}**: from ${priceText(move.start)} USDT to ${priceText(move.end)} USDT`,
      );
      if (e.why) {
        const contrary = e.why === "down" ? move.change >= 0 : move.change <= 0;
        const note = zh
          ? `注意：这段时间 ${symbol} 并没有${e.why === "down" ? "下跌" : "上涨"}，涨跌为 ${percent(move.change)}。`
          : `Note: ${symbol} did not ${e.why === "down" ? "fall" : "rise"} over these days; it moved ${percent(move.change)}.`;
        if (contrary) expect(text).toContain(note);
        else expect(text).not.toContain(note);
        expect(text).toContain(
          zh
            ? "这些新闻是同期的报道，并不能单独证明价格变动的原因。"
            : "These are the reports of those days; they do not by themselves prove why the price moved.",
        );
      }
    }
  },

  async glossary(golden, e) {
    const { text, calls } = await ask(golden);
    expect(calls).toEqual(["glossary"]);
    expect(text.startsWith(`**${e.title}**`)).toBe(true);
    expect(text).toContain(golden.language === "zh" ? "来源：MountainLion glossary" : "Source: MountainLion glossary");
  },

  async compare(golden, e) {
    const zh = golden.language === "zh";
    const { text, calls } = await ask(golden);
    expect(calls).toEqual(["compareTokens"]);
    const window: DaysWindow | undefined = e.window;
    let ca: number;
    let cb: number;
    if (window) {
      ca = moveOver(e.a, window).change;
      cb = moveOver(e.b, window).change;
    } else {
      // 24 hours: daily-only coins, the last whole day's close against the one before
      const day = Math.floor(Date.parse(golden.at ?? MARKET_TIME) / DAY) * DAY;
      const change = (symbol: string) => {
        const rows = candles(symbol, "days");
        const last = rows.find((r) => r.t === day - DAY);
        const before = rows.find((r) => r.t === day - 2 * DAY);
        if (!last || !before) throw new Error(`${symbol}: no daily candles`);
        return round2((last.c / before.c - 1) * 100);
      };
      ca = change(e.a);
      cb = change(e.b);
    }
    const gap = round2(ca - cb);
    const leader = gap > 0 ? e.a : e.b;
    const by = Math.abs(gap).toFixed(2);
    const verdict = zh ? `${leader} 领先 ${by} 个百分点` : `${leader} did better by ${by} pp`;
    const when = window ? windowText(window, zh) : minute(Date.parse(golden.at ?? MARKET_TIME));
    expect(text).toContain(
      window
        ? zh
          ? `在 ${when}内，**${e.a}** 涨跌 ${percent(ca)}，**${e.b}** 涨跌 ${percent(cb)}：${verdict}。`
          : `Over ${when}, **${e.a}** moved ${percent(ca)} and **${e.b}** ${percent(cb)}: ${verdict}.`
        : zh
          ? `截至 ${when}，24 小时内 **${e.a}** 涨跌 ${percent(ca)}，**${e.b}** 涨跌 ${percent(cb)}：${verdict}。`
          : `Over the 24h to ${when}, **${e.a}** moved ${percent(ca)} and **${e.b}** ${percent(cb)}: ${verdict}.`,
    );
    if (window) {
      expect(text).toContain(
        `| ${zh ? "区间涨跌" : "Change"} | ${percent(ca)} | ${percent(cb)} | ${points(gap, zh)} |`,
      );
      expect(text).toContain(
        `| ${zh ? "区间" : "Window"} | ${windowText(window, zh)} | ${windowText(window, zh)} |  |`,
      );
    }
  },

  async deepThink(golden, e) {
    const zh = golden.language === "zh";
    const { text, steps } = await ask(golden);
    expect(steps).toEqual([["tokenPrice", "technicalAnalysis"], ["marketSentiment", "newsSearch"], []]);
    const rows = completedDays(golden, e.symbol);
    const bench = completedDays(golden, e.benchmark);
    const closes = rows.map((r) => r.c);
    const last = closes.at(-1) ?? 0;
    const ma = (period: number) => closes.slice(-period).reduce((sum, c) => sum + c, 0) / period;
    const away = (period: number) => round2((last / ma(period) - 1) * 100);
    const side = (d: number) =>
      zh
        ? `${d > 0 ? "高于" : "低于"}它 ${Math.abs(d).toFixed(2)}%`
        : `${Math.abs(d).toFixed(2)}% ${d > 0 ? "above" : "below"} it`;
    // 30 simple daily returns, their sample stdev, annualised by √365
    const returns = closes.slice(-31).flatMap((c, i, all) => (i === 0 ? [] : [c / (all[i - 1] ?? c) - 1]));
    const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
    const stdev = Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1));
    // the deepest fall of a close below the highest close before it, over the last 90 days
    let peak = rows.at(-90) ?? rows[0];
    let worst = 0;
    for (const row of rows.slice(-90)) {
      if (peak && row.c > peak.c) peak = row;
      worst = Math.min(worst, row.c / (peak?.c ?? row.c) - 1);
    }
    // the 30-day return against the benchmark's over the same days
    const start = rows.at(-31);
    const benchStart = bench.find((r) => r.t === start?.t);
    const coinReturn = round2((last / (start?.c ?? last) - 1) * 100);
    const benchReturn = round2(((bench.at(-1)?.c ?? 0) / (benchStart?.c ?? 1) - 1) * 100);
    const since = new Date((start?.t ?? 0) + DAY).toISOString().slice(0, 10);
    expectAll(
      text,
      zh
        ? [
            `### 相对 ${e.benchmark} 的强弱`,
            "### 我的推理过程",
            "### 分析的局限",
            `- MA20：${priceText(ma(20))} USDT，收盘价${side(away(20))}`,
            `- MA50：${priceText(ma(50))} USDT，收盘价${side(away(50))}`,
            `年化 **${round2(stdev * Math.sqrt(365) * 100).toFixed(2)}%**`,
            `最大回撤（90 天）：**${percent(round2(worst * 100))}**`,
            `- 30 天（自 ${since} 收盘起）：${e.symbol} ${percent(coinReturn)}，${e.benchmark} ${percent(benchReturn)}，相差 **${points(round2(coinReturn - benchReturn), true)}**`,
          ]
        : [
            `### Relative strength against ${e.benchmark}`,
            "### How I reasoned",
            "### Limits of this analysis",
            `- MA20: ${priceText(ma(20))} USDT — the close is ${side(away(20))}`,
            `- MA50: ${priceText(ma(50))} USDT — the close is ${side(away(50))}`,
            `- 30-day volatility: ±${round2(stdev * 100).toFixed(2)}% a day (stdev of daily returns), **${round2(stdev * Math.sqrt(365) * 100).toFixed(2)}%** annualised`,
            `- Max drawdown (90 days): **${percent(round2(worst * 100))}**`,
            `- 30 days (from the close of ${since}): ${e.symbol} ${percent(coinReturn)}, ${e.benchmark} ${percent(benchReturn)} → **${points(round2(coinReturn - benchReturn), false)}**`,
          ],
    );
  },

  async aiBuy(golden, e) {
    const zh = golden.language === "zh";
    const { text, steps } = await ask(golden);
    const price = priceAt(e.symbol, Date.parse(golden.at ?? MARKET_TIME));
    expect(text).toContain(`1 ${e.symbol} = **${priceText(price)} USDT**`);
    expect(text).toContain(zh ? "**我没有下任何订单。**" : "**I haven't placed any order.**");
    expect(text).not.toMatch(ORDER_PLACED);
    if (!e.amount) {
      expect(steps).toEqual([["tokenPrice"], []]);
      expect(text).toContain(zh ? "你想买多少？" : "How much do you want to buy?");
      return;
    }
    expect(steps).toEqual([["tokenPrice", "technicalAnalysis"], []]);
    if ("usdt" in e.amount) {
      const spent = amountText(e.amount.usdt);
      const coins = quantity(e.amount.usdt / price);
      expect(text).toContain(
        zh
          ? `- 按此价格，${spent} USDT 约可换到 **${coins} ${e.symbol}**（未计手续费和滑点）`
          : `- At this price, ${spent} USDT buys about **${coins} ${e.symbol}**, before fees and slippage`,
      );
    } else {
      const cost = amountText(e.amount.coins * price);
      const coins = quantity(e.amount.coins);
      expect(text).toContain(
        zh
          ? `- 按此价格，${coins} ${e.symbol} 约需 **${cost} USDT**（未计手续费和滑点）`
          : `- At this price, ${coins} ${e.symbol} costs about **${cost} USDT**, before fees and slippage`,
      );
    }
    const week = completedDays(golden, e.symbol).slice(-7);
    const low = Math.min(...week.map((r) => r.l));
    const high = Math.max(...week.map((r) => r.h));
    expect(text).toContain(`**${priceText(low)} – ${priceText(high)} USDT**`);
  },

  predict: (golden, e) => forecastChecks.predict(golden, e),
  report: (golden, e) => forecastChecks.report(golden, e),
};

/** The sample Pearson correlation. */
function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((sum, x) => sum + x, 0) / n;
  const my = ys.reduce((sum, y) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const y = ys[i] ?? 0;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

const forecastChecks = {
  async predict(golden: GoldenQuestion, e: Extract<GoldenExpectation, { kind: "predict" }>) {
    const zh = golden.language === "zh";
    const { text, inputs, steps } = await ask(golden);
    expect(inputs).toEqual([["predict", { symbol: e.symbol, ...(e.asked ? { interval: e.asked } : {}) }]]);
    expect(steps).toEqual([["predict"], []]);
    const step = e.interval === "1h" ? HOUR : DAY;
    const market = Date.parse(golden.at ?? MARKET_TIME);
    // the forecast's origin: the last candle completed at the market time, read from the shipped file
    const origin = candles(e.symbol, e.interval === "1h" ? "hours" : "days")
      .filter((r) => r.t + step <= market)
      .at(-1);
    if (!origin) throw new Error("no origin");
    expect(text).toContain(
      zh
        ? `起点是 ${minute(origin.t + step)} 的收盘价 **${priceText(origin.c)} USDT**`
        : `from the close of ${minute(origin.t + step)} at **${priceText(origin.c)} USDT**`,
    );
    const horizon = e.interval === "1h" ? 48 : 7;
    const shown =
      e.interval === "1d"
        ? e.horizon === "day"
          ? [1]
          : [1, 2, 3, 4, 5, 6, 7]
        : e.horizon === "day"
          ? [4, 8, 12, 16, 20, 24]
          : [6, 12, 18, 24, 30, 36, 42, 48];
    for (let n = 1; n <= horizon; n += 1) {
      const s = fixtureStep(origin.c, n, true);
      const row = `| ${n} | ${minute(origin.t + (n + 1) * step)} | ${priceText(s.forecast)} | ${priceText(s.lo80)} – ${priceText(s.hi80)} |`;
      if (shown.includes(n)) expect(text).toContain(row);
      else expect(text).not.toContain(row);
    }
    if (e.asked && e.asked !== e.interval) {
      expect(text).toContain(
        zh
          ? `${e.symbol} 没有小时线预测，以下是它的日线预测。`
          : `${e.symbol} has no hourly forecast; here is its daily one.`,
      );
    }
    const r = FIXTURE_RECORD;
    const from = r.from.slice(0, 10);
    const to = r.to.slice(0, 10);
    expectAll(
      text,
      zh
        ? [
            `${r.origins} 个起点，${from} 至 ${to}，第 1–${horizon} 步`,
            `平均误差是“不变”预测的 **${r.maeRatio.toFixed(2)} 倍**`,
            `方向判断正确率 53.1%（共 ${r.directionCalls} 次，95% 区间 50.8%–55.3%）`,
            "80% 区间覆盖了 79.2% 的实际收盘价",
            "加密货币价格接近随机游走",
            `[在预测页面查看 ${e.symbol} 的预测](/predict/${e.symbol})`,
            `来源：Binance (replay)，${minute(market)}`,
          ]
        : [
            `${r.origins} origins from ${from} to ${to}, steps 1–${horizon}`,
            `its average error was **${r.maeRatio.toFixed(2)}×** that of "no change"`,
            `it called the direction right 53.1% of ${r.directionCalls} times, 95% interval 50.8%–55.3%`,
            "the 80% band held 79.2% of actual closes",
            "crypto prices move close to a random walk",
            `[Open the ${e.symbol} forecast on the Predict page](/predict/${e.symbol})`,
            `Source: Binance (replay), ${minute(market)}`,
          ],
    );
  },

  async report(golden: GoldenQuestion, e: Extract<GoldenExpectation, { kind: "report" }>) {
    const zh = golden.language === "zh";
    const { text, inputs } = await ask(golden);
    expect(inputs).toEqual([
      ["coinProfile", { symbol: e.symbol }],
      ["newsSearch", { query: e.symbol, limit: 8, period: "14d" }],
      ["predict", { symbol: e.symbol, interval: "1d" }],
    ]);
    const rows = completedDays(golden, e.symbol).slice(-91);
    const bench = completedDays(golden, e.benchmark).slice(-91);
    const last = rows.at(-1)?.c ?? 0;
    for (const days of [7, 30, 90]) {
      const before = rows.at(-1 - days)?.c ?? 1;
      const change = percent(round2((last / before - 1) * 100));
      expect(text).toContain(`| ${zh ? `${days} 天` : `${days} days`} | ${change} |`);
    }
    const returnsOf = (list: readonly Row[]) =>
      new Map(list.flatMap((r, i) => (i === 0 ? [] : [[r.t, r.c / (list[i - 1]?.c ?? r.c) - 1] as const])));
    const coinReturns = returnsOf(rows);
    const recent = [...coinReturns.values()].slice(-30);
    const mean = recent.reduce((sum, r) => sum + r, 0) / recent.length;
    const stdev = Math.sqrt(recent.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (recent.length - 1));
    let peak = rows.at(-90) ?? rows[0];
    let worst = 0;
    for (const row of rows.slice(-90)) {
      if (peak && row.c > peak.c) peak = row;
      worst = Math.min(worst, row.c / (peak?.c ?? row.c) - 1);
    }
    const benchReturns = returnsOf(bench);
    const shared = [...coinReturns.keys()].filter((t) => benchReturns.has(t)).slice(-90);
    const r = correlation(
      shared.map((t) => coinReturns.get(t) ?? 0),
      shared.map((t) => benchReturns.get(t) ?? 0),
    );
    const daily = round2(stdev * 100).toFixed(2);
    const yearly = round2(stdev * Math.sqrt(365) * 100).toFixed(2);
    expectAll(
      text,
      zh
        ? [
            `## 研究报告：${coinName(e.symbol)}`,
            `| 价格 | ${priceText(priceAt(e.symbol, Date.parse(golden.at ?? MARKET_TIME)))} USDT |`,
            `- 30 天波动率：每天 ±${daily}%，年化 **${yearly}%**`,
            `- 最大回撤（90 天）：**${percent(round2(worst * 100))}**`,
            `### 与 ${e.benchmark} 的相关性`,
            `近 ${shared.length} 个日收益的相关系数：**${round2(r).toFixed(2)}**`,
            "### 近 14 天新闻",
            "### 预测及其记录",
            "### 风险",
            "本报告描述数据，不构成投资建议",
          ]
        : [
            `## Research report: ${coinName(e.symbol)}`,
            `| Price | ${priceText(priceAt(e.symbol, Date.parse(golden.at ?? MARKET_TIME)))} USDT |`,
            `- 30-day volatility: ±${daily}% a day, **${yearly}%** annualised`,
            `- Max drawdown (90 days): **${percent(round2(worst * 100))}**`,
            `### Correlation with ${e.benchmark}`,
            `Correlation of the last ${shared.length} daily returns: **${round2(r).toFixed(2)}**`,
            "### News of the last 14 days",
            "### Forecast and its record",
            "### Risks",
            "this report describes data and is not advice",
          ],
    );
  },
};

describe("MountainLion's golden questions", () => {
  it("hold at least 40 questions, in English and Chinese, of every kind", () => {
    expect(GOLDEN_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(GOLDEN_QUESTIONS.map((g) => g.language))).toEqual(new Set(["en", "zh"]));
    expect(new Set(GOLDEN_QUESTIONS.map((g) => g.expect.kind))).toEqual(
      new Set(["move", "trend", "price", "news", "glossary", "compare", "deepThink", "aiBuy", "predict", "report"]),
    );
  });

  for (const golden of GOLDEN_QUESTIONS) {
    it(`${golden.question}${golden.at ? ` (at ${golden.at})` : ""}`, async () => {
      const check = checks[golden.expect.kind] as (g: GoldenQuestion, e: GoldenExpectation) => Promise<void>;
      await check(golden, golden.expect);
    });
  }
});
