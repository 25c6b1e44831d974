import { tool } from "ai";
import { z } from "zod";
import { type ChatCitation, chatCitationSchema } from "../../../../contract/chat.ts";
import { sentimentDataSchema } from "../../../../contract/market.ts";
import { INTERVAL_MS } from "../../../providers/market/market-provider.ts";
import { compareFigure, priceFigure } from "../figures/figure-data.ts";
import { CANDLE_STATS_METHOD, candleStatistics } from "./candle-stats.ts";
import type { ChatListedCoin, ChatMarket, ChatMarketView, ChatNews } from "./chat-data.ts";
import { symbolOfName } from "./coin-names.ts";
import { findGlossaryEntry, GLOSSARY, GLOSSARY_REVISED, GLOSSARY_SOURCE } from "./glossary.ts";
import { technicalAnalysisTool } from "./technical-analysis.ts";
import type {
  CandleStatsOutput,
  CompareOutput,
  GlossaryOutput,
  MoversOutput,
  NewsOutput,
  NotFoundOutput,
  SentimentOutput,
  TokenPriceOutput,
  TokenQuote,
} from "./tool-outputs.ts";

export type ChatLanguage = "en" | "cn";

export interface ChatToolsDeps {
  market: ChatMarket;
  news: ChatNews;
  /** the chat's language: news in it where the source has some, glossary titles, summaries */
  language: ChatLanguage;
}

const symbolSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .describe("the coin's symbol, e.g. BTC (or its name, e.g. Bitcoin)");

export const chatToolInputSchemas = {
  tokenPrice: z.object({ symbol: symbolSchema }),
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
  }),
  compareTokens: z.object({ a: symbolSchema, b: symbolSchema }),
  newsSearch: z.object({
    query: z.string().trim().max(60).describe("words to search in headlines, e.g. a coin name; empty for the latest"),
    limit: z.number().int().min(1).max(10).optional().describe("how many items (default 5)"),
  }),
  marketSentiment: z.object({}),
  topMovers: z.object({
    direction: z.enum(["up", "down"]).describe("up: the biggest 24 h gainers; down: the biggest losers"),
    limit: z.number().int().min(1).max(10).optional().describe("how many coins (default 5)"),
  }),
  glossary: z.object({ term: z.string().trim().min(1).max(80).describe("the term to explain, e.g. stablecoin") }),
} as const;

const DEFAULT_CANDLES: Readonly<Record<"1h" | "4h" | "1d", number>> = { "1h": 48, "4h": 42, "1d": 30 };
const DEFAULT_LIMIT = 5;

const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const iso = (ms: number) => new Date(ms).toISOString();

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

function quoteOf(listed: ChatListedCoin): TokenQuote {
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
  };
}

const gap = (a: number | null, b: number | null) => (a === null || b === null ? null : round2(a - b));

