import { type SwapOrder, swapOrderSchema, swapOrdersDataSchema, swapRoutes } from "../../../../../contract/swap.ts";
import { http } from "../../../../shared/api/http.ts";

/** POST getSwapOrders: the user's swap orders (the transaction record), newest first. */
export function getSwapOrders(page: number, pageNum: number) {
  return http.post(swapRoutes.getSwapOrders.path, {
    parse: (data) => swapOrdersDataSchema.parse(data),
    json: { page, pageNum },
  });
}

/** POST getOrderStatus: one order, checked on chain and at the aggregator when due. */
export function getOrderStatus(orderId: string): Promise<SwapOrder> {
  return http.post(swapRoutes.getOrderStatus.path, {
    parse: (data) => swapOrderSchema.parse(data),
    json: { orderId },
  });
}

/** POST swap/cancelOrder: cancels an order whose swap transaction was not sent. */
export function cancelSwapOrder(orderId: string): Promise<SwapOrder> {
  return http.post(swapRoutes.cancelSwapOrder.path, {
    parse: (data) => swapOrderSchema.parse(data),
    json: { orderId },
  });
}
