import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import type { FiatCurrency } from "../../../contract/currencies.ts";
import type { MaybeNumber } from "../format/no-value.ts";
import { formatMoney } from "../format/price.ts";
import { displayCurrencyAtom } from "../settings/settings.ts";
import { useFxRate } from "./fx-rate.ts";

/** The sign written before a price: $, €, and for the yuan ¥ in Chinese, CN¥ in English (¥ alone reads as yen). */
export function currencySign(currency: FiatCurrency, locale: string): string {
  if (currency === "EUR") return "€";
  if (currency === "CNY") return locale === "zh" ? "¥" : "CN¥";
  return "$";
}

export interface DisplayPrice {
  /** the currency the figures are in: the chosen one once its rate is known, else USD */
  currency: FiatCurrency;
  /** units of `currency` per US dollar (1 for USD) */
  perUsd: number;
  /** a USDT price (read as USD) as the user reads it: converted and signed, e.g. "€55,321.1" */
  format(usd: MaybeNumber): string;
}

/**
 * Prices in the currency chosen in Settings: converted at the rate in force at the market time and written with
 * the spec §5 price formatter. Until the rate is known, or where there is none, prices stay in US dollars (the
 * CurrencyNote beside them says so).
 */
export function useDisplayPrice(): DisplayPrice {
  const { i18n } = useLingui();
  const chosen = useAtomValue(displayCurrencyAtom);
  const { data } = useFxRate(chosen);
  const perUsd = chosen !== "USD" && data?.currency === chosen ? data.perUsd : null;
  const currency: FiatCurrency = perUsd === null ? "USD" : chosen;
  const factor = perUsd ?? 1;
  const sign = currencySign(currency, i18n.locale);
  return {
    currency,
    perUsd: factor,
    format: (usd) => formatMoney(typeof usd === "number" ? usd * factor : usd, sign),
  };
}
