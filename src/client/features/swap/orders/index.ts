/** The swap transaction record (spec §2, §3 swap order, §4 order statuses) for the swap screen to mount. */
export { SwapOrderDetail, type SwapOrderDetailProps } from "./components/SwapOrderDetail.tsx";
export { SWAP_ORDERS_PAGE_SIZE, SwapOrdersList, type SwapOrdersListProps } from "./components/SwapOrdersList.tsx";
export { SwapTransactionRecord } from "./components/SwapTransactionRecord.tsx";
export { stepStates, swapStatusText, transferSteps } from "./order-text.ts";
export { ORDER_POLL_MS, useRefreshSwapOrders, useSwapOrder, useSwapOrders } from "./use-swap-orders.ts";
