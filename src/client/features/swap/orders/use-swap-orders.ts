import { useAtomValue } from "jotai";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { type SwapOrder, swapRoutes } from "../../../../contract/swap.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { cancelSwapOrder, getOrderStatus, getSwapOrders, type SwapOrdersData } from "../api/swap-api.ts";
import { isFinalStatus } from "./order-text.ts";

/** How often an order that can still change is asked for again (getOrderStatus). */
export const ORDER_POLL_MS = 5_000;

const ordersPath = swapRoutes.getSwapOrders.path;
const statusPath = swapRoutes.getOrderStatus.path;
type OrdersKey = readonly [typeof ordersPath, string, number, number];
type OrderKey = readonly [typeof statusPath, string, string];

/**
 * Swap orders belong to one user: keys name the user, so another account reads afresh, and a visitor reads
 * nothing (the server would only answer loginFirst).
 */
export function useSwapUserId(): string | null {
  const status = useAtomValue(loginStatusAtom);
  const userId = useAtomValue(userIdAtom);
  return status === "loggedIn" ? userId : null;
}

/** One page of the transaction record, newest first; the page shown stays while the next one loads. */
export function useSwapOrders(page: number, pageNum: number) {
  const userId = useSwapUserId();
  const key: OrdersKey | null = userId === null ? null : [ordersPath, userId, page, pageNum];
  return useSWR<SwapOrdersData, ApiError, OrdersKey | null>(
    key,
    ([, , pageNo, size]) => getSwapOrders({ page: pageNo, pageNum: size }),
    { ...swrOptions, keepPreviousData: true },
  );
}

/**
 * One order (getOrderStatus), asked again every 5 s until its status is final (finalSwapStatuses); a failed
 * read keeps the last order shown and is tried again at the next tick. `cancel` cancels it (swap/cancelOrder)
 * and shows the answer; the record's pages are read again.
 */
export function useSwapOrder(orderId: string | null) {
  const userId = useSwapUserId();
  const key: OrderKey | null = userId === null || !orderId ? null : [statusPath, userId, orderId];
  const order = useSWR<SwapOrder, ApiError, OrderKey | null>(key, ([, , id]) => getOrderStatus(id), {
    ...swrOptions,
    keepPreviousData: true,
    refreshInterval: (latest) => (latest && isFinalStatus(latest.status) ? 0 : ORDER_POLL_MS),
  });
  const { mutate } = order;
  const refreshRecord = useRefreshSwapOrders();
  const cancel = useCallback(async () => {
    if (!orderId) return;
    const cancelled = await cancelSwapOrder(orderId);
    await mutate(cancelled, { revalidate: false });
    refreshRecord();
  }, [orderId, mutate, refreshRecord]);
  return { ...order, cancel };
}

/** Reads the transaction record's pages again (after a cancel, or when the swap screen opens an order). */
export function useRefreshSwapOrders(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate((key) => Array.isArray(key) && key[0] === ordersPath);
  }, [mutate]);
}
