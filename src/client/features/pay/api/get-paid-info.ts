import useSWR from "swr";
import { type OrderData, orderSchema, payRoutes } from "../../../../contract/pay.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { usePayUserId } from "./pay-keys.ts";

const paidInfoPath = payRoutes.payGetPaidInfo.path;
export type PaidInfoKey = readonly [typeof paidInfoPath, string, string];

/** POST pay/getPaidInfo: one of the user's orders and its status. */
export function getPaidInfo([, , orderNo]: PaidInfoKey): Promise<OrderData> {
  return http.post(paidInfoPath, { json: { orderNo }, parse: (data) => orderSchema.parse(data) });
}

/** The order a payment result names, read while signed in. */
export function usePaidInfo(orderNo: string | null) {
  const userId = usePayUserId();
  const key: PaidInfoKey | null = userId === null || !orderNo ? null : [paidInfoPath, userId, orderNo];
  return useSWR<OrderData, ApiError, PaidInfoKey | null>(key, getPaidInfo, swrOptions);
}
