import { useState } from "react";
import { SwapOrderDetail } from "./SwapOrderDetail.tsx";
import { SwapOrdersList, type SwapOrdersListProps } from "./SwapOrdersList.tsx";

/**
 * The transaction record with its detail in place: the list, and an order's detail (with Back) once a row is
 * opened. `orderId`/`onOrderChange` make the open order the caller's (e.g. a route's `/swap/:id`).
 */
export function SwapTransactionRecord({
  orderId,
  onOrderChange,
  pageSize,
}: {
  orderId?: string | null;
  onOrderChange?: (orderId: string | null) => void;
  pageSize?: SwapOrdersListProps["pageSize"];
}) {
  const [own, setOwn] = useState<string | null>(null);
  const open = orderId === undefined ? own : orderId;
  const setOpen = (next: string | null) => {
    if (orderId === undefined) setOwn(next);
    onOrderChange?.(next);
  };
  if (open) return <SwapOrderDetail orderId={open} onBack={() => setOpen(null)} />;
  return <SwapOrdersList onOpenOrder={(id) => setOpen(id)} pageSize={pageSize} />;
}
