import { tool } from "ai";
import { z } from "zod";
import { type ChatCitation, chatCitationSchema } from "../../../../contract/chat.ts";
import { sentimentDataSchema } from "../../../../contract/market.ts";
import { INTERVAL_MS } from "../../../providers/market/market-provider.ts";
import type { NewsItem } from "../../../providers/news/news-provider.ts";
import { compareCandles, compareFigure, priceFigure } from "../figures/figure-data.ts";
import {
  type ChatFigure,
  compareFigureAlt,
  compareFigureUrl,
  FIGURE_MAX_CANDLES,
  FIGURE_MIN_CANDLES,
} from "../figures/figure-url.ts";
import { aiScoresTool } from "./ai-scores-tool.ts";
import { CANDLE_STATS_METHOD, candleStatistics } from "./candle-stats.ts";
import type {
  ChatAlarms,
  ChatListedCoin,
  ChatMarket,
  ChatMarketView,
  ChatNews,
  ChatPredictions,
  ChatScores,
} from "./chat-data.ts";
import { symbolOfName } from "./coin-names.ts";
import { coinProfileTool } from "./coin-profile.ts";
import { type ChatFx, converted, currencySchema, type FxOutput, fxFor } from "./currency.ts";
import { FAQ, FAQ_REVISED, FAQ_SOURCE, findFaqEntry } from "./faq.ts";
import { findGlossaryEntry, GLOSSARY, GLOSSARY_REVISED, GLOSSARY_SOURCE } from "./glossary.ts";
import { type PeriodMove, type PeriodWindow, periodMove, periodSchema, resolvePeriod } from "./period.ts";
import { predictTool } from "./predict-tool.ts";
import { priceAlarmTool } from "./price-alarm-tool.ts";
import { technicalAnalysisTool } from "./technical-analysis.ts";
import type {
  CandleStatsOutput,
  CompareOutput,
  GlossaryOutput,
  MoversOutput,
  NewsOutput,
  NotFoundOutput,
  PeriodMoveOutput,
  PeriodWindowOutput,
  PriceChangeOutput,
  ProductHelpOutput,
  SentimentOutput,
  TokenPriceOutput,
  TokenQuote,
} from "./tool-outputs.ts";

export type ChatLanguage = "en" | "cn";

export interface ChatToolsDeps {
  market: ChatMarket;
  news: ChatNews;
  /** the FX port: the reference rate in force at the market time, for prices in EUR or CNY */
  fx: ChatFx;
  /** the chat's language: news in it where the source has some, glossary titles, summaries */
  language: ChatLanguage;
  /** the price forecasts (the predict service); without them the predict tool says forecasts are not available */
  predictions?: ChatPredictions;
  /** the AI score (the score service); without it the aiScores tool says the score is not available */
  scores?: ChatScores;
  /** price alarms (the alarm service); without them setPriceAlarm says alarms are not available */
  alarms?: ChatAlarms;
  /** the signed-in user the answer is for (setPriceAlarm sets their alarms); undefined for a visitor */
  userId?: number;
}

const symbolSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .describe("the coin's symbol, e.g. BTC (or its name, e.g. Bitcoin)");

