import { Trans, useLingui } from "@lingui/react/macro";
import { quotableMarketSymbol } from "../../../../contract/market-symbols.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatPercent } from "../../../shared/format/percent.ts";
import { formatPrice } from "../../../shared/format/price.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { type LimitSide, limitDistancePercent, limitMetNow, limitPriceValue } from "../ai-wallet-logic.ts";
import { useMarketPrice } from "../api/ai-wallet-api.ts";
import type { TradeToken } from "./slots.ts";

export interface LimitPriceNoteProps {
  side: LimitSide;
  /** the coin the order watches (sold for a sell, bought for a buy) */
  token: TradeToken | null;
  limitText: string;
}

/**
 * The current market price of the watched coin, with its source and time, and where the limit stands against it:
 * how far above or below, or that the market already meets it (the order would execute at once).
 */
export function LimitPriceNote({ side, token, limitText }: LimitPriceNoteProps) {
  const { i18n } = useLingui();
  const symbol = token ? quotableMarketSymbol(token.symbol) : null;
  const market = useMarketPrice(symbol);
  if (!token || symbol === null) return null;
  if (market.error) {
    return (
      <p className="aiw-muted" role="status">
        {i18n._(messageForKey(isApiError(market.error) ? market.error.key : "Serverbusy"))}
      </p>
    );
  }
  if (!market.data) {
    return (
      <p className="aiw-muted" role="status">
        <Trans>Reading the market price of {symbol}…</Trans>
      </p>
    );
  }
  const entry = market.data.list.find((item) => item.coinAbbr.toUpperCase() === symbol);
  if (!entry) {
    return (
      <p className="warning" role="status">
        {i18n._(messageForKey("limitNoMarketPrice"))}
      </p>
    );
  }
  const price = formatPrice(entry.lastPrice);
  const provider = market.data.source.provider;
  const at = formatDate(market.data.source.at, i18n.locale, { withTime: true });
  const limit = limitPriceValue(limitText);
  const distance = limit === null ? null : limitDistancePercent(limit, entry.lastPrice);
  const away = distance === null ? "" : formatPercent(Math.abs(distance));
  return (
    <div className="aiw-market" role="status">
      <p className="aiw-muted">
        <Trans>
          Market price of {symbol}: {price} USDT ({provider}, {at}).
        </Trans>
      </p>
      {limit === null || distance === null ? null : limitMetNow(side, limit, entry.lastPrice) ? (
        <p className="warning">
          {side === "sell" ? (
            <Trans>The market price is already at or above this limit: the order would execute at once.</Trans>
          ) : (
            <Trans>The market price is already at or below this limit: the order would execute at once.</Trans>
          )}
        </p>
      ) : distance > 0 ? (
        <p className="aiw-muted">
          <Trans>Your limit is {away} above the market price.</Trans>
        </p>
      ) : (
        <p className="aiw-muted">
          <Trans>Your limit is {away} below the market price.</Trans>
        </p>
      )}
    </div>
  );
}
