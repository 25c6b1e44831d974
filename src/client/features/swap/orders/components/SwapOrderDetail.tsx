import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import type { SwapOrder } from "../../../../../contract/swap.ts";
import { isApiError } from "../../../../shared/api/api-error.ts";
import { formatDate } from "../../../../shared/format/date-time.ts";
import { messageForKey, messageKeyText } from "../../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../../shared/ui/Button.tsx";
import { CopyButton } from "../../../../shared/ui/CopyButton.tsx";
import { LoadError } from "../../../../shared/ui/LoadError.tsx";
import { useToast } from "../../../../shared/ui/Toast.tsx";
import { TxLink } from "../../../../shared/ui/TxLink.tsx";
import { orderTypeText, stepStates, transferSteps, transferStepText } from "../order-text.ts";
import { useSwapOrder, useSwapUserId } from "../use-swap-orders.ts";
import { amountText, OrderStatusBadge, pairText } from "./OrderParts.tsx";
import { SwapSignInPrompt } from "./SwapOrdersList.tsx";
import "./orders.css";

const cancelledMessage = msg`The order was cancelled.`;

export interface SwapOrderDetailProps {
  orderId: string;
  /** shows a Back button (to the record) when given */
  onBack?: () => void;
}

/**
 * One swap order (spec §3, §4): the transfer steps with the current one marked, the amounts (received against the
 * minimum), the transactions with copy buttons, why it failed, and Cancel while its deposit is awaited. It is
 * asked for again every 5 s until its status is final.
 */
export function SwapOrderDetail({ orderId, onBack }: SwapOrderDetailProps) {
  const { t } = useLingui();
  const userId = useSwapUserId();
  const order = useSwapOrder(orderId);
  const back = onBack ? (
    <Button variant="ghost" className="swap-order__back" onClick={onBack}>
      {t`Back`}
    </Button>
  ) : null;
  if (userId === null) return <SwapSignInPrompt />;
  if (!order.data) {
    return (
      <section className="swap-order" aria-label={t`Swap order`}>
        {back}
        {order.error ? (
          <LoadError onRetry={() => void order.mutate()}>{t`This order could not be loaded.`}</LoadError>
        ) : (
          <p aria-busy="true">{t`Loading…`}</p>
        )}
      </section>
    );
  }
  return <OrderView order={order.data} back={back} cancel={order.cancel} />;
}

function OrderView({ order, back, cancel }: { order: SwapOrder; back: ReactNode; cancel: () => Promise<void> }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [cancelling, setCancelling] = useState(false);
  const states = stepStates(order);
  const onCancel = async () => {
    setCancelling(true);
    try {
      await cancel();
      toast.show(cancelledMessage, "success");
    } catch (error) {
      toast.show(isApiError(error) ? messageForKey(error.key) : messageKeyText.Serverbusy, "error");
    } finally {
      setCancelling(false);
    }
  };
  const hashes = [
    { label: t`Approval`, hash: order.approveHash, url: null },
    { label: t`Transfer-out transaction`, hash: order.transferOutHash, url: order.transferOutUrl },
    { label: t`Transfer-in transaction`, hash: order.transferInHash, url: order.transferInUrl },
  ];
  return (
    <section className="swap-order" aria-label={t`Swap order`}>
      {back}
      <header className="swap-order__head">
        <h3 className="swap-order__pair">{pairText(order)}</h3>
        <OrderStatusBadge status={order.status} />
      </header>
      <ol className="swap-steps" aria-label={t`Transfer steps`}>
        {transferSteps.map((step) => (
          <li
            key={step}
            className={`swap-steps__step swap-steps__step--${states[step]}`}
            aria-current={states[step] === "current" ? "step" : undefined}
            data-state={states[step]}
          >
            {i18n._(transferStepText[step])}
          </li>
        ))}
      </ol>
      {order.statusReason ? (
        <p className="swap-order__reason" role="alert">
          {i18n._(messageForKey(order.statusReason))}
        </p>
      ) : null}
      <dl className="swap-order__facts">
        <dt>{t`Type`}</dt>
        <dd>{i18n._(orderTypeText[order.type])}</dd>
        <dt>{t`Created`}</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDate(order.createdAt, i18n.locale, { withTime: true })}</time>
        </dd>
        <dt>{t`You pay`}</dt>
        <dd>{amountText(order.fromAmount, order.fromToken.symbol)}</dd>
        <dt>{t`Quoted`}</dt>
        <dd>{amountText(order.toAmount, order.toToken.symbol)}</dd>
        <dt>{t`Minimum received`}</dt>
        <dd>{amountText(order.toAmountMin, order.toToken.symbol)}</dd>
        <dt>{t`Received`}</dt>
        <dd>{amountText(order.receivedAmount, order.toToken.symbol)}</dd>
      </dl>
      <ul className="swap-order__hashes" aria-label={t`Transactions`}>
        {hashes.map(({ label, hash, url }) =>
          hash ? (
            <li key={label} className="swap-order__hash">
              <span className="swap-order__hash-label">{label}</span>
              <TxLink label={label} hash={hash} url={url} />
              <CopyButton label={label} value={hash} />
            </li>
          ) : null,
        )}
      </ul>
      {order.status === "awaiting_deposit" ? (
        <Button variant="secondary" disabled={cancelling} aria-busy={cancelling || undefined} onClick={onCancel}>
          {t`Cancel order`}
        </Button>
      ) : null}
    </section>
  );
}
