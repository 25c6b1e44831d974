import { z } from "zod";
import type { FxProvider } from "../../../providers/fx/fx-rates.ts";

/**
 * Prices in another currency: USDT is read as US dollars, and converted with the reference rate in force at the
 * market time (the ECB's, carried over weekends and holidays), which the answer names with its date. Without a
 * rate for that time the figures stay in US dollars and the output says there was none.
 */

export const answerCurrencies = ["USD", "EUR", "CNY"] as const;
export type AnswerCurrency = (typeof answerCurrencies)[number];

export const currencySchema = z
  .enum(answerCurrencies)
  .describe("the currency to give prices in besides USDT (read as US dollars): EUR or CNY, at the ECB reference rate");

export const fxOutputSchema = z.object({
  currency: z.enum(["EUR", "CNY"]),
  /** the market time the rate was asked for */
  at: z.string(),
  /** the rate in force then; null when the data has none (the figures stay in US dollars) */
  rate: z
    .object({
      /** units of the currency per US dollar */
      perUsd: z.number(),
      /** the business day the rate was fixed for, YYYY-MM-DD */
      date: z.string(),
      source: z.string(),
      /** the rate is an earlier day's, carried over a weekend or holiday (or the day's was not published yet) */
      carriedForward: z.boolean(),
    })
    .nullable(),
});
export type FxOutput = z.infer<typeof fxOutputSchema>;

/** The FX source the tools read: the port's `rate`. */
export type ChatFx = Pick<FxProvider, "rate">;

/** The conversion for a currency asked for at market time `at`: null for US dollars (nothing to convert). */
export async function fxFor(fx: ChatFx, currency: AnswerCurrency | undefined, at: number): Promise<FxOutput | null> {
  if (!currency || currency === "USD") return null;
  // a source that cannot answer is a missing rate: the figures stay in US dollars and the answer says so
  const quote = await fx.rate(currency, at).catch(() => undefined);
  return {
    currency,
    at: new Date(at).toISOString(),
    rate: quote
      ? { perUsd: quote.perUsd, date: quote.date, source: quote.source, carriedForward: quote.carriedForward }
      : null,
  };
}

/** A USDT figure in the conversion's currency, or null without a rate (or without a figure). */
export function converted(fx: FxOutput | null, usd: number | null): number | null {
  if (!fx?.rate || usd === null) return null;
  return usd * fx.rate.perUsd;
}
