import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SwapOrderStatus } from "../../../contract/swap.ts";
import type { StatusTone } from "../ui/StatusBadge.tsx";

/** Spec §4 swap order statuses, in the spec's words (the swap screen's record and the AI wallet's swaps). */
export const swapStatusText: Readonly<Record<SwapOrderStatus, MessageDescriptor>> = {
  awaiting_deposit: msg`Awaiting user deposit`,
  exchanging: msg`Exchanging`,
  completed: msg`Completed`,
  timeout: msg`Timeout`,
  fail: msg`Failed`,
  waiting_kyc: msg`Waiting for KYC`,
  refund: msg`Refund`,
  refund_completed: msg`Refund completed`,
  pending: msg`Pending`,
  cancelled: msg`Cancelled`,
};

/** A swap order's badge: green when completed or refunded, red when it failed, timed out or was cancelled. */
export function swapStatusTone(status: SwapOrderStatus): StatusTone {
  if (status === "completed" || status === "refund_completed") return "success";
  if (status === "fail" || status === "timeout" || status === "cancelled") return "danger";
  return "progress";
}
