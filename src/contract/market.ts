import { z } from "zod";
import { fearGreedClasses } from "./fear-greed.ts";

/** Market data (spec §3 Coin and token dashboard, §7 calls). Prices in USDT; changes in percent. */

export const klineIntervals = ["1h", "4h", "1d"] as const;
export type KlineInterval = (typeof klineIntervals)[number];

/** The dashboard categories of spec §2. */
export const dashboardCategories = [
  "total",
  "hot",
  "gainer",
  "meme",
  "ai_agent",
  "ai",
  "rwa",
  "depin",
  "defai",
  "gaming",
] as const;
export type DashboardCategory = (typeof dashboardCategories)[number];

/** A coin's symbol as a query or body field: letters and digits, upper-cased. */
export const coinAbbrSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(20, { error: "invalidValue" })
  .regex(/^[A-Za-z0-9]+$/, { error: "invalidValue" })
  .transform((value) => value.toUpperCase());
const coinAbbr = coinAbbrSchema;

/** Where a figure comes from and when: every market answer says it (the replay is labelled as such). */
export const marketSourceSchema = z.object({
  mode: z.enum(["replay", "live"]),
  /** "Binance (replay)", "Binance", "CoinGecko" */
  provider: z.string(),
  /** market time of the figures, ISO */
  at: z.string(),
});

/**
 * One coin of getCoinList (spec §3 Coin), with the token dashboard's figures a list shows beside it. Every figure
 * the data does not hold is null, never guessed.
 */
export const coinSchema = z.object({
  coinCode: z.string(),
  coinAbbr: z.string(),
  coinName: z.string(),
  /** an image URL; coins without one get a generated image (/v2/api/coin/image/<abbr>.svg) */
  coinImageUrl: z.string(),
  lastPrice: z.number(),
  /** 24 h change in percent; null when the data has no price 24 h back */
  change: z.number().nullable(),
  /** 1 h and 7 d change in percent; null when the data has no price that far back */
  change1h: z.number().nullable(),
  change7d: z.number().nullable(),
  /** 24 h volume in USDT; null where the data has no volume for the window */
  volume24h: z.number().nullable(),
  /** circulating supply × last price, USDT; null when the supply is unknown */
  marketCap: z.number().nullable(),
  /** market-cap rank as the data's stats date observed it; null for a coin outside the ranked list */
  rank: z.number().int().nullable(),
});
export type Coin = z.infer<typeof coinSchema>;

/** How many coins the computed categories hold: hot = highest 24 h USDT volume, gainer = highest 24 h rise. */
export const HOT_CATEGORY_SIZE = 20;
export const GAINER_CATEGORY_SIZE = 20;

/**
 * Why a category has no coin: `untagged` no coin of the market's data carries the category's tag (the replay's
 * tags are fixed; a live source may tag some), `noneRose` no coin rose over 24 h (gainer), `noPrices` no coin has
 * the figure the category ranks by at the market time.
 */
export const categoryEmptyReasonCodes = ["untagged", "noneRose", "noPrices"] as const;
export const categoryEmptyReasonSchema = z.object({
  code: z.enum(categoryEmptyReasonCodes),
  /** the reason in English, for readers of the API; the app words it in the reader's language */
  text: z.string(),
});
export type CategoryEmptyReason = z.infer<typeof categoryEmptyReasonSchema>;

/** How a category is made (its rule) and, when it is empty, why. */
const categoryFacts = {
  /** which coins belong and in what order, in English */
  rule: z.string(),
  /** null when the category has coins */
  reason: categoryEmptyReasonSchema.nullable(),
};

