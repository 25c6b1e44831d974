import { useLingui } from "@lingui/react/macro";
import type { SwapOrder, SwapOrderStatus } from "../../../../../contract/swap.ts";
import { swapStatusText, swapStatusTone } from "../../../../shared/format/swap-status.ts";
import { formatTokenAmount } from "../../../../shared/format/token-amount.ts";
import { StatusBadge } from "../../../../shared/ui/StatusBadge.tsx";
import "./orders.css";

/** A token amount as the app shows balances (up to 6 decimals), with its symbol. */
export function amountText(amount: string | null, symbol: string): string {
  return `${formatTokenAmount(amount)} ${symbol}`;
}

/** What arrived once known, else what was quoted. */
export function pairText(order: SwapOrder): string {
  const to = order.receivedAmount ?? order.toAmount;
  return `${amountText(order.fromAmount, order.fromToken.symbol)} → ${amountText(to, order.toToken.symbol)}`;
}

/** An order's status in the spec's words (§4), coloured by how it stands. */
export function OrderStatusBadge({ status }: { status: SwapOrderStatus }) {
  const { i18n } = useLingui();
  return (
    <StatusBadge tone={swapStatusTone(status)} status={status}>
      {i18n._(swapStatusText[status])}
    </StatusBadge>
  );
}
