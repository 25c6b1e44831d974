import { z } from "zod";
import { chatCitationSchema } from "../../../../contract/chat.ts";
import { aiScoreBands, aiScorePartIds, aiScoreValidationSchema } from "../../../../contract/score.ts";
import { chatFigureSchema } from "../figures/figure-url.ts";
import { fxOutputSchema } from "./currency.ts";

/**
 * The outputs of the chat tools: JSON with the figures and a citation (the tool, the source it names and the time
 * the data refers to). Declared as schemas so that a model reading them back (MountainLion) checks what it reads.
 * Prices are in USDT, changes in percent rounded to two decimals, times ISO 8601 UTC.
 */

/** Something asked for that the data does not hold: an unknown coin, no candles, an unknown term, no news. */
export const notFoundOutputSchema = z.object({
  found: z.literal(false),
  /**
   * badPeriod: a window that is not one at the market time (a day to come, 30 February); notAvailable: this server
   * has no forecasts or scores; notEnoughHistory: a coin too new for a tested forecast
   */
  reason: z.enum([
    "unknownSymbol",
    "noCandles",
    "unknownTerm",
    "noNews",
    "badPeriod",
    "notAvailable",
    "notEnoughHistory",
  ]),
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
  /** the price in the currency asked for (see the output's fx); null in US dollars or without a rate */
  converted: z.object({ price: z.number() }).nullable(),
});
export type TokenQuote = z.infer<typeof tokenQuoteSchema>;

export const tokenPriceOutputSchema = tokenQuoteSchema.extend({
  found: z.literal(true),
  /** the conversion asked for: the currency and the rate in force at the market time; null for US dollars */
  fx: fxOutputSchema.nullable(),
  citation: chatCitationSchema,
});
export type TokenPriceOutput = z.infer<typeof tokenPriceOutputSchema>;

/** A window of time resolved at the market time (see period.ts). */
export const periodWindowSchema = z.object({
  /** the period asked for: today, 7d, 3m, mtd, ytd, since:01-15 */
  period: z.string(),
  /** the candles that measure it: hourly for today, else daily */
  interval: z.enum(["1h", "1d"]),
  /** the start of the first candle and the end of the last, ISO 8601 */
  from: z.string(),
  to: z.string(),
  /** how long it is: whole days (1d) or hours (1h) */
  length: z.number(),
});
export type PeriodWindowOutput = z.infer<typeof periodWindowSchema>;

/** A coin's price move over a window: from the close before it to its last close, with its high and low. */
export const periodMoveSchema = z.object({
  window: periodWindowSchema,
  /** partial: the coin's data begins inside the window; noIntraday: no hourly candles, so the last whole day */
  note: z.enum(["partial", "noIntraday"]).nullable(),
  /** the price at the window's start: the close before it (the first open when the data begins inside it) */
  start: z.number(),
  end: z.number(),
  /** percent, two decimals */
  change: z.number(),
  high: z.number(),
  highAt: z.string(),
  low: z.number(),
  lowAt: z.string(),
  candles: z.number(),
  /** the prices in the currency asked for; null in US dollars or without a rate */
  converted: z.object({ start: z.number(), end: z.number(), high: z.number(), low: z.number() }).nullable(),
});
export type PeriodMoveOutput = z.infer<typeof periodMoveSchema>;

export const priceChangeOutputSchema = z.object({
  found: z.literal(true),
  symbol: z.string(),
  name: z.string(),
  move: periodMoveSchema,
  fx: fxOutputSchema.nullable(),
  /** the market's source, at the end of the window */
  citation: chatCitationSchema,
});
export type PriceChangeOutput = z.infer<typeof priceChangeOutputSchema>;

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
  /** with a period: both coins' moves over the window and a's change minus b's (percentage points) */
  period: z.object({ a: periodMoveSchema, b: periodMoveSchema, gap: z.number() }).nullable(),
  fx: fxOutputSchema.nullable(),
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
  /** with a period: the window the candles were read in, and the price move over it (close before to last close) */
  window: periodWindowSchema.nullable(),
  move: periodMoveSchema.nullable(),
  fx: fxOutputSchema.nullable(),
  /** open, close, high and low in the currency asked for; null in US dollars or without a rate */
  converted: z.object({ open: z.number(), close: z.number(), high: z.number(), low: z.number() }).nullable(),
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
  /**
   * with a period: the window searched (its start to the market time) and how many items matched in it (at most
   * 100 counted); `items` is then empty when none did
   */
  window: z.object({ from: z.string(), to: z.string(), total: z.number() }).nullable(),
  /** when the query names a priced coin: it, and its price move over the window's days (null without candles) */
  coin: z.object({ symbol: z.string(), name: z.string(), move: periodMoveSchema.nullable() }).nullable(),
  /** the newest item's outlet and publication time; with no item, the market's source for the coin's move */
  citation: chatCitationSchema.nullable(),
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

