import {
  PAY_SCENARIO,
  type PreChargeData,
  type PurchaseData,
  payRoutes,
  preChargeDataSchema,
  purchaseDataSchema,
  requestIdSchema,
} from "../../../../contract/pay.ts";
import { http } from "../../../shared/api/http.ts";

/** What is being bought: a package by its productId, a points product by its chargeId and productId. */
export type PurchaseItem =
  | { productType: "CARDS"; productId: number }
  | { productType: "POINTS"; productId: number; chargeId: number };

/** POST pay/preCharge: 200 when the USDT balance covers the price; 9002 needTopUp (with the shortfall) if not. */
export function preCharge(item: PurchaseItem): Promise<PreChargeData> {
  const json =
    item.productType === "CARDS"
      ? { productType: item.productType, productId: item.productId }
      : { productType: item.productType, chargeId: item.chargeId };
  return http.post(payRoutes.payPreCharge.path, { json, parse: (data) => preChargeDataSchema.parse(data) });
}

/**
 * Pays from the USDT balance: a package through pay/confirmPayScenario (scenario BUY_POINT_PRODUCT, coin USDT),
 * a points product through points/pointsCharge. `requestId` names this purchase, so a retry is not a second buy.
 */
export function payFromBalance(item: PurchaseItem, requestId: string): Promise<PurchaseData> {
  const parse = (data: unknown) => purchaseDataSchema.parse(data);
  if (item.productType === "CARDS") {
    return http.post(payRoutes.payConfirmPayScenario.path, {
      json: { scenario: PAY_SCENARIO, productType: "CARDS", productId: item.productId, requestId },
      parse,
    });
  }
  return http.post(payRoutes.pointsCharge.path, { json: { chargeId: item.chargeId, requestId }, parse });
}

/** A fresh key for one purchase attempt (the contract's requestId). */
export function newRequestId(): string {
  return requestIdSchema.parse(crypto.randomUUID());
}
