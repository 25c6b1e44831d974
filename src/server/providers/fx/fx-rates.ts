/**
 * The FX port: how many units of a fiat currency one US dollar buys, and which published rate says so. Prices are
 * in USDT, read as US dollars; other currencies are converted with a named reference rate, never a guess.
 * The embedded default reads the ECB reference rates shipped in data/fx (ecb-rates.ts); a live adapter reads a
 * public source of the same rates.
 */

import type { FiatCurrency } from "../../../contract/currencies.ts";

export { ECB_REFERENCE_RATE, type FiatCurrency, fiatCurrencies } from "../../../contract/currencies.ts";

export interface FxQuote {
  currency: FiatCurrency;
  /** units of `currency` per US dollar (1 for USD) */
  perUsd: number;
  /** the business day the rate was fixed for, YYYY-MM-DD (a weekend or holiday uses the last one before it) */
  date: string;
  /** who fixed it: "ECB reference rate" */
  source: string;
  /** true when `date` is earlier than the day asked for: the last rate was carried forward */
  carriedForward: boolean;
}

export interface FxProvider {
  readonly kind: "archive" | "live";
  /**
   * The rate in force at `at` (ms): the latest one published by then. Resolves undefined when there is none
   * (before the data begins); USD always resolves to 1.
   */
  rate(currency: FiatCurrency, at: number): Promise<FxQuote | undefined>;
}

/** One US dollar, in US dollars: no rate is needed, and none is named. */
export const usdQuote = (at: number): FxQuote => ({
  currency: "USD",
  perUsd: 1,
  date: new Date(at).toISOString().slice(0, 10),
  source: "USD",
  carriedForward: false,
});
