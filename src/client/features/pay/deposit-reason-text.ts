import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { messageForKey } from "../../shared/i18n/message-key-text.ts";

/**
 * Why a deposit is pending or failed, or why an order failed, in words. Deposit reasons are message keys
 * (contract deposits.ts); a refunded order's reason is "refunded".
 */
export function reasonText(reason: string | null | undefined): MessageDescriptor | undefined {
  if (!reason) return undefined;
  if (reason === "refunded") return msg`The payment was refunded.`;
  return messageForKey(reason);
}
