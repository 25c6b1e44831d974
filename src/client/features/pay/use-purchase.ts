import type { MessageDescriptor } from "@lingui/core";
import { useCallback } from "react";
import { ErrorCode } from "../../../contract/errors.ts";
import type { PurchaseData } from "../../../contract/pay.ts";
import { isApiError } from "../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../shared/i18n/message-key-text.ts";
import { useRefreshAfterPayment } from "./api/pay-keys.ts";
import { type PurchaseItem, payFromBalance, preCharge } from "./api/purchase-calls.ts";

export type PurchaseOutcome =
  | { kind: "paid"; data: PurchaseData }
  /** 9002 needTopUp: the USDT balance does not cover the price */
  | { kind: "topUp" }
  | { kind: "error"; message: MessageDescriptor };

/**
 * Spec §4 purchase: pre-charge, then pay from the USDT balance. 9002 (at either step: the balance may have been
 * spent in between) asks for a top-up; a paid order refreshes the card, points, balance and order list.
 */
export function usePurchase(): (item: PurchaseItem, requestId: string) => Promise<PurchaseOutcome> {
  const refresh = useRefreshAfterPayment();
  return useCallback(
    async (item, requestId) => {
      try {
        await preCharge(item);
        const data = await payFromBalance(item, requestId);
        refresh();
        return { kind: "paid", data };
      } catch (error) {
        if (!isApiError(error)) return { kind: "error", message: messageKeyText.Serverbusy };
        if (error.code === ErrorCode.NeedTopUp) return { kind: "topUp" };
        return { kind: "error", message: messageForKey(error.key) };
      }
    },
    [refresh],
  );
}
