import { useEffect, useRef, useState } from "react";
import { Timing } from "../../../contract/constants.ts";
import type { OrderData } from "../../../contract/pay.ts";
import { getPopups } from "./api/get-popups.ts";
import { useRefreshAfterPayment } from "./api/pay-keys.ts";

/**
 * Spec §4: while signed in, getPopups is asked every 15 s (and once at once); outcomes that arrive are shown
 * until the user dismisses them, and what they changed (card, points, balance, orders) is read again. The
 * caller mounts this only while signed in, so unmounting on logout stops it. A failed poll waits for the next.
 */
export function usePayPopups(): { orders: readonly OrderData[]; dismiss: () => void } {
  const refresh = useRefreshAfterPayment();
  const [orders, setOrders] = useState<readonly OrderData[]>([]);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    let stopped = false;
    const poll = () => {
      getPopups().then(
        (list) => {
          if (stopped || list.length === 0) return;
          setOrders((shown) => [...shown, ...list.filter((order) => !shown.some((s) => s.orderNo === order.orderNo))]);
          refreshRef.current();
        },
        () => undefined,
      );
    };
    poll();
    const timer = setInterval(poll, Timing.popupPollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  return { orders, dismiss: () => setOrders([]) };
}
