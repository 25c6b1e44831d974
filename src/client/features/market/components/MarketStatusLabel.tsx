import { useLingui } from "@lingui/react/macro";
import { CurrencyNote } from "../../../shared/currency/CurrencyNote.tsx";
import { formatDate } from "../../../shared/format/date-time.ts";
import { useMarketStatus } from "../api/get-market-status.ts";
import "./market.css";

/**
 * Says where the prices on screen come from. On the replay deployment the prices are real history
 * replayed, and users must not take them for today's market. Below it, the rate prices in another currency were
 * converted with.
 */
export function MarketStatusLabel() {
  const { t, i18n } = useLingui();
  const { data } = useMarketStatus();
  if (!data) return <CurrencyNote />;
  // Noon UTC keeps the calendar day in every time zone.
  const date = formatDate(`${data.date}T12:00:00Z`, i18n.locale) || data.date;
  const text = data.mode === "replay" ? t`Replay market · ${date}` : t`Live market`;
  return (
    <>
      <p className={`market-status market-status--${data.mode}`}>
        <span className="market-status__dot" aria-hidden="true" />
        {text}
      </p>
      <CurrencyNote />
    </>
  );
}
