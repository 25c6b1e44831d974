import { z } from "zod";
import { chatCitationSchema } from "../../../../contract/chat.ts";
import { chatFigureSchema } from "../figures/figure-url.ts";

/**
 * The outputs of the chat tools: JSON with the figures and a citation (the tool, the source it names and the time
 * the data refers to). Declared as schemas so that a model reading them back (MountainLion) checks what it reads.
 * Prices are in USDT, changes in percent rounded to two decimals, times ISO 8601 UTC.
 */

/** Something asked for that the data does not hold: an unknown coin, no candles, an unknown term, no news. */
export const notFoundOutputSchema = z.object({
  found: z.literal(false),
  reason: z.enum(["unknownSymbol", "noCandles", "unknownTerm", "noNews"]),
  /** what was asked for: the symbol(s), the term, the query */
  query: z.string(),
  message: z.string(),
  /** what can be asked instead: the priced symbols, the glossary's terms */
  available: z.array(z.string()),
  /** the source that was asked and its time; null where no time applies */
  citation: chatCitationSchema.nullable(),
});
export type NotFoundOutput = z.infer<typeof notFoundOutputSchema>;

export const tokenQuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number(),
  /** when the price was observed (the close of the candle it is the close of) */
  priceTime: z.string(),
  change1h: z.number().nullable(),
  change24h: z.number().nullable(),
  change7d: z.number().nullable(),
  /** 24 h volume in USDT */
  volume24h: z.number().nullable(),
  /** price × circulating supply, USDT */
  marketCap: z.number().nullable(),
  rank: z.number().nullable(),
  /** when the rank and supply were observed (not the market time) */
  rankAsOf: z.string().nullable(),
});
export type TokenQuote = z.infer<typeof tokenQuoteSchema>;

export const tokenPriceOutputSchema = tokenQuoteSchema.extend({
  found: z.literal(true),
  citation: chatCitationSchema,
});
export type TokenPriceOutput = z.infer<typeof tokenPriceOutputSchema>;

export const compareOutputSchema = z.object({
  found: z.literal(true),
  a: tokenQuoteSchema,
  b: tokenQuoteSchema,
  /** how many b one a buys */
  priceRatio: z.number(),
  /** a's change minus b's, in percentage points */
  changeGap: z.object({
    change1h: z.number().nullable(),
    change24h: z.number().nullable(),
    change7d: z.number().nullable(),
  }),
  /**
   * both coins' closing prices normalised to 100 at the start (a week of 4h candles, else a month of daily ones),
   * as an SVG chart to embed as a markdown image; null when they share too few candles
   */
  figure: chatFigureSchema.nullable(),
  citation: chatCitationSchema,
});
export type CompareOutput = z.infer<typeof compareOutputSchema>;

export const candleStatsOutputSchema = z.object({
  found: z.literal(true),
  symbol: z.string(),
  name: z.string(),
  interval: z.enum(["1h", "4h", "1d"]),
  count: z.number(),
  /** open time of the first candle and close time of the last */
  from: z.string(),
  to: z.string(),
  open: z.number(),
  close: z.number(),
  change: z.number(),
  high: z.number(),
  highAt: z.string(),
  low: z.number(),
  lowAt: z.string(),
  trend: z.object({
    direction: z.enum(["up", "down", "sideways"]),
    /** the fitted line's move over the window, percent of the mean close */
    fitChangePercent: z.number(),
    r2: z.number(),
  }),
  movingAverages: z.object({
    short: z.object({ period: z.number(), value: z.number().nullable() }),
    long: z.object({ period: z.number(), value: z.number().nullable() }),
    position: z.enum(["above", "below", "equal"]).nullable(),
    lastCross: z.object({ direction: z.enum(["up", "down"]), at: z.string() }).nullable(),
  }),
  volatility: z.object({ perCandlePercent: z.number(), annualizedPercent: z.number() }),
  support: z.array(z.number()),
  resistance: z.array(z.number()),
  method: z.string(),
  /** the closing prices of these candles (the last 200 at most) as an SVG chart; null with fewer than 10 */
  figure: chatFigureSchema.nullable(),
  citation: chatCitationSchema,
});
export type CandleStatsOutput = z.infer<typeof candleStatsOutputSchema>;

export const newsOutputSchema = z.object({
  found: z.literal(true),
  query: z.string(),
  /** the words searched: the query, and a coin's name and symbol when the query names a priced coin */
  searched: z.array(z.string()),
  /** "archive": the shipped headlines with their real dates; "live": feeds */
  mode: z.enum(["archive", "live"]),
  items: z.array(
    z.object({
      title: z.string(),
      source: z.string(),
      publishedAt: z.string(),
      url: z.string().nullable(),
    }),
  ),
  /** the newest item's outlet and publication time */
  citation: chatCitationSchema,
});
export type NewsOutput = z.infer<typeof newsOutputSchema>;

const fearGreedReadingSchema = z.object({ value: z.number(), classification: z.string(), at: z.string() });

export const sentimentOutputSchema = z.object({
  found: z.literal(true),
  fearGreed: fearGreedReadingSchema.nullable(),
  /** the reading of the day before, for the change */
  previous: fearGreedReadingSchema.nullable(),
  method: z.string(),
  /** coins up, down over 24 h, of `counted` with a known 24 h change */
  rising: z.number(),
  falling: z.number(),
  counted: z.number(),
  citation: chatCitationSchema,
});
export type SentimentOutput = z.infer<typeof sentimentOutputSchema>;

export const moversOutputSchema = z.object({
  found: z.literal(true),
  direction: z.enum(["up", "down"]),
  /** the window of the change */
  window: z.literal("24h"),
  movers: z.array(z.object({ symbol: z.string(), name: z.string(), price: z.number(), change24h: z.number() })),
  /** how many priced coins have a known 24 h change */
  counted: z.number(),
  citation: chatCitationSchema,
});
export type MoversOutput = z.infer<typeof moversOutputSchema>;

const glossaryTextSchema = z.object({ title: z.string(), definition: z.string() });

export const glossaryOutputSchema = z.object({
  found: z.literal(true),
  term: z.string(),
  id: z.string(),
  en: glossaryTextSchema,
  zh: glossaryTextSchema,
  /** related entries, by id with their titles */
  related: z.array(z.object({ id: z.string(), en: z.string(), zh: z.string() })),
  citation: chatCitationSchema,
});
export type GlossaryOutput = z.infer<typeof glossaryOutputSchema>;

/** Each tool's output schema (found or not found), by tool name. */
export const toolOutputSchemas = {
  tokenPrice: z.union([tokenPriceOutputSchema, notFoundOutputSchema]),
  candleStats: z.union([candleStatsOutputSchema, notFoundOutputSchema]),
  compareTokens: z.union([compareOutputSchema, notFoundOutputSchema]),
  newsSearch: z.union([newsOutputSchema, notFoundOutputSchema]),
  marketSentiment: sentimentOutputSchema,
  topMovers: moversOutputSchema,
  glossary: z.union([glossaryOutputSchema, notFoundOutputSchema]),
} as const;
export type ChatToolName = keyof typeof toolOutputSchemas;

export const isChatToolName = (name: string): name is ChatToolName => Object.hasOwn(toolOutputSchemas, name);
