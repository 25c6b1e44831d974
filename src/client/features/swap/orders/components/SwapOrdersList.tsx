import { useLingui } from "@lingui/react/macro";
import { useSetAtom } from "jotai";
import { useState } from "react";
import type { SwapOrder } from "../../../../../contract/swap.ts";
import { formatDate } from "../../../../shared/format/date-time.ts";
import { messageKeyText } from "../../../../shared/i18n/message-key-text.ts";
import { signInDialogOpenAtom } from "../../../../shared/session/session.ts";
import { Button } from "../../../../shared/ui/Button.tsx";
import { LoadError } from "../../../../shared/ui/LoadError.tsx";
import { Pager } from "../../../../shared/ui/Pager.tsx";
import { TxLink } from "../../../../shared/ui/TxLink.tsx";
import { orderTypeText } from "../order-text.ts";
import { useSwapOrders, useSwapUserId } from "../use-swap-orders.ts";
import { OrderStatusBadge, pairText } from "./OrderParts.tsx";
import "./orders.css";

/** Orders a page of the record shows (getSwapOrders takes at most 50). */
export const SWAP_ORDERS_PAGE_SIZE = 20;

export interface SwapOrdersListProps {
  /** opens an order's detail (SwapOrderDetail); without it the rows have no Details button */
  onOpenOrder?: (orderId: string) => void;
  pageSize?: number;
}

/** What a visitor sees instead of the record (and of an order): loginFirst and the way to sign in. */
export function SwapSignInPrompt() {
  const { t, i18n } = useLingui();
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  return (
    <div className="swap-orders__signin">
      <p>{i18n._(messageKeyText.loginFirst)}</p>
      <Button variant="primary" aria-haspopup="dialog" onClick={() => openSignIn(true)}>
        {t`Sign in`}
      </Button>
    </div>
  );
}

/**
 * The transaction record (spec §2, §3 swap order): the user's swaps, newest first, a page at a time; each row the
 * pair with its amounts, the order type, the time, the status in the spec's words and the transfer-out and
 * transfer-in transactions (shortened, opening the explorer). Visitors are asked to sign in.
 */
export function SwapOrdersList({ onOpenOrder, pageSize = SWAP_ORDERS_PAGE_SIZE }: SwapOrdersListProps) {
  const userId = useSwapUserId();
  if (userId === null) return <SwapSignInPrompt />;
  return <OrdersPages onOpenOrder={onOpenOrder} pageSize={pageSize} />;
}

function OrdersPages({ onOpenOrder, pageSize }: Required<Pick<SwapOrdersListProps, "pageSize">> & SwapOrdersListProps) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const list = useSwapOrders(page, pageSize);
  if (list.error) {
    return <LoadError onRetry={() => void list.mutate()}>{t`Your swaps could not be loaded.`}</LoadError>;
  }
  if (!list.data) return <p aria-busy="true">{t`Loading…`}</p>;
  const { lists, total } = list.data;
  if (total === 0) return <p className="swap-orders__empty">{t`No swaps yet.`}</p>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="swap-orders">
      <ul className="swap-orders__list" aria-label={t`Transaction record`}>
        {lists.map((order) => (
          <OrderRow key={order.orderId} order={order} onOpenOrder={onOpenOrder} />
        ))}
      </ul>
      <Pager
        className="swap-orders__pager"
        label={t`Transaction record pages`}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </div>
  );
}

function OrderRow({ order, onOpenOrder }: { order: SwapOrder; onOpenOrder?: (orderId: string) => void }) {
  const { t, i18n } = useLingui();
  const pair = pairText(order);
  return (
    <li className="swap-order-row">
      <span className="swap-order-row__pair">{pair}</span>
      <OrderStatusBadge status={order.status} />
      <span className="swap-order-row__meta">
        <span className="swap-order-row__type">{i18n._(orderTypeText[order.type])}</span>
        <time dateTime={order.createdAt}>{formatDate(order.createdAt, i18n.locale, { withTime: true })}</time>
      </span>
      <span className="swap-order-row__txs">
        {order.transferOutHash ? (
          <span>
            {t`Out`}{" "}
            <TxLink label={t`Transfer-out transaction`} hash={order.transferOutHash} url={order.transferOutUrl} />
          </span>
        ) : null}
        {order.transferInHash ? (
          <span>
            {t`In`} <TxLink label={t`Transfer-in transaction`} hash={order.transferInHash} url={order.transferInUrl} />
          </span>
        ) : null}
      </span>
      {onOpenOrder ? (
        <Button
          variant="ghost"
          className="swap-order-row__open"
          aria-label={t`Details of ${pair}`}
          onClick={() => onOpenOrder(order.orderId)}
        >
          {t`Details`}
        </Button>
      ) : null}
    </li>
  );
}
