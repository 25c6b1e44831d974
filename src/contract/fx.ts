import { z } from "zod";
import { fiatCurrencies } from "./currencies.ts";

export { ECB_REFERENCE_RATE, type FiatCurrency, fiatCurrencies } from "./currencies.ts";

const currency = z.enum(fiatCurrencies, {
  error: (issue) => (issue.input === undefined ? "required" : "invalidValue"),
});

export const fxRateQuerySchema = z.object({
  /** USD, EUR or CNY */
  currency,
});

/**
 * fx/rate: the rate in force at the market time (the replay's time, or now for the live market). Without one
 * (before the shipped rates begin, or the live source silent outside them) perUsd, date and source are null and
 * prices stay in US dollars.
 */
export const fxRateDataSchema = z.object({
  currency: z.enum(fiatCurrencies),
  /** the market's day the rate was asked for, YYYY-MM-DD (UTC) */
  marketDate: z.iso.date(),
  /** units of `currency` one US dollar buys (1 for USD); null: no rate for the market date */
  perUsd: z.number().positive().nullable(),
  /** the business day the rate was fixed for, YYYY-MM-DD; null with no rate */
  date: z.iso.date().nullable(),
  /** who fixed it: "ECB reference rate" ("USD" for dollars); null with no rate */
  source: z.string().nullable(),
  /** true when `date` is before the market date: the last published rate carried over a weekend or holiday */
  carriedForward: z.boolean(),
});
export type FxRateData = z.infer<typeof fxRateDataSchema>;
