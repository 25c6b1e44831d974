import { useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import type { SwapOrder, SwapOrderStatus } from "../../../../../contract/swap.ts";
import { useHost } from "../../../../host/host-context.tsx";
import { shortenAddress } from "../../../../shared/format/address.ts";
import { formatTokenAmount } from "../../../../shared/format/token-amount.ts";
import { statusTone, swapStatusText } from "../order-text.ts";
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

export function StatusBadge({ status }: { status: SwapOrderStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`swap-status swap-status--${statusTone(status)}`} data-status={status}>
      {i18n._(swapStatusText[status])}
    </span>
  );
}

/**
 * A transaction hash shortened to its first 4 and last 4 characters (spec §5). With an explorer link it opens
 * the explorer through the host (outside the web view in Telegram); its accessible name is the label and hash.
 */
export function TxLink({ label, hash, url }: { label: string; hash: string; url: string | null }) {
  const host = useHost();
  const short = shortenAddress(hash);
  if (!url) {
    return (
      <code className="swap-tx" title={hash}>
        {short}
      </code>
    );
  }
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    host.links.open(url);
  };
  return (
    <a
      className="swap-tx swap-tx--link"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} ${short}`}
      title={hash}
      onClick={open}
    >
      {short}
    </a>
  );
}
