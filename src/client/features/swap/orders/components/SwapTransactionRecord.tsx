import { useState } from "react";
import { SwapOrderDetail } from "./SwapOrderDetail.tsx";
import { SwapOrdersList } from "./SwapOrdersList.tsx";

/** The transaction record with its detail in place: the list, and an order's detail (with Back) once a row is opened. */
export function SwapTransactionRecord() {
  const [open, setOpen] = useState<string | null>(null);
  if (open) return <SwapOrderDetail orderId={open} onBack={() => setOpen(null)} />;
  return <SwapOrdersList onOpenOrder={(id) => setOpen(id)} />;
}