const ci95 = z.tuple([z.number(), z.number()]).nullable();

/**
 * A coin's price forecast as the Predict page shows it: the steps with their 80 % band, and the record that goes
 * with it (the walk-forward backtest on unseen data, the live record of stored forecasts judged since).
 */
export const predictOutputSchema = z.object({
  found: z.literal(true),
  symbol: z.string(),
  name: z.string(),
  /** the steps' interval: hourly (48 steps) or daily (7 steps) */
  interval: z.enum(["1h", "1d"]),
  /** the interval asked for when the coin cannot be forecast in it (the answer is then in `interval`); else null */
  unavailableInterval: z.enum(["1h", "1d"]).nullable(),
  /** the last completed candle the forecast saw: its open time and close */
  origin: z.object({ time: z.string(), close: z.number() }),
  steps: z.array(
    z.object({ step: z.number(), time: z.string(), forecast: z.number(), lo80: z.number(), hi80: z.number() }),
  ),
  /** beatsNaive false: no model beat "no change" on this coin, so the forecast is "no change" itself */
  model: z.object({ name: z.string(), version: z.string(), beatsNaive: z.boolean() }),
  backtest: z.object({
    from: z.string(),
    to: z.string(),
    origins: z.number(),
    horizon: z.number(),
    /** model MAE / "no change" MAE: below 1 the model beats "no change" */
    maeRatio: z.number(),
    /** 0..1 */
    directionAccuracy: z.number().nullable(),
    directionCalls: z.number(),
    directionCi95: ci95,
    /** share of actual closes inside the 80 % band, 0..1 */
    coverage80: z.number(),
  }),
  live: z.object({
    windowMs: z.number(),
    judged: z.number(),
    calls: z.number(),
    winRate: z.number().nullable(),
    winRateCi95: ci95,
    coverage80: z.number().nullable(),
  }),
  /** the Predict page of this coin, a path of the app */
  page: z.string(),
  citation: chatCitationSchema,
});
export type PredictOutput = z.infer<typeof predictOutputSchema>;

/** A coin's figures for a research report: overview, returns, volatility, drawdown and correlation with a benchmark. */
export const coinProfileOutputSchema = z.object({
  found: z.literal(true),
  symbol: z.string(),
  name: z.string(),
  price: z.number(),
  priceTime: z.string(),
  rank: z.number().nullable(),
  marketCap: z.number().nullable(),
  rankAsOf: z.string().nullable(),
  /** the dashboard categories holding the coin (hot and gainer are today's lists); null when the market has none */
  categories: z.array(z.string()).nullable(),
  /** the market time the profile was read at */
  asOf: z.string(),
  /** daily returns over 7, 30 and 90 days: last close / the close that many days earlier − 1, percent */
  returns: z.array(z.object({ days: z.number(), change: z.number().nullable() })),
  volatility: z.object({ days: z.number(), dailyPercent: z.number(), annualizedPercent: z.number() }).nullable(),
  maxDrawdown: z
    .object({
      days: z.number(),
      percent: z.number(),
      peak: z.number(),
      peakAt: z.string(),
      trough: z.number(),
      troughAt: z.string(),
    })
    .nullable(),
  /** Pearson correlation of daily returns with the benchmark's on the same days */
  correlation: z.object({ benchmark: z.string(), days: z.number(), value: z.number() }).nullable(),
  /** the first and last daily candle read */
  from: z.string(),
  to: z.string(),
  method: z.string(),
  citation: chatCitationSchema,
});
export type CoinProfileOutput = z.infer<typeof coinProfileOutputSchema>;

