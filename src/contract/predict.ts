import { z } from "zod";
import { coinAbbrSchema, marketSourceSchema } from "./market.ts";

/**
 * Price predictions (spec §2 agents, §4 "price-trend prediction is judged correct or incorrect", §7 getPredictInfo
 * and getWeekPrice, §9 constants): a forecast is never sent without its record against the naive "no change"
 * forecast, measured on data the model had not seen.
 */

/** Horizons of spec §9: 48 hourly steps, 7 daily steps. */
export const predictIntervals = ["1h", "1d"] as const;
export type PredictInterval = (typeof predictIntervals)[number];
export const PREDICT_HORIZON: Readonly<Record<PredictInterval, number>> = { "1h": 48, "1d": 7 };
/** The chart's past: 48 hours (hourly) or 14 days (daily), spec §9. */
export const PREDICT_HISTORY_STEPS: Readonly<Record<PredictInterval, number>> = { "1h": 48, "1d": 14 };
/** Win-rate windows of spec §9: the last 24 hours of hourly judgements, the last 90 days of daily ones. */
export const WIN_RATE_WINDOW_MS: Readonly<Record<PredictInterval, number>> = {
  "1h": 24 * 3_600_000,
  "1d": 90 * 86_400_000,
};
/** The band's nominal coverage: 80 % of actual closes should fall inside it. */
export const BAND_COVERAGE = 0.8;

const coinAbbr = coinAbbrSchema;

export const predictInfoQuerySchema = z.object({
  coinAbbr,
  /** absent: hourly where the coin has hourly data, else daily */
  interval: z.enum(predictIntervals, { error: "invalidValue" }).optional(),
});

/** One step ahead: the central forecast and its 80 % band (USDT). */
export const forecastStepSchema = z.object({
  /** 1..horizon */
  step: z.number().int().min(1),
  /** open time of the candle forecast, ms */
  time: z.number(),
  forecast: z.number(),
  lo80: z.number(),
  hi80: z.number(),
});
export type ForecastStep = z.infer<typeof forecastStepSchema>;

/** Error figures of a model over a walk-forward test (each average over every origin and step 1..horizon). */
export const errorFiguresSchema = z.object({
  /** mean absolute error, USDT */
  mae: z.number(),
  /** mean absolute percentage error, percent */
  mape: z.number(),
});

/**
 * The backtest over the shipped history, by the same code as `npm run backtest`: walk-forward, the model seeing only
 * candles up to each origin.
 */
export const backtestRecordSchema = z.object({
  /** first and last origin, ISO */
  from: z.string(),
  to: z.string(),
  origins: z.number().int(),
  horizon: z.number().int(),
  model: errorFiguresSchema.extend({
    /** share of direction calls that were right (0..1); null when no call was made */
    directionAccuracy: z.number().nullable(),
    directionCalls: z.number().int(),
    /** Wilson 95 % interval of the direction accuracy */
    directionCi95: z.tuple([z.number(), z.number()]).nullable(),
    /** share of actual closes inside the 80 % band (0..1) */
    coverage80: z.number(),
    /** mean similarity, percent: 100 × (1 − |forecast − actual| / actual), spec §9 */
    similarity: z.number(),
  }),
  naive: errorFiguresSchema,
  /** model MAE / naive MAE: below 1 the model beats "no change" */
  maeRatio: z.number(),
});
export type BacktestRecord = z.infer<typeof backtestRecordSchema>;

/** A stored forecast judged against the candle that arrived (spec §4: correct or incorrect). */
export const judgedPredictionSchema = z.object({
  /** the forecast's origin (the last candle it saw), ms */
  originTime: z.number(),
  /** the candle judged (the horizon's last step), ms */
  targetTime: z.number(),
  originClose: z.number(),
  forecast: z.number(),
  lo80: z.number(),
  hi80: z.number(),
  actual: z.number(),
  /** the direction forecast from the origin's close */
  direction: z.enum(["up", "down", "flat"]),
  /** null for a flat forecast (not a call) */
  correct: z.boolean().nullable(),
  inBand: z.boolean(),
  /** percent, spec §9 */
  similarity: z.number(),
});
export type JudgedPrediction = z.infer<typeof judgedPredictionSchema>;

/** The record of the stored forecasts judged so far within the win-rate window. */
export const liveRecordSchema = z.object({
  /** the window, ms back from the market time (spec §9: 24 h hourly, 90 d daily) */
  windowMs: z.number(),
  judged: z.number().int(),
  calls: z.number().int(),
  /** share of calls that were right (0..1); null with no call */
  winRate: z.number().nullable(),
  winRateCi95: z.tuple([z.number(), z.number()]).nullable(),
  /** share of actuals inside the band; null with nothing judged */
  coverage80: z.number().nullable(),
  /** mean similarity in percent; null with nothing judged */
  similarity: z.number().nullable(),
  /** model MAE / naive MAE over the judged forecasts; null with nothing judged */
  maeRatio: z.number().nullable(),
  /** the most recent judged forecasts, newest first (at most 30) */
  recent: z.array(judgedPredictionSchema),
});

export const forecastModelSchema = z.object({
  /** "naive", "drift", "theta", "ses" */
  name: z.string(),
  /** the forecasting code's version: a change of method changes it */
  version: z.string(),
  /** whether this model beat "no change" on its validation; false means it is the naive forecast itself */
  beatsNaive: z.boolean(),
});

export const predictInfoDataSchema = z.object({
  coinAbbr: z.string(),
  coinName: z.string(),
  interval: z.enum(predictIntervals),
  /** the intervals this coin can be forecast in (hourly only where the data has hourly candles) */
  intervals: z.array(z.enum(predictIntervals)).min(1),
  /** the last completed candle the forecast saw */
  origin: z.object({ time: z.number(), close: z.number() }),
  steps: z.array(forecastStepSchema),
  /** the chart's past closes (48 hours or 14 days) */
  history: z.array(z.object({ time: z.number(), close: z.number() })),
  model: forecastModelSchema,
  backtest: backtestRecordSchema,
  live: liveRecordSchema,
  source: marketSourceSchema,
});
export type PredictInfoData = z.infer<typeof predictInfoDataSchema>;

export const weekPriceQuerySchema = z.object({ coinAbbr });
/** getWeekPrice: the next 7 daily closes with bands, and the daily record's headline figures. */
export const weekPriceDataSchema = z.object({
  coinAbbr: z.string(),
  origin: z.object({ time: z.number(), close: z.number() }),
  list: z.array(forecastStepSchema),
  model: forecastModelSchema,
  maeRatio: z.number(),
  directionAccuracy: z.number().nullable(),
  coverage80: z.number(),
  source: marketSourceSchema,
});
export type WeekPriceData = z.infer<typeof weekPriceDataSchema>;

/** The languages of the share card's words ("cn": Chinese), as the API's other language fields. */
export const shareLanguages = ["en", "cn"] as const;
export type ShareLanguage = (typeof shareLanguages)[number];

/** share/pic/price_prediction: the card of a coin's current forecast, with its record, as a PNG to share. */
export const predictShareBodySchema = z.object({
  coinAbbr,
  /** absent: hourly where the coin has hourly data, else daily (as getPredictInfo) */
  interval: z.enum(predictIntervals, { error: "invalidValue" }).optional(),
  language: z.enum(shareLanguages, { error: "invalidValue" }),
});

export const predictShareDataSchema = z.object({
  /** the card as a data URL: "data:image/png;base64,..." */
  image: z.string().startsWith("data:image/png;base64,"),
  /** pixels */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type PredictShareData = z.infer<typeof predictShareDataSchema>;