/**
 * The chat tools over the product's market and news data, for every model (function calling) and MountainLion:
 * tokenPrice, candleStats, compareTokens, newsSearch, marketSentiment, topMovers and glossary (their outputs in
 * tool-outputs.ts). Each output carries its figures and a citation: the market's provider and market time for
 * prices, the last candle's close for candle statistics, the outlet and publication time for news. What the data
 * does not hold (an unknown coin, no candles, an unknown term, no news) is an output with found: false, never a throw.
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

  return {
    tokenPrice: tool({
      description:
        "The latest price of a coin in USDT with its 1h, 24h and 7d change (percent), 24h volume, market cap and rank, " +
        "from the product's market data. Unknown coins answer found: false.",
      inputSchema: chatToolInputSchemas.tokenPrice,
      execute: async ({ symbol }): Promise<TokenPriceOutput | NotFoundOutput> => {
        const view = market.view();
        const listed = findListed(view, symbol);
        if (!listed) return unknownSymbol("tokenPrice", view, [symbol.toUpperCase()]);
        return { found: true, ...quoteOf(listed), citation: marketCitation("tokenPrice", view) };
      },
    }),

    candleStats: tool({
      description:
        "Statistics of a coin's latest completed candles: period change, high and low, trend (linear fit of the " +
        "closes and MA7/MA25), volatility (stdev of log returns) and support/resistance (swing lows/highs). " +
        "Describes past data; not a forecast. `figure` is a chart of these closes ({ url, alt }) to embed as a " +
        "markdown image with its url exactly as given.",
      inputSchema: chatToolInputSchemas.candleStats,
      execute: async ({ symbol, interval, count }): Promise<CandleStatsOutput | NotFoundOutput> => {
        const view = market.view();
        const listed = findListed(view, symbol);
        if (!listed) return unknownSymbol("candleStats", view, [symbol.toUpperCase()]);
        const abbr = listed.coin.coinAbbr;
        const candles = await market.klines(abbr, interval, { limit: count ?? DEFAULT_CANDLES[interval] });
        if (candles.length < 2) {
          const others = (["1h", "4h", "1d"] as const).filter((i) => i !== interval);
          const held = await Promise.all(
            others.map(async (i) => ((await market.klines(abbr, i, { limit: 2 })).length >= 2 ? [i] : [])),
          );
          return {
            found: false,
            reason: "noCandles",
            query: `${abbr} ${interval}`,
            message: `${view.source.provider} has no ${interval} candles for ${abbr} at this time`,
            available: held.flat(),
            citation: marketCitation("candleStats", view),
          };
        }
        const stats = candleStatistics(candles, INTERVAL_MS[interval]);
        const ma = stats.movingAverages;
        return {
          found: true,
          symbol: abbr,
          name: listed.coin.coinName,
          interval,
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
          figure: priceFigure(abbr, interval, candles, language),
          // the candles refer to the time up to the last one's close
          citation: { tool: "candleStats", source: view.source.provider, at: iso(stats.to) },
        };
      },
    }),

    compareTokens: tool({
      description:
        "Compares two coins side by side: price, 1h/24h/7d change, volume, market cap, rank, the price ratio and the " +
        "gap between their changes (percentage points). `figure` is a chart of both closes normalised to 100 " +
        "({ url, alt }) to embed as a markdown image with its url exactly as given.",
      inputSchema: chatToolInputSchemas.compareTokens,
      execute: async ({ a, b }): Promise<CompareOutput | NotFoundOutput> => {
        const view = market.view();
        const left = findListed(view, a);
        const right = findListed(view, b);
        if (!left || !right) {
          const missing = [left ? undefined : a, right ? undefined : b].flatMap((s) => (s ? [s.toUpperCase()] : []));
          return unknownSymbol("compareTokens", view, missing);
        }
        const qa = quoteOf(left);
        const qb = quoteOf(right);
        // the chart is extra: a failing candle read leaves the comparison without it
        const figure = await compareFigure(market, qa.symbol, qb.symbol, language).catch(() => null);
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
          citation: marketCitation("compareTokens", view),
        };
      },
    }),

    newsSearch: tool({
      description:
        "Searches the product's news (headlines with their outlet and real publication time), newest first. A coin's " +
        "symbol or name also finds items naming it the other way (BTC finds Bitcoin). An empty query gives the latest.",
      inputSchema: chatToolInputSchemas.newsSearch,
      execute: async ({ query, limit }): Promise<NewsOutput | NotFoundOutput> => {
        const size = limit ?? DEFAULT_LIMIT;
        let coin: ChatListedCoin | undefined;
        try {
          coin = query ? findListed(market.view(), query) : undefined;
        } catch {
          coin = undefined; // no market yet: search the words as they are
        }
        const words = query ? [query, coin?.coin.coinName, coin?.coin.coinAbbr] : [""];
        const searched = [
          ...new Map(words.flatMap((w) => (w === undefined ? [] : [[w.toLowerCase(), w] as const]))).values(),
        ];
        const pages = await Promise.all(
          searched.map((keyword) =>
            news.realTime({ language, type: "news", keyword: keyword || undefined, pageSize: size }),
          ),
        );
        const byCode = new Map(pages.flatMap((page) => page.list).map((item) => [item.code, item]));
        const items = [...byCode.values()]
          .sort((x, y) => Date.parse(y.createTime) - Date.parse(x.createTime))
          .slice(0, size)
          .map((item) => ({ title: item.title, source: item.source, publishedAt: item.createTime, url: item.url }));
        const newest = items[0];
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
          searched: searched.filter((word) => word.length > 0),
          mode: pages[0]?.mode ?? "archive",
          items,
          citation: { tool: "newsSearch", source: newest.source, at: newest.publishedAt },
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