export const chatToolInputSchemas = {
  tokenPrice: z.object({ symbol: symbolSchema, currency: currencySchema.optional() }),
  priceChange: z.object({ symbol: symbolSchema, period: periodSchema, currency: currencySchema.optional() }),
  candleStats: z.object({
    symbol: symbolSchema,
    interval: z.enum(["1h", "4h", "1d"]).describe("candle interval"),
    count: z
      .number()
      .int()
      .min(10)
      .max(500)
      .optional()
      .describe("how many of the latest completed candles (default 48 for 1h, 42 for 4h, 30 for 1d)"),
    period: periodSchema
      .optional()
      .describe("instead of count: the candles of this window (see priceChange), e.g. '7d', 'ytd', 'since:01-01'"),
    currency: currencySchema.optional(),
  }),
  compareTokens: z.object({
    a: symbolSchema,
    b: symbolSchema,
    period: periodSchema.optional().describe("also compare the two coins' moves over this window, e.g. '1m'"),
    currency: currencySchema.optional(),
  }),
  newsSearch: z.object({
    query: z
      .string()
      .trim()
      .max(60)
      .describe("a coin or a name to search the news for, e.g. SOL or FTX; empty for the latest"),
    limit: z.number().int().min(1).max(10).optional().describe("how many items (default 5)"),
    period: periodSchema
      .optional()
      .describe("only items of this window up to the market time, e.g. '7d'; a coin's price move over it comes too"),
  }),
  marketSentiment: z.object({}),
  topMovers: z.object({
    direction: z.enum(["up", "down"]).describe("up: the biggest 24 h gainers; down: the biggest losers"),
    limit: z.number().int().min(1).max(10).optional().describe("how many coins (default 5)"),
  }),
  glossary: z.object({ term: z.string().trim().min(1).max(80).describe("the term to explain, e.g. stablecoin") }),
  productHelp: z.object({
    question: z.string().trim().min(1).max(300).describe("the user's question about this app, in their words"),
  }),
} as const;

const DEFAULT_CANDLES: Readonly<Record<"1h" | "4h" | "1d", number>> = { "1h": 48, "4h": 42, "1d": 30 };
const DEFAULT_LIMIT = 5;

const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = INTERVAL_MS["1h"];
const DAY = INTERVAL_MS["1d"];
/** the news a windowed search counts at most */
const NEWS_COUNTED = 100;

/** A computed price at the precision prices are shown with: cents above 1000, 4 decimals above 1, else 6 digits. */
export function roundPrice(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value * 100) / 100;
  if (abs >= 1) return Math.round(value * 10_000) / 10_000;
  return value === 0 ? 0 : Number(value.toPrecision(6));
}

/** The listed coin a symbol or name means: the symbol, then the listed name, then a common name (比特币). */
function findListed(view: ChatMarketView, query: string): ChatListedCoin | undefined {
  const text = query.trim();
  const upper = text.toUpperCase();
  const lower = text.toLowerCase();
  const alias = symbolOfName(text);
  return (
    view.listed.find((l) => l.coin.coinAbbr.toUpperCase() === upper) ??
    view.listed.find((l) => l.coin.coinName.toLowerCase() === lower) ??
    (alias ? view.listed.find((l) => l.coin.coinAbbr === alias) : undefined)
  );
}

function quoteOf(listed: ChatListedCoin, fx: FxOutput | null): TokenQuote {
  const { ticker, meta, coin } = listed;
  return {
    symbol: coin.coinAbbr,
    name: coin.coinName,
    price: ticker.lastPrice,
    priceTime: iso(ticker.priceTime),
    change1h: round2(ticker.change1h),
    change24h: round2(ticker.change24h),
    change7d: round2(ticker.change7d),
    volume24h: ticker.quoteVolume24h === null ? null : Math.round(ticker.quoteVolume24h),
    marketCap: meta?.circulatingSupply ? Math.round(meta.circulatingSupply * ticker.lastPrice) : null,
    rank: meta?.rank ?? null,
    rankAsOf: meta ? iso(meta.statsAsOf) : null,
    converted: fx?.rate ? { price: ticker.lastPrice * fx.rate.perUsd } : null,
  };
}

function windowOutput(window: PeriodWindow): PeriodWindowOutput {
  const step = window.interval === "1h" ? HOUR : DAY;
  return {
    period: window.period,
    interval: window.interval,
    from: iso(window.from),
    to: iso(window.to),
    length: Math.round((window.to - window.from) / step),
  };
}

function moveOutput(move: PeriodMove, fx: FxOutput | null): PeriodMoveOutput {
  const value = (usd: number) => converted(fx, usd) ?? usd;
  return {
    window: windowOutput(move.window),
    note: move.note,
    start: move.start,
    end: move.end,
    change: round2(move.change) ?? 0,
    high: move.high,
    highAt: iso(move.highAt),
    low: move.low,
    lowAt: iso(move.lowAt),
    candles: move.candles,
    converted: fx?.rate
      ? { start: value(move.start), end: value(move.end), high: value(move.high), low: value(move.low) }
      : null,
  };
}

