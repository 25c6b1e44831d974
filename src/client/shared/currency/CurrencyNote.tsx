import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { formatDate } from "../format/date-time.ts";
import { displayCurrencyAtom } from "../settings/settings.ts";
import { useFxRate } from "./fx-rate.ts";
import "./currency.css";

/**
 * Says which rate the prices beside it were converted with ("EUR at the ECB reference rate of Mar 27, 2026"),
 * or that they stay in US dollars because there is no rate for the market date. Nothing for US dollars.
 */
export function CurrencyNote() {
  const { t, i18n } = useLingui();
  const currency = useAtomValue(displayCurrencyAtom);
  const { data, error } = useFxRate(currency);
  if (currency === "USD") return null;
  // Noon UTC keeps the calendar day in every time zone.
  const day = (iso: string) => formatDate(`${iso}T12:00:00Z`, i18n.locale) || iso;
  let text: string | undefined;
  if (data?.currency === currency) {
    const marketDate = day(data.marketDate);
    if (data.perUsd === null || data.date === null)
      text = t`No ${currency} rate for ${marketDate}: prices in US dollars`;
    else {
      const date = day(data.date);
      text = data.carriedForward
        ? t`${currency} at the ECB reference rate carried forward from ${date}`
        : t`${currency} at the ECB reference rate of ${date}`;
    }
  } else if (error) text = t`The ${currency} rate could not be loaded: prices in US dollars`;
  if (!text) return null;
  return <p className="currency-note">{text}</p>;
}
