import { z } from "zod";
import { API_PREFIX } from "./constants.ts";
import { coinAbbrSchema } from "./market.ts";
import { forecastModelSchema } from "./predict.ts";

/**
 * The research report (spec §2 research-report agent, §2 /reportShareDetail/{code}, §7 share/pic/report and
 * report/pdf/download/users): a coin's figures computed from the app's own data (market, daily candles, news,
 * the forecast with its record), never prose from a model. Every figure names its source and the time it is of,
 * and a stored report is a snapshot: its page and its PDF keep showing the figures of the day it was made.
 */

/** The report's languages, as the spec's `language` parameters spell them. */
export const reportLanguages = ["en", "cn"] as const;
export type ReportLanguage = (typeof reportLanguages)[number];

/** The period returns a report lists, in days. */
export const REPORT_RETURN_DAYS = [7, 30, 90] as const;
/** Days of daily returns behind the volatility figure (annualised over 365 trading days: crypto never closes). */
export const REPORT_VOLATILITY_DAYS = 30;
/** Days the drawdown and the correlation with BTC look back over. */
export const REPORT_LOOKBACK_DAYS = 90;
/** Days of tagged news a report lists, back from the market time. */
export const REPORT_NEWS_DAYS = 14;
/** At most this many news items. */
export const REPORT_NEWS_MAX = 8;

/** A share's code: 16 base62 characters (about 95 random bits), so a report cannot be found by guessing. */
export const REPORT_CODE_LENGTH = 16;
export const reportCodeSchema = z.string().regex(new RegExp(`^[A-Za-z0-9]{${REPORT_CODE_LENGTH}}$`));

/** Where the figures come from: the market snapshot, its daily candles, the news source, the forecast engine. */
export const reportSourceIds = ["market", "candles", "news", "forecast"] as const;
export type ReportSourceId = (typeof reportSourceIds)[number];

export const reportSourceSchema = z.object({
  id: z.enum(reportSourceIds),
  /** "Binance (replay)", "news archive", "theta model v3", ... */
  name: z.string(),
  /** replay: past market data replayed; live: read from the source now; archive: shipped past headlines */
  mode: z.enum(["replay", "live", "archive"]),
  /** the time the source's figures are of, ISO */
  at: z.string(),
});
export type ReportSource = z.infer<typeof reportSourceSchema>;

/** One figure with its source and the time it is of; null when the data does not hold it (never guessed). */
export const reportFigureSchema = z.object({
  value: z.number().nullable(),
  source: z.enum(reportSourceIds),
  /** ISO */
  at: z.string(),
});
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export const reportOverviewSchema = z.object({
  /** USDT */
  price: reportFigureSchema,
  /** percent */
  change24h: reportFigureSchema,
  change7d: reportFigureSchema,
  /** USDT: circulating supply × price */
  marketCap: reportFigureSchema,
  /** USDT over 24 h */
  volume24h: reportFigureSchema,
  /** market-cap rank, as the data's stats date observed it */
  rank: reportFigureSchema,
  /** the market's category tags ("meme", "ai", ...) */
  categories: z.array(z.string()),
  /** the sector the data tags ("layer1", "defi", ...); null when unknown */
  sector: z.string().nullable(),
});

export const reportReturnSchema = z.object({
  days: z.number().int(),
  /** percent, close to close; null when the data has no daily close that far back */
  change: reportFigureSchema,
  /** the daily candle compared with (its open time, ISO); null with no such candle */
  from: z.string().nullable(),
});

export const reportPointSchema = z.object({ time: z.string(), close: z.number() });

export const reportVolatilitySchema = z.object({
  /** annualised standard deviation of the last 30 daily log returns, percent */
  volatility30d: reportFigureSchema,
  /** the same figure of BTC; null in BTC's own report */
  btcVolatility30d: reportFigureSchema.nullable(),
  /** the largest fall from a daily close to a later one within 90 days, percent (0 or below) */
  maxDrawdown90d: reportFigureSchema,
  /** the close the fall started from and the lowest close after it; null without a fall */
  drawdownPeak: reportPointSchema.nullable(),
  drawdownTrough: reportPointSchema.nullable(),
});

export const reportCorrelationSchema = z.object({
  /** Pearson correlation of daily log returns with BTC's over 90 days, -1..1; null in BTC's own report */
  withBtc90d: reportFigureSchema.nullable(),
  /** the days both coins had a return on */
  observations: z.number().int(),
});

export const reportNewsItemSchema = z.object({
  title: z.string(),
  /** the outlet */
  outlet: z.string(),
  url: z.string().nullable(),
  publishedAt: z.string(),
  language: z.enum(["en", "zh"]),
});

export const reportNewsSchema = z.object({
  /** the window searched, ISO */
  from: z.string(),
  to: z.string(),
  items: z.array(reportNewsItemSchema),
});