/** The two-coin figure of a window's candles (normalised to 100), or null when they share too few. */
async function windowFigure(
  market: ChatMarket,
  a: string,
  b: string,
  window: PeriodWindow,
  language: ChatLanguage,
): Promise<ChatFigure | null> {
  const step = window.interval === "1h" ? HOUR : DAY;
  const count = Math.round((window.to - window.from) / step);
  if (count < FIGURE_MIN_CANDLES || count > FIGURE_MAX_CANDLES) return null;
  const shared = await compareCandles(market, a, b, window.interval, { to: window.to - step, limit: count });
  const first = shared.a[0];
  const last = shared.a.at(-1);
  if (!first || !last || shared.a.length < FIGURE_MIN_CANDLES) return null;
  return {
    url: compareFigureUrl(a, b, { interval: window.interval, to: last.time, count }),
    alt: compareFigureAlt(a, b, window.interval, first.time, last.time + step, language),
  };
}

const gap = (a: number | null, b: number | null) => (a === null || b === null ? null : round2(a - b));

/**
 * The chat tools over the product's market, news and FX data, for every model (function calling) and MountainLion:
 * tokenPrice, priceChange, candleStats, compareTokens, newsSearch, marketSentiment, topMovers, glossary, predict (a
 * coin's forecast with its record), coinProfile (a report's figures), aiScores (the AI score screen) and
 * setPriceAlarm (an alarm for the signed-in user) (their outputs in tool-outputs.ts). Each output carries its
 * figures and a citation: the market's provider and market time for prices, the window's end for a move over a
 * window, the last candle's close for candle statistics, the outlet and publication time for news. Windows ("7d",
 * "since:01-01", "today") are resolved at the market time (period.ts); prices in EUR or CNY use the reference rate in
 * force then (currency.ts). What the data does not hold (an unknown coin, no candles, an unknown term, no news) is an
 * output with found: false, never a throw.
 */
