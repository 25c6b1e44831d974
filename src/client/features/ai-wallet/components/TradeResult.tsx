import { Trans, useLingui } from "@lingui/react/macro";
import { formatPrice } from "../../../shared/format/price.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { limitStatusText, limitTone, swapStatusText, type Tone } from "../ai-wallet-text.ts";
import { StatusBadge, TxLink } from "./parts.tsx";
import type { TradeOutcome } from "./trade-types.ts";

function swapTone(status: string): Tone {
  if (status === "completed" || status === "refund_completed") return "success";
  if (status === "fail" || status === "timeout" || status === "cancelled") return "danger";
  return "progress";
}

/** What the last submit did: the swap with its status and transaction, or the limit order placed. */
export function TradeResult({ outcome, onClose }: { outcome: TradeOutcome; onClose: () => void }) {
  const { t, i18n } = useLingui();
  if (outcome.kind === "market") {
    const order = outcome.order;
    const paid = `${formatTokenAmount(order.fromAmount)} ${order.fromToken.symbol}`;
    const got = `${formatTokenAmount(order.receivedAmount ?? order.toAmount)} ${order.toToken.symbol}`;
    return (
      <div className="aiw-result" role="status">
        <p>
          <Trans>
            Swap {paid} → {got}:
          </Trans>{" "}
          <StatusBadge tone={swapTone(order.status)}>{i18n._(swapStatusText[order.status])}</StatusBadge>
        </p>
        {order.statusReason && swapTone(order.status) === "danger" ? (
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
  const order = outcome.order;
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