export const coinListQuerySchema = z.object({
  keyword: z.string().trim().max(40).optional(),
  category: z.enum(dashboardCategories).default("total"),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const coinListDataSchema = z.object({
  list: z.array(coinSchema),
  total: z.number().int(),
  category: z.enum(dashboardCategories),
  /** the category's rule, and why it is empty when it has no coin (a keyword without a match is not a reason) */
  ...categoryFacts,
  source: marketSourceSchema,
});

export const symbolSearchQuerySchema = z.object({ keyword: z.string().trim().min(1, { error: "required" }).max(40) });
export const symbolSearchDataSchema = z.object({ list: z.array(coinSchema), source: marketSourceSchema });

export const realTimePriceQuerySchema = z.object({
  /** comma-separated abbreviations, e.g. BTC,ETH */
  coinAbbr: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(400)
    .regex(/^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$/, { error: "invalidValue" }),
});
export const realTimePriceDataSchema = z.object({
  list: z.array(z.object({ coinAbbr: z.string(), lastPrice: z.number(), change: z.number().nullable() })),
  source: marketSourceSchema,
});

export const klineQuerySchema = z.object({
  coinAbbr,
  /** one of the coin's intervals (see `intervals` of the answer); absent, the finest the coin has */
  interval: z.enum(klineIntervals, { error: "invalidValue" }).optional(),
  /** ms timestamps */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export const candleSchema = z.object({
  /** open time, ms */
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type CandleData = z.infer<typeof candleSchema>;
/** The candle intervals the data holds for a coin, finest first: ["1h", "4h", "1d"], or ["1d"] for daily data only. */
const coinIntervalsSchema = z.array(z.enum(klineIntervals)).min(1);
export const klineDataSchema = z.object({
  coinAbbr: z.string(),
  interval: z.enum(klineIntervals),
  intervals: coinIntervalsSchema,
  list: z.array(candleSchema),
  source: marketSourceSchema,
});

export const tokenInfoQuerySchema = z.object({ coinAbbr });
/** dashboard/token/info: the token page's figures (spec §3 token dashboard). */
export const tokenInfoDataSchema = z.object({
  coin: coinSchema,
  price: z.number(),
  change1h: z.number().nullable(),
  change24h: z.number().nullable(),
  change7d: z.number().nullable(),
  /** 24 h volume in USDT */
  volume24h: z.number().nullable(),
  /** USDT; null when circulating supply is unknown */
  marketCap: z.number().nullable(),
  rank: z.number().int().nullable(),
  categories: z.array(z.string()),
  /** a short factual description, or null when none is known */
  narrative: z.string().nullable(),
  /** 0-100 AI score; null until the scoring work exists */
  aiScore: z.number().nullable(),
  /** the chart's intervals for this coin, finest first */
  intervals: coinIntervalsSchema,
  /** the coins whose data has hourly candles when only some have (the chart names them); null when all have */
  hourlyCoins: z.array(z.string()).nullable(),
  /** when rank and circulating supply (hence the market cap's supply) were observed, ISO; null when unknown */
  statsAsOf: z.string().nullable(),
  source: marketSourceSchema,
});

/** getDashboardSupCategory: every category with how many coins of this market belong to it, its rule, and why an
 * empty one is empty. */
export const categoryListDataSchema = z.object({
  list: z.array(z.object({ category: z.enum(dashboardCategories), count: z.number().int(), ...categoryFacts })),
  source: marketSourceSchema,
});

/** getCoinSentiment (spec §3 Sentiment). */
export const sentimentDataSchema = z.object({
  Fear_and_Greed_Index: z.object({
    data: z.array(
      z.object({
        value: z.number().int(),
        value_classification: z.enum(fearGreedClasses),
        timestamp: z.string(),
      }),
    ),
    /** how the index is computed on this deployment */
    method: z.string(),
  }),
  /**
   * Every coin of the market with a known 24 h change (the name is the spec's; the market may hold more or fewer
   * than 100): rising + falling + unchanged = data.length = counted.
   */
  TOP100_Currency_Index: z.object({
    data: z.array(z.object({ symbol: z.string(), changePercent24Hr: z.number() })),
    rising: z.number().int(),
    falling: z.number().int(),
    unchanged: z.number().int(),
    /** the coins counted: those with a 24 h change */
    counted: z.number().int(),
    /** the coins the market prices, counted or not */
    universe: z.number().int(),
  }),
  source: marketSourceSchema,
});

/** market/status: what the UI labels the market with (the replay says so on screen). */
export const marketStatusDataSchema = z.object({
  mode: z.enum(["replay", "live"]),
  /** "Replay market · 2026-03-02" for the replay */
  label: z.string(),
  /** the market date, YYYY-MM-DD, so each language can word its own label */
  date: z.string(),
  at: z.string(),
});

/** The first event of the live channel: the market status and the language the stream speaks. */
export const helloEventSchema = z.object({ market: marketStatusDataSchema, lang: z.enum(["en", "cn"]) });

/** Pushed over the live channel (GET push, Server-Sent Events). */
export const tickEventSchema = z.object({
  at: z.string(),
  /** the market status of this refresh: when the source switched (replay, live), the label and lists follow it */
  market: marketStatusDataSchema.optional(),
  ticks: z.array(z.object({ coinAbbr: z.string(), lastPrice: z.number(), change: z.number().nullable() })),
});
