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

const coinAbbr = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(20, { error: "invalidValue" })
  .regex(/^[A-Za-z0-9]+$/, { error: "invalidValue" })
  .transform((value) => value.toUpperCase());

/** Where a figure comes from and when: every market answer says it (the replay is labelled as such). */
export const marketSourceSchema = z.object({
  mode: z.enum(["replay", "live"]),
  /** "Binance (replay)", "Binance", "CoinGecko" */
  provider: z.string(),
  /** market time of the figures, ISO */
  at: z.string(),
});

/** One coin of getCoinList (spec §3 Coin). */
export const coinSchema = z.object({
  coinCode: z.string(),
  coinAbbr: z.string(),
  coinName: z.string(),
  /** an image URL; coins without one get a generated image (/v2/api/coin/image/<abbr>.svg) */
  coinImageUrl: z.string(),
  lastPrice: z.number(),
  /** 24 h change in percent; null when the data has no price 24 h back */
  change: z.number().nullable(),
});
export type Coin = z.infer<typeof coinSchema>;

export const coinListQuerySchema = z.object({
  keyword: z.string().trim().max(40).optional(),
  category: z.enum(dashboardCategories).default("total"),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const coinListDataSchema = z.object({
  list: z.array(coinSchema),
  total: z.number().int(),
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
  interval: z.enum(klineIntervals, { error: "invalidValue" }).default("1h"),
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
export const klineDataSchema = z.object({
  coinAbbr: z.string(),
  interval: z.enum(klineIntervals),
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
  source: marketSourceSchema,
});

/** getDashboardSupCategory: every category with how many coins of this market belong to it. */
export const categoryListDataSchema = z.object({
  list: z.array(z.object({ category: z.enum(dashboardCategories), count: z.number().int() })),
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
  TOP100_Currency_Index: z.object({
    data: z.array(z.object({ symbol: z.string(), changePercent24Hr: z.number() })),
    rising: z.number().int(),
    falling: z.number().int(),
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
