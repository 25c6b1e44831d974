import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { formatPrice } from "../../../shared/format/price.ts";
import { swapStatusText, swapStatusTone } from "../../../shared/format/swap-status.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { StatusBadge } from "../../../shared/ui/StatusBadge.tsx";
import { swapOrderFinal } from "../ai-wallet-logic.ts";
import { limitStatusText, limitTone } from "../ai-wallet-text.ts";
import { type LimitOrder, type SwapOrder, useSwapOrder } from "../api/ai-wallet-api.ts";
import { TxLink } from "./parts.tsx";
import type { TradeOutcome } from "./trade-types.ts";

export interface TradeResultProps {
  outcome: TradeOutcome;
  onClose: () => void;
  /** a swap still under way is read again this often (getOrderStatus) until its status is final; 0: never */
  orderPollMs: number;
  /** a swap shown under way reached its final status: the balances are read again */
  onSettled?: (order: SwapOrder) => void;
}

/** What the last submit did: the swap with its status and transaction, or the limit order placed. */
export function TradeResult({ outcome, onClose, orderPollMs, onSettled }: TradeResultProps) {
  if (outcome.kind === "market") {
    return (
      <MarketResult
        key={outcome.order.orderId}
        first={outcome.order}
        onClose={onClose}
        orderPollMs={orderPollMs}
        {...(onSettled ? { onSettled } : {})}
      />
    );
  }
  return <LimitResult order={outcome.order} onClose={onClose} />;
}

interface MarketResultProps {
  first: SwapOrder;
  onClose: () => void;
  orderPollMs: number;
  onSettled?: (order: SwapOrder) => void;
}

/** A market swap as it is now: one still under way is followed until it completes or fails. */
function MarketResult({ first, onClose, orderPollMs, onSettled }: MarketResultProps) {
  const { t, i18n } = useLingui();
  const followed = useSwapOrder(first, (current) =>
    orderPollMs > 0 && !swapOrderFinal((current ?? first).status) ? orderPollMs : 0,
  );
  const order = followed.data ?? first;
  const final = swapOrderFinal(order.status);
  const wasMoving = useRef(!swapOrderFinal(first.status));
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (!final || !wasMoving.current) return;
    wasMoving.current = false;
    settled.current?.(order);
  }, [final, order]);

  const paid = `${formatTokenAmount(order.fromAmount)} ${order.fromToken.symbol}`;
  const got = `${formatTokenAmount(order.receivedAmount ?? order.toAmount)} ${order.toToken.symbol}`;
  return (
    <div className="aiw-result" role="status">
      <p>
        <Trans>
          Swap {paid} → {got}:
        </Trans>{" "}
        <StatusBadge tone={swapStatusTone(order.status)}>{i18n._(swapStatusText[order.status])}</StatusBadge>
      </p>
      {order.statusReason && swapStatusTone(order.status) === "danger" ? (
        <p className="field-error">{i18n._(messageForKey(order.statusReason))}</p>
      ) : null}
      {order.transferOutHash ? (
        <TxLink label={t`Swap transaction`} hash={order.transferOutHash} url={order.transferOutUrl} />
      ) : null}
      <Button variant="ghost" onClick={onClose}>
        {t`Close`}
      </Button>
    </div>
  );
}

function LimitResult({ order, onClose }: { order: LimitOrder; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const amount = `${formatTokenAmount(order.fromAmount)} ${order.fromToken.symbol}`;
  const price = formatPrice(order.limitPrice);
  const symbol = order.baseSymbol;
  return (
    <div className="aiw-result" role="status">
      <p>
        {order.side === "sell" ? (
          <Trans>
            Limit order placed: sell {amount} when {symbol} reaches {price} USDT.
          </Trans>
        ) : (
          <Trans>
            Limit order placed: pay {amount} for {symbol} when it falls to {price} USDT.
          </Trans>
        )}{" "}
        <StatusBadge tone={limitTone(order.status)}>{i18n._(limitStatusText[order.status])}</StatusBadge>
      </p>
      <Button variant="ghost" onClick={onClose}>
        {t`Close`}
      </Button>
    </div>
  );
}
