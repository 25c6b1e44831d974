import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { finalSwapStatuses, type SwapOrder, type SwapOrderStatus } from "../../../../contract/swap.ts";
import { isNativeToken } from "../swap-logic.ts";

export function isFinalStatus(status: SwapOrderStatus): boolean {
  return finalSwapStatuses.includes(status);
}

export const orderTypeText: Readonly<Record<SwapOrder["type"], MessageDescriptor>> = {
  market: msg`Market`,
  limit: msg`Limit`,
};

/** Spec §4 transfer steps, in order. */
export const transferSteps = ["approve", "transfer", "inProgress", "completed"] as const;
export type TransferStep = (typeof transferSteps)[number];

export const transferStepText: Readonly<Record<TransferStep, MessageDescriptor>> = {
  approve: msg`Approve`,
  transfer: msg`Transfer`,
  inProgress: msg`In progress`,
  completed: msg`Completed`,
};

export type StepState = "done" | "current" | "failed" | "todo" | "skipped";

/**
 * Where an order stands on the spec's four transfer steps. Selling the chain's coin needs no approval (skipped).
 * An order awaiting its deposit is at the approval until an approval hash is known, then at the transfer; a
 * reported transaction not yet mined (pending) is still the transfer; exchanging, KYC and a refund under way are
 * in progress; completed (or refunded) marks every step done. An order that stopped (fail, timeout, cancelled)
 * marks the step it stopped at as failed.
 */
export function stepStates(order: SwapOrder): Record<TransferStep, StepState> {
  const approve: StepState = isNativeToken(order.fromToken.address) ? "skipped" : "done";
  const at = (current: TransferStep, mark: "current" | "failed"): Record<TransferStep, StepState> => {
    const index = transferSteps.indexOf(current);
    const state = (step: TransferStep): StepState => {
      const position = transferSteps.indexOf(step);
      if (position < index) return step === "approve" ? approve : "done";
      return position === index ? mark : "todo";
    };
    return {
      approve: state("approve"),
      transfer: state("transfer"),
      inProgress: state("inProgress"),
      completed: state("completed"),
    };
  };
  const waitingStep: TransferStep = order.approveHash === null && approve !== "skipped" ? "approve" : "transfer";
  switch (order.status) {
    case "awaiting_deposit":
      return at(waitingStep, "current");
    case "pending":
      return at("transfer", "current");
    case "exchanging":
    case "waiting_kyc":
    case "refund":
      return at("inProgress", "current");
    case "completed":
    case "refund_completed":
      return { approve, transfer: "done", inProgress: "done", completed: "done" };
    case "fail":
    case "timeout":
    case "cancelled":
      return at(order.transferOutHash === null ? waitingStep : "inProgress", "failed");
  }
}
