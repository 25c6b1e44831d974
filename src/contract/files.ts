import { z } from "zod";
import { klineIntervals } from "./market.ts";

/**
 * The public files of the API (avatars, coin images, chat uploads and figures): loaded by <img>, which sends no
 * device number or API key. A name these schemas refuse is no such file (404).
 */

export const avatarParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,14}$/) });

export const coinImageParamsSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9]{1,20}\.svg$/) });

export const chatUploadParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** `{SYMBOL}.svg`, or `compare.svg` for the two-coin figure */
export const chatFigureParamsSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9]{1,20}\.svg$/) });

export const FIGURE_MIN_CANDLES = 10;
export const FIGURE_MAX_CANDLES = 200;
const DEFAULT_FIGURE_CANDLES = 48;
/** the file name of the two-coin figure; no coin is called COMPARE */
export const COMPARE_FIGURE_NAME = "compare";

const figureSymbol = z
  .string({ error: "required" })
  .regex(/^[A-Za-z0-9]{1,20}$/, { error: "invalidValue" })
  .transform((value) => value.toUpperCase());

export const priceFigureQuerySchema = z.object({
  interval: z.enum(klineIntervals, { error: "invalidValue" }).default("1h"),
  /** open time of the last candle, ms; the latest completed candle when left out */
  to: z.coerce.number({ error: "invalidValue" }).int({ error: "invalidValue" }).min(0).optional(),
  count: z.coerce
    .number({ error: "invalidValue" })
    .int({ error: "invalidValue" })
    .min(FIGURE_MIN_CANDLES, { error: "invalidValue" })
    .max(FIGURE_MAX_CANDLES, { error: "invalidValue" })
    .default(DEFAULT_FIGURE_CANDLES),
});
export type PriceFigureQuery = z.infer<typeof priceFigureQuerySchema>;

export const compareFigureQuerySchema = priceFigureQuerySchema.extend({ a: figureSymbol, b: figureSymbol });
export type CompareFigureQuery = z.infer<typeof compareFigureQuerySchema>;
