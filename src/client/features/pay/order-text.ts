import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OrderData } from "../../../contract/pay.ts";
import { formatCompactNumber } from "../../shared/format/numbers.ts";
import { usdtAmount } from "./usdt.ts";

/** spec §3 order status: success, pending, otherwise failed. */
export function orderStatusText(status: OrderData["status"]): MessageDescriptor {
  switch (status) {
    case "success":
      return msg`Paid`;
    case "pending":
      return msg`Pending`;
    case "failed":
      return msg`Failed`;
  }
}

/** What an order cost: USDT, or Telegram Stars when it was paid in Stars. */
export function orderPriceText(order: Pick<OrderData, "payMethod" | "price" | "priceStars">): MessageDescriptor {
  if (order.payMethod === "stars" && order.priceStars !== null) {
    const stars = formatCompactNumber(order.priceStars);
    return msg`${stars} Stars`;
  }
  return usdtAmount(order.price);
}
