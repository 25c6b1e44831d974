import type { OrderData } from "../../../contract/pay.ts";
import { findProduct, pointsOf } from "./catalogue.ts";
import type { OrderRow } from "./grants.ts";
import { microToUsdt } from "./usdt-amount.ts";

/** The reason a refunded order shows (it is failed to the client: spec §3 "success, pending, otherwise failed"). */
export const REFUNDED = "refunded";

/** An order as the client sees it (spec §3 Order): a package is BUY_POINT_PRODUCT, a points product POINTS_CHARGE. */
export function orderView(row: OrderRow): OrderData {
  const productType = row.productType === "POINTS" ? "POINTS" : "CARDS";
  const product = findProduct({ productType, productId: row.productId });
  const status = row.status === "success" || row.status === "pending" ? row.status : "failed";
  return {
    orderNo: row.orderNo,
    activityType: productType === "CARDS" ? "BUY_POINT_PRODUCT" : "POINTS_CHARGE",
    productType,
    productId: row.productId,
    price: microToUsdt(row.priceMicro),
    priceStars: row.priceStars,
    payMethod: row.payMethod === "stars" ? "stars" : "usdt",
    status,
    reason: status === "failed" ? (row.failReason ?? (row.status === "refunded" ? REFUNDED : null)) : null,
    card: product?.productType === "CARDS" ? product.card : null,
    days: product?.productType === "CARDS" ? product.days : null,
    points: product?.productType === "POINTS" ? pointsOf(product) : null,
    createTime: row.createdAt.toISOString(),
    paidTime: row.paidAt?.toISOString() ?? null,
  };
}