export const reportForecastStepSchema = z.object({
  /** open time of the daily candle forecast, ISO */
  time: z.string(),
  forecast: z.number(),
  lo80: z.number(),
  hi80: z.number(),
});

/** The daily forecast and its record against "no change" (see src/contract/predict.ts for each figure). */
export const reportForecastSchema = z.discriminatedUnion("available", [
  z.object({
    available: z.literal(true),
    /** the last daily close the forecast saw */
    origin: reportPointSchema,
    steps: z.array(reportForecastStepSchema),
    model: forecastModelSchema,
    backtest: z.object({
      from: z.string(),
      to: z.string(),
      origins: z.number().int(),
      horizon: z.number().int(),
      /** model MAE / naive MAE: below 1 the model beat "no change" */
      maeRatio: z.number(),
      directionAccuracy: z.number().nullable(),
      directionCalls: z.number().int(),
      coverage80: z.number(),
    }),
    live: z.object({
      judged: z.number().int(),
      calls: z.number().int(),
      winRate: z.number().nullable(),
      coverage80: z.number().nullable(),
      maeRatio: z.number().nullable(),
    }),
  }),
  z.object({
    available: z.literal(false),
    /** notEnoughHistory: too little history for a tested forecast */
    reason: z.literal("notEnoughHistory"),
  }),
]);
export type ReportForecast = z.infer<typeof reportForecastSchema>;

export const reportRiskCodes = [
  "highVolatility",
  "deepDrawdown",
  "lowVolume",
  "highBtcCorrelation",
  "modelNoEdge",
  "noForecast",
  "shortHistory",
  "noneFlagged",
] as const;
export type ReportRiskCode = (typeof reportRiskCodes)[number];

/** A risk read off the figures, as a sentence in the report's language that names the figures it rests on. */
export const reportRiskSchema = z.object({ code: z.enum(reportRiskCodes), text: z.string() });
export type ReportRisk = z.infer<typeof reportRiskSchema>;

export const reportSchema = z.object({
  coinAbbr: z.string(),
  coinName: z.string(),
  language: z.enum(reportLanguages),
  /** when the report was made (wall time), ISO */
  createdAt: z.string(),
  /** the market time its figures are of, ISO */
  marketAt: z.string(),
  sources: z.array(reportSourceSchema),
  overview: reportOverviewSchema,
  returns: z.array(reportReturnSchema),
  volatility: reportVolatilitySchema,
  correlation: reportCorrelationSchema,
  news: reportNewsSchema,
  forecast: reportForecastSchema,
  risks: z.array(reportRiskSchema).min(1),
});
export type Report = z.infer<typeof reportSchema>;

const coinAbbr = coinAbbrSchema;

export const createReportBodySchema = z.object({
  coinAbbr,
  language: z.enum(reportLanguages, { error: "invalidValue" }).default("en"),
});

/** The share page's path (spec §2). */
export const reportSharePagePath = (code: string) => `/reportShareDetail/${code}`;
/** The PDF of a share, under the API prefix. */
export const reportPdfPath = (code: string) => `${API_PREFIX}/report/pdf/${code}`;

export const createReportDataSchema = z.object({
  code: z.string(),
  /** the share page, a path of the app */
  url: z.string(),
  /** the PDF, a path of the API */
  pdfUrl: z.string(),
});
export type CreateReportData = z.infer<typeof createReportDataSchema>;

export const reportCodeParamsSchema = z.object({ code: reportCodeSchema });

export const reportShareDataSchema = z.object({
  code: z.string(),
  pdfUrl: z.string(),
  report: reportSchema,
});
export type ReportShareData = z.infer<typeof reportShareDataSchema>;

/**
 * The routes of this file, mounted beside the others (src/contract/routes.ts spreads them in). The share is made under the API's guards (per-device
 * limits); the stored report is public to whoever has its code; the PDF is a file route (a link opens it), served
 * ahead of the guards.
 */
export const reportRoutes = {
  createReport: {
    method: "post",
    path: "/report/share",
    summary: "Build a coin's research report from the app's data (figures with sources) and store it as a share",
    tag: "report",
    body: createReportBodySchema,
    maxBodyBytes: 4 * 1024,
    data: createReportDataSchema,
  },
  getReportShare: {
    method: "get",
    path: "/report/share/:code",
    summary: "A shared research report by its code (public: no sign-in needed)",
    tag: "report",
    params: reportCodeParamsSchema,
    data: reportShareDataSchema,
  },
  reportPdf: {
    method: "get",
    path: "/report/pdf/:code",
    summary: "A shared research report as a PDF (English or Chinese, fonts embedded)",
    tag: "report",
    params: reportCodeParamsSchema,
    data: z.null(),
    file: "application/pdf",
  },
} as const;