export function createChatTools(deps: ChatToolsDeps) {
  const { market, news, language } = deps;
  const marketCitation = (tool: string, view: ChatMarketView): ChatCitation => ({
    tool,
    source: view.source.provider,
    at: view.source.at,
  });
  const unknownSymbol = (tool: string, view: ChatMarketView, symbols: string[]): NotFoundOutput => ({
    found: false,
    reason: "unknownSymbol",
    query: symbols.join(", "),
    message: `${view.source.provider} has no market data for ${symbols.join(" or ")}`,
    available: view.listed.map((l) => l.coin.coinAbbr),
    citation: marketCitation(tool, view),
  });
  const badPeriod = (tool: string, view: ChatMarketView, period: string): NotFoundOutput => ({
    found: false,
    reason: "badPeriod",
    query: period,
    message: `"${period}" is not a window of time before the market time ${view.source.at}`,
    available: ["today", "7d", "30d", "3m", "mtd", "ytd", "since:01-01"],
    citation: marketCitation(tool, view),
  });
  const noCandles = (tool: string, view: ChatMarketView, query: string, available: string[]): NotFoundOutput => ({
    found: false,
    reason: "noCandles",
    query,
    message: `${view.source.provider} has no ${query} candles at this time`,
    available,
    citation: marketCitation(tool, view),
  });
  const fxAt = (currency: Parameters<typeof fxFor>[1], view: ChatMarketView) => fxFor(deps.fx, currency, view.at);

  return {
    tokenPrice: tool({
      description:
        "The latest price of a coin in USDT with its 1h, 24h and 7d change (percent), 24h volume, market cap and rank, " +
        "from the product's market data. With currency EUR or CNY, the price converted at the ECB reference rate in " +
        "force at the market time (fx names the rate and its date; rate null: none, the price stays in USDT). " +
        "Unknown coins answer found: false.",
      inputSchema: chatToolInputSchemas.tokenPrice,
      execute: async ({ symbol, currency }): Promise<TokenPriceOutput | NotFoundOutput> => {
        const view = market.view();
        const listed = findListed(view, symbol);
        if (!listed) return unknownSymbol("tokenPrice", view, [symbol.toUpperCase()]);
        const fx = await fxAt(currency, view);
        return { found: true, ...quoteOf(listed, fx), fx, citation: marketCitation("tokenPrice", view) };
      },
    }),

    priceChange: tool({
      description:
        "A coin's price move over a window of time before the market time (today, the past 7 days, 3 months, since " +
        "January): the exact window, the price at its start (the close before it) and at its end, the change in " +
        "percent, and the window's high and low with their times. Daily candles; hourly ones for today. With " +
        "currency EUR or CNY, the prices also converted at the ECB reference rate in force at the market time.",
      inputSchema: chatToolInputSchemas.priceChange,
      execute: async ({ symbol, period, currency }): Promise<PriceChangeOutput | NotFoundOutput> => {
        const view = market.view();
        const listed = findListed(view, symbol);
        if (!listed) return unknownSymbol("priceChange", view, [symbol.toUpperCase()]);
        const window = resolvePeriod(period, view.at);
        if (!window) return badPeriod("priceChange", view, period);
        const abbr = listed.coin.coinAbbr;
        const move = await periodMove(market, abbr, window);
        if (!move) return noCandles("priceChange", view, `${abbr} ${period}`, []);
        const fx = await fxAt(currency, view);
        return {
          found: true,
          symbol: abbr,
          name: listed.coin.coinName,
          move: moveOutput(move, fx),
          fx,
          // the move refers to the time up to its last candle's close
          citation: { tool: "priceChange", source: view.source.provider, at: iso(move.window.to) },
        };
      },
    }),

    candleStats: tool({
      description:
        "Statistics of a coin's latest completed candles: period change, high and low, trend (linear fit of the " +
        "closes and MA7/MA25), volatility (stdev of log returns) and support/resistance (swing lows/highs). " +
        "With period, the candles of that window (hourly for today) and the price move over it. " +
        "Describes past data; not a forecast. `figure` is a chart of these closes ({ url, alt }) to embed as a " +
        "markdown image with its url exactly as given.",
      inputSchema: chatToolInputSchemas.candleStats,
      execute: async ({ symbol, interval, count, period, currency }): Promise<CandleStatsOutput | NotFoundOutput> => {
        const view = market.view();
        const listed = findListed(view, symbol);
        if (!listed) return unknownSymbol("candleStats", view, [symbol.toUpperCase()]);
        const abbr = listed.coin.coinAbbr;
        const window = period === undefined ? undefined : resolvePeriod(period, view.at);
        if (period !== undefined && !window) return badPeriod("candleStats", view, period);
        // the hours of today cannot be read on daily candles
        const used = window?.interval === "1h" && interval === "1d" ? "1h" : interval;
        const step = INTERVAL_MS[used];
        const candles = await market.klines(
          abbr,
          used,
          window ? { from: window.from, to: window.to - step, limit: 1000 } : { limit: count ?? DEFAULT_CANDLES[used] },
        );
        if (candles.length < 2) {
          const others = (["1h", "4h", "1d"] as const).filter((i) => i !== used);
          const held = await Promise.all(
            others.map(async (i) => ((await market.klines(abbr, i, { limit: 2 })).length >= 2 ? [i] : [])),
          );
          return noCandles("candleStats", view, `${abbr} ${used}`, held.flat());
        }
        const stats = candleStatistics(candles, step);
        const ma = stats.movingAverages;
        const move = window ? await periodMove(market, abbr, window) : undefined;
        const fx = await fxAt(currency, view);
        const value = (usd: number) => converted(fx, usd) ?? usd;
        return {
          found: true,
          symbol: abbr,
          name: listed.coin.coinName,
          interval: used,
          count: stats.count,
          from: iso(stats.from),
          to: iso(stats.to),
          open: stats.open,
          close: stats.close,
          change: round2(stats.change) ?? 0,
          high: stats.high,
          highAt: iso(stats.highAt),
          low: stats.low,
          lowAt: iso(stats.lowAt),
          trend: {
            direction: stats.trend.direction,
            fitChangePercent: round2(stats.trend.fitChangePercent) ?? 0,
            r2: Math.round(stats.trend.r2 * 100) / 100,
          },
          movingAverages: {
            short: { period: ma.short.period, value: ma.short.value === null ? null : roundPrice(ma.short.value) },
            long: { period: ma.long.period, value: ma.long.value === null ? null : roundPrice(ma.long.value) },
            position: ma.position,
            lastCross: ma.lastCross ? { direction: ma.lastCross.direction, at: iso(ma.lastCross.at) } : null,
          },
          volatility: {
            perCandlePercent: round2(stats.volatility.perCandlePercent) ?? 0,
            annualizedPercent: round2(stats.volatility.annualizedPercent) ?? 0,
          },
          support: stats.support,
          resistance: stats.resistance,
          method: CANDLE_STATS_METHOD,
          figure: priceFigure(abbr, used, candles, language),
          window: window ? windowOutput(window) : null,
          move: move ? moveOutput(move, fx) : null,
          fx,
          converted: fx?.rate
            ? { open: value(stats.open), close: value(stats.close), high: value(stats.high), low: value(stats.low) }
            : null,
          // the candles refer to the time up to the last one's close
          citation: { tool: "candleStats", source: view.source.provider, at: iso(stats.to) },
        };
      },
    }),

    compareTokens: tool({
      description:
        "Compares two coins side by side: price, 1h/24h/7d change, volume, market cap, rank, the price ratio and the " +
        "gap between their changes (percentage points); with period, also both moves over that window and their gap. " +
        "`figure` is a chart of both closes normalised to 100 ({ url, alt }) to embed as a markdown image with its " +
        "url exactly as given.",
      inputSchema: chatToolInputSchemas.compareTokens,
      execute: async ({ a, b, period, currency }): Promise<CompareOutput | NotFoundOutput> => {
        const view = market.view();
        const left = findListed(view, a);
        const right = findListed(view, b);
        if (!left || !right) {
          const missing = [left ? undefined : a, right ? undefined : b].flatMap((s) => (s ? [s.toUpperCase()] : []));
          return unknownSymbol("compareTokens", view, missing);
        }
        const window = period === undefined ? undefined : resolvePeriod(period, view.at);
        if (period !== undefined && !window) return badPeriod("compareTokens", view, period);
        const fx = await fxAt(currency, view);
        const qa = quoteOf(left, fx);
        const qb = quoteOf(right, fx);
        let moves: CompareOutput["period"] = null;
        if (window) {
          const [ma, mb] = await Promise.all([
            periodMove(market, qa.symbol, window),
            periodMove(market, qb.symbol, window),
          ]);
          if (!ma) return noCandles("compareTokens", view, `${qa.symbol} ${window.period}`, []);
          if (!mb) return noCandles("compareTokens", view, `${qb.symbol} ${window.period}`, []);
          const [oa, ob] = [moveOutput(ma, fx), moveOutput(mb, fx)];
          moves = { a: oa, b: ob, gap: round2(oa.change - ob.change) ?? 0 };
        }
        // the chart is extra: a failing candle read leaves the comparison without it
        const figure = await (window
          ? windowFigure(market, qa.symbol, qb.symbol, window, language)
          : compareFigure(market, qa.symbol, qb.symbol, language)
        ).catch(() => null);
        return {
          found: true,
          a: qa,
          b: qb,
          priceRatio: roundPrice(qa.price / qb.price),
          changeGap: {
            change1h: gap(qa.change1h, qb.change1h),
            change24h: gap(qa.change24h, qb.change24h),
            change7d: gap(qa.change7d, qb.change7d),
          },
          figure,
          period: moves,
          fx,
          citation: marketCitation("compareTokens", view),
        };
      },
    }),

    newsSearch: tool({
      description:
        "Searches the product's news (headlines with their outlet and real publication time), newest first. A coin " +
        "(symbol or name) finds the items tagged with it or naming it; other words find the items holding them all " +
        "(FTX, SEC). With period, only the items of that window up to the market time, how many matched, and for a " +
        "coin its price move over the window's days. An empty query gives the latest.",
      inputSchema: chatToolInputSchemas.newsSearch,
      execute: async ({ query, limit, period }): Promise<NewsOutput | NotFoundOutput> => {
        const size = limit ?? DEFAULT_LIMIT;
        let view: ChatMarketView | undefined;
        try {
          view = market.view();
        } catch {
          view = undefined; // no market yet: search the words as they are, over all times
        }
        const coin = query && view ? findListed(view, query) : undefined;
        const window = period !== undefined && view ? resolvePeriod(period, view.at) : undefined;
        if (period !== undefined && view && !window) return badPeriod("newsSearch", view, period);
        // the news of a window runs from its start to the market time (the day so far included)
        const times = window && view ? { from: window.from, to: view.at } : {};
        const options = { limit: window ? NEWS_COUNTED : size, ...times };
        const abbr = coin?.coin.coinAbbr;
        const name = coin?.coin.coinName;
        const searches: Promise<NewsItem[]>[] = [];
        if (abbr) {
          searches.push(news.search("", { ...options, coin: abbr }));
          if (name && name.length >= 4 && name.toUpperCase() !== abbr) searches.push(news.search(name, options));
        } else if (query || window) {
          searches.push(news.search(query, options));
        } else {
          searches.push(news.latest({ limit: size }).then((page) => page.items));
        }
        const byId = new Map((await Promise.all(searches)).flat().map((item) => [item.id, item]));
        const all = [...byId.values()];
        // the chat's language first, where the source has items in it
        const wanted = language === "cn" ? "zh" : "en";
        const preferred = all.filter((item) => item.language === wanted);
        // newest first, equal times by id: the order the news port lists them in
        const found = (preferred.length > 0 ? preferred : all).sort(
          (x, y) => Date.parse(y.publishedAt) - Date.parse(x.publishedAt) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
        );
        const items = found
          .slice(0, size)
          .map((item) => ({ title: item.title, source: item.source, publishedAt: item.publishedAt, url: item.url }));
        const searched = [
          ...new Map([query, name, abbr].flatMap((w) => (w ? [[w.toLowerCase(), w] as const] : []))).values(),
        ];
        const newest = items[0];
        if (!window || !view) {
          if (!newest) {
            return {
              found: false,
              reason: "noNews",
              query,
              message: query ? `no news item matches "${query}"` : "no news items",
              available: [],
              citation: null,
            };
          }
          return {
            found: true,
            query,
            searched,
            mode: news.kind,
            items,
            window: null,
            coin: null,
            citation: { tool: "newsSearch", source: newest.source, at: newest.publishedAt },
          };
        }
        const move = abbr ? await periodMove(market, abbr, window) : undefined;
        return {
          found: true,
          query,
          searched,
          mode: news.kind,
          items,
          window: { from: iso(window.from), to: iso(view.at), total: found.length },
          coin: abbr && name ? { symbol: abbr, name, move: move ? moveOutput(move, null) : null } : null,
          citation: newest
            ? { tool: "newsSearch", source: newest.source, at: newest.publishedAt }
            : move
              ? { tool: "newsSearch", source: view.source.provider, at: iso(move.window.to) }
              : null,
        };
      },
    }),

    marketSentiment: tool({
      description:
        "The market's mood: the fear-and-greed index (0-100 with its band, today and the day before, and how it is " +
        "computed) and how many coins rose and fell over 24 h.",
      inputSchema: chatToolInputSchemas.marketSentiment,
      execute: async (): Promise<SentimentOutput> => {
        const body = sentimentEnvelope.parse(JSON.parse(market.hot().sentiment)).data;
        const [today, before] = body.Fear_and_Greed_Index.data;
        const reading = (day: typeof today) =>
          day ? { value: day.value, classification: day.value_classification, at: day.timestamp } : null;
        const top = body.TOP100_Currency_Index;
        return {
          found: true,
          fearGreed: reading(today),
          previous: reading(before),
          method: body.Fear_and_Greed_Index.method,
          rising: top.rising,
          falling: top.falling,
          counted: top.data.length,
          citation: { tool: "marketSentiment", source: body.source.provider, at: body.source.at },
        };
      },
    }),

    topMovers: tool({
      description:
        "What moved today: the coins with the biggest 24 h rise (direction up) or fall (down), with price and change.",
      inputSchema: chatToolInputSchemas.topMovers,
      execute: async ({ direction, limit }): Promise<MoversOutput> => {
        const view = market.view();
        const changed = view.listed.flatMap((l) =>
          l.ticker.change24h === null ? [] : [{ listed: l, change: l.ticker.change24h }],
        );
        const sign = direction === "up" ? 1 : -1;
        const movers = changed
          .filter((m) => sign * m.change > 0)
          .sort((x, y) => sign * (y.change - x.change))
          .slice(0, limit ?? DEFAULT_LIMIT)
          .map((m) => ({
            symbol: m.listed.coin.coinAbbr,
            name: m.listed.coin.coinName,
            price: m.listed.ticker.lastPrice,
            change24h: round2(m.change) ?? 0,
          }));
        return {
          found: true,
          direction,
          window: "24h",
          movers,
          counted: changed.length,
          citation: marketCitation("topMovers", view),
        };
      },
    }),

    technicalAnalysis: technicalAnalysisTool({ market, find: findListed }),

    predict: predictTool({ market, predictions: deps.predictions, find: findListed }),

    coinProfile: coinProfileTool({ market, find: findListed }),

    aiScores: aiScoresTool({ scores: deps.scores }),

    setPriceAlarm: priceAlarmTool({ market, alarms: deps.alarms, userId: deps.userId, find: findListed }),

    productHelp: tool({
      description:
        "Answers a question about this app itself (what it does, signing in, daily chat limits, where the data comes " +
        "from, how forecasts are tested, the Telegram bot's commands, languages, feedback, privacy) from its own help, " +
        "in English and Chinese. A question the help does not cover answers found: false with the questions it covers.",
      inputSchema: chatToolInputSchemas.productHelp,
      execute: async ({ question }): Promise<ProductHelpOutput | NotFoundOutput> => {
        const citation: ChatCitation = { tool: "productHelp", source: FAQ_SOURCE, at: FAQ_REVISED };
        const entry = findFaqEntry(question);
        if (!entry) {
          return {
            found: false,
            reason: "unknownTerm",
            query: question,
            message: "the help has no answer to that question; the user can send it with Feedback in the menu",
            available: FAQ.map((e) => (language === "cn" ? e.zh.question : e.en.question)),
            citation,
          };
        }
        return { found: true, id: entry.id, en: entry.en, zh: entry.zh, citation };
      },
    }),

    glossary: tool({
      description:
        "Explains a common crypto term (stablecoin, DeFi, market cap, halving, staking, ...) from the built-in glossary, " +
        "in English and Chinese. Unknown terms answer found: false with the terms it knows.",
      inputSchema: chatToolInputSchemas.glossary,
      execute: async ({ term }): Promise<GlossaryOutput | NotFoundOutput> => {
        const entry = findGlossaryEntry(term);
        const citation: ChatCitation = { tool: "glossary", source: GLOSSARY_SOURCE, at: GLOSSARY_REVISED };
        if (!entry) {
          return {
            found: false,
            reason: "unknownTerm",
            query: term,
            message: `"${term}" is not in the glossary`,
            available: GLOSSARY.map((e) => (language === "cn" ? e.zh.title : e.en.title)),
            citation,
          };
        }
        return {
          found: true,
          term,
          id: entry.id,
          en: entry.en,
          zh: entry.zh,
          related: entry.related.flatMap((id) => {
            const related = GLOSSARY.find((e) => e.id === id);
            return related ? [{ id, en: related.en.title, zh: related.zh.title }] : [];
          }),
          citation,
        };
      },
    }),
  };
}

export type ChatTools = ReturnType<typeof createChatTools>;

const sentimentEnvelope = z.object({ data: sentimentDataSchema });
const withCitation = z.object({ citation: chatCitationSchema });

/** The citation a tool's output carries, or null (an error, a not-found without a time, not a tool output). */
export function citationOf(output: unknown): ChatCitation | null {
  const parsed = withCitation.safeParse(output);
  return parsed.success ? parsed.data.citation : null;
}
