import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatPrice } from "../../../shared/format/price.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { StatusBadge } from "../../../shared/ui/StatusBadge.tsx";
import { type FormFailure, formFailure, limitStatusText, limitTone } from "../ai-wallet-text.ts";
import { cancelLimitOrder, type LimitOrder } from "../api/ai-wallet-api.ts";

export interface LimitOrdersProps {
  list: LimitOrder[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** an order was cancelled: the list is read again */
  onChanged: () => void;
}

/**
 * The AI wallet's limit orders, open first: each with its pair, limit, status and times (placed, expiry, executed),
 * the market price that set it off, what it received and why it waits or ended; open ones with Cancel.
 */
export function LimitOrders({ list, error, onRetry, onChanged }: LimitOrdersProps) {
  const { t, i18n } = useLingui();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ orderId: string; failure: FormFailure } | null>(null);

  const cancel = async (order: LimitOrder) => {
    setCancelling(order.orderId);
    setFailure(null);
    try {
      await cancelLimitOrder(order.orderId);
    } catch (caught) {
      setFailure({ orderId: order.orderId, failure: formFailure(caught) });
    } finally {
      setCancelling(null);
      onChanged();
    }
  };

  return (
    <section className="aiw-history" aria-labelledby="aiw-limit-orders-title">
      <h3 id="aiw-limit-orders-title" className="aiw-section-title">
        <Trans>Limit orders</Trans>
      </h3>
      {error ? (
        <LoadError onRetry={onRetry}>{i18n._(messageForKey(isApiError(error) ? error.key : "Serverbusy"))}</LoadError>
      ) : list === undefined ? (
        <p className="aiw-muted" role="status">
          <Trans>Loading limit orders…</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="aiw-muted">
          <Trans>No limit orders yet.</Trans>
        </p>
      ) : (
        <ul className="aiw-rows" aria-label={t`Limit orders`}>
          {list.map((order) => {
            const amount = `${formatTokenAmount(order.fromAmount)} ${order.fromToken.symbol}`;
            const toSymbol = order.toToken.symbol;
            const symbol = order.baseSymbol;
            const price = formatPrice(order.limitPrice);
            const placed = formatDate(order.createdAt, i18n.locale, { withTime: true });
            const expires = formatDate(order.expiresAt, i18n.locale, { withTime: true });
            const executed = formatDate(order.executedAt, i18n.locale, { withTime: true });
            const reason = order.statusReason ? i18n._(messageForKey(order.statusReason)) : null;
            const received =
              order.receivedAmount === null ? null : `${formatTokenAmount(order.receivedAmount)} ${toSymbol}`;
            const trigger = order.triggerPrice === null ? null : formatPrice(order.triggerPrice);
            const description =
              order.side === "sell"
                ? t`Sell ${amount} for ${toSymbol} when ${symbol} ≥ ${price} USDT`
                : t`Pay ${amount} for ${toSymbol} when ${symbol} ≤ ${price} USDT`;
            return (
              <li key={order.orderId} className="aiw-row" aria-label={description}>
                <span className="aiw-row__main">{description}</span>
                <StatusBadge tone={limitTone(order.status)}>{i18n._(limitStatusText[order.status])}</StatusBadge>
                <span className="aiw-muted">
                  <Trans>Placed {placed}</Trans>
                </span>
                {order.status === "open" ? (
                  <span className="aiw-muted">
                    <Trans>Expires {expires}</Trans>
                  </span>
                ) : null}
                {order.status === "expired" ? (
                  <span className="aiw-muted">
                    <Trans>Expired {expires}</Trans>
                  </span>
                ) : null}
                {trigger !== null ? (
                  <span className="aiw-muted">
                    {executed ? (
                      <Trans>
                        Set off at {trigger} USDT, executed {executed}
                      </Trans>
                    ) : (
                      <Trans>Set off at {trigger} USDT</Trans>
                    )}
                  </span>
                ) : null}
                {received !== null ? (
                  <span className="aiw-muted">
                    <Trans>Received {received}</Trans>
                  </span>
                ) : null}
                {reason !== null && order.status === "open" ? (
                  <span className="aiw-muted">
                    <Trans>Waiting: {reason}</Trans>
                  </span>
                ) : null}
                {reason !== null && limitTone(order.status) === "danger" ? (
                  <span className="aiw-muted">{reason}</span>
                ) : null}
                {order.status === "open" ? (
                  <Button
                    variant="secondary"
                    disabled={cancelling === order.orderId}
                    aria-busy={cancelling === order.orderId || undefined}
                    aria-label={t`Cancel: ${description}`}
                    onClick={() => void cancel(order)}
                  >
                    {t`Cancel`}
                  </Button>
                ) : null}
                {failure?.orderId === order.orderId ? (
                  <p className="field-error" role="alert">
                    {i18n._(failure.failure.text)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