export const aiScoresOutputSchema = z.object({
  found: z.literal(true),
  category: z.string(),
  /** the filters applied, as given */
  filters: z.object({
    minScore: z.number().nullable(),
    maxRank: z.number().nullable(),
    minRank: z.number().nullable(),
    volatility: z.enum(["low", "high"]).nullable(),
  }),
  /** how the volatility filter was applied (the median of the category's scored coins), or null */
  volatilityRule: z.string().nullable(),
  /** scored coins in the category, and how many passed the filters */
  counted: z.number(),
  matched: z.number(),
  rows: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      rank: z.number().nullable(),
      marketCap: z.number().nullable(),
      score: z.number(),
      band: z.enum(aiScoreBands),
      parts: z.array(
        z.object({
          id: z.enum(aiScorePartIds),
          points: z.number(),
          weight: z.number(),
          value: z.number().nullable(),
          unit: z.string(),
        }),
      ),
    }),
  ),
  /** the score's record: mean weekly Spearman rank correlation with the next week's returns */
  validation: aiScoreValidationSchema.nullable(),
  asOf: z.string(),
  citation: chatCitationSchema,
});
export type AiScoresOutput = z.infer<typeof aiScoresOutputSchema>;

const helpTextSchema = z.object({ question: z.string(), answer: z.string() });
/** productHelp: the product's own help entry a question is about, in both languages. */
export const productHelpOutputSchema = z.object({
  found: z.literal(true),
  id: z.string(),
  en: helpTextSchema,
  zh: helpTextSchema,
  citation: chatCitationSchema,
});
export type ProductHelpOutput = z.infer<typeof productHelpOutputSchema>;

/** setPriceAlarm: the alarm set for the signed-in user, as the alarm service stored it. */
export const priceAlarmSetOutputSchema = z.object({
  set: z.literal(true),
  alarm: z.object({
    id: z.number(),
    symbol: z.string(),
    /** "ETH/USDT" */
    pair: z.string(),
    kind: z.enum(["price", "percent"]),
    direction: z.enum(["above", "below"]),
    /** the target price in USDT */
    target: z.number(),
    /** the move asked for, in percent (kind percent), else null */
    percent: z.number().nullable(),
    /** the price when it was set, USDT */
    basePrice: z.number(),
  }),
  /** the market feed the price comes from and the market time it was read at */
  citation: chatCitationSchema,
});
export type PriceAlarmSetOutput = z.infer<typeof priceAlarmSetOutputSchema>;

/**
 * setPriceAlarm, when no alarm was set: signIn (a visitor: alarms belong to an account), notAvailable (this server
 * has no alarms), needTarget (neither a price nor a move given), refused (the alarm service said no: `key` is its
 * message key, alarmUnknownCoin, alarmPriceAbsurd, ...).
 */
export const priceAlarmRefusedOutputSchema = z.object({
  set: z.literal(false),
  reason: z.enum(["signIn", "notAvailable", "needTarget", "refused"]),
  key: z.string().nullable(),
  query: z.string(),
  message: z.string(),
  citation: chatCitationSchema.nullable(),
});
export type PriceAlarmRefusedOutput = z.infer<typeof priceAlarmRefusedOutputSchema>;

/** Each tool's output schema (found or not found), by tool name. */
export const toolOutputSchemas = {
  tokenPrice: z.union([tokenPriceOutputSchema, notFoundOutputSchema]),
  priceChange: z.union([priceChangeOutputSchema, notFoundOutputSchema]),
  candleStats: z.union([candleStatsOutputSchema, notFoundOutputSchema]),
  compareTokens: z.union([compareOutputSchema, notFoundOutputSchema]),
  newsSearch: z.union([newsOutputSchema, notFoundOutputSchema]),
  marketSentiment: sentimentOutputSchema,
  topMovers: moversOutputSchema,
  glossary: z.union([glossaryOutputSchema, notFoundOutputSchema]),
  predict: z.union([predictOutputSchema, notFoundOutputSchema]),
  coinProfile: z.union([coinProfileOutputSchema, notFoundOutputSchema]),
  aiScores: z.union([aiScoresOutputSchema, notFoundOutputSchema]),
  productHelp: z.union([productHelpOutputSchema, notFoundOutputSchema]),
  setPriceAlarm: z.union([priceAlarmSetOutputSchema, priceAlarmRefusedOutputSchema]),
} as const;
export type ChatToolName = keyof typeof toolOutputSchemas;

export const isChatToolName = (name: string): name is ChatToolName => Object.hasOwn(toolOutputSchemas, name);
