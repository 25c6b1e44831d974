import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { LIMIT_ORDER_DAYS_MAX, type LimitOrder, type Withdrawal } from "../../../contract/ai-wallet.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";
import { isApiError } from "../../shared/api/api-error.ts";
import { isDisplayable, type MaybeNumber, NO_VALUE } from "../../shared/format/no-value.ts";
import { formatCompactNumber } from "../../shared/format/numbers.ts";
import { formatTokenAmount } from "../../shared/format/token-amount.ts";
import { messageForKey, messageKeyText } from "../../shared/i18n/message-key-text.ts";
import type { StatusTone } from "../../shared/ui/StatusBadge.tsx";

/** The AI wallet's texts that depend on an answer: statuses and the failures of its forms. */

/**
 * A sum in US dollars (a wallet's value, a daily limit): spec §5's amount text with a dollar sign, "$1,745.7",
 * "$50,000", "$1.2M"; prices keep formatUsd's four decimals.
 */
export function usdAmount(value: MaybeNumber): string {
  if (!isDisplayable(value)) return NO_VALUE;
  return `${value < 0 ? "-" : ""}$${formatCompactNumber(Math.abs(value))}`;
}

export const withdrawalStatusText: Readonly<Record<Withdrawal["status"], MessageDescriptor>> = {
  awaiting_code: msg`Waiting for the code`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  completed: msg`Completed`,
  fail: msg`Failed`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
};

export const limitStatusText: Readonly<Record<LimitOrder["status"], MessageDescriptor>> = {
  open: msg`Open`,
  executing: msg`Executing`,
  completed: msg`Completed`,
  fail: msg`Failed`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
};

export function withdrawalTone(status: Withdrawal["status"]): StatusTone {
  if (status === "completed" || status === "sent") return "success";
  if (status === "fail" || status === "cancelled" || status === "expired") return "danger";
  return "progress";
}

export function limitTone(status: LimitOrder["status"]): StatusTone {
  if (status === "completed") return "success";
  if (status === "fail" || status === "cancelled" || status === "expired") return "danger";
  return "progress";
}

/** Still moving: the list is read again until it is not. */
export function withdrawalMoving(status: Withdrawal["status"]): boolean {
  return status === "sending" || status === "sent";
}

export function limitMoving(status: LimitOrder["status"]): boolean {
  return status === "open" || status === "executing";
}

/** The field a failure belongs to, so its message is shown there (and the field named). */
export type FormField = "amount" | "toAddress" | "code" | "limitPrice" | "slippage" | "expiresInDays" | "form";

const fieldOfKey: Partial<Record<MessageKey, FormField>> = {
  Insufficientbalance: "amount",
  amountTooSmall: "amount",
  amountOutOfRange: "amount",
  invalidAddress: "toAddress",
  addressChecksum: "toAddress",
  ownAddress: "toAddress",
  sanctionedAddress: "toAddress",
  exchangeAddress: "toAddress",
  codeError: "code",
  codeError2: "code",
  verifyLimitError: "code",
  VerificationCode: "code",
  limitPriceAbsurd: "limitPrice",
  slippageTooLow: "slippage",
  slippageTooHigh: "slippage",
};

const requestFields: Readonly<Record<string, FormField>> = {
  amount: "amount",
  toAddress: "toAddress",
  code: "code",
  limitPrice: "limitPrice",
  slippage: "slippage",
  expiresInDays: "expiresInDays",
};

const daysMax = LIMIT_ORDER_DAYS_MAX;
/** The expiry field holds no whole number of days from 1 to the most a limit order may last. */
export const expiryDaysText = msg`Enter a whole number of days from 1 to ${daysMax}.`;

/**
 * What the user is told when a limit order ends on its own (the push channel's limitOrder event): executed with
 * what it received, failed with why (`reason`: the failure's text, already in the user's language), or expired.
 * Null for a change the user made themselves or one still under way.
 */
export function limitOutcomeText(order: LimitOrder, reason: string): MessageDescriptor | null {
  const paid = `${formatTokenAmount(order.fromAmount)} ${order.fromToken.symbol}`;
  const received = `${formatTokenAmount(order.receivedAmount)} ${order.toToken.symbol}`;
  switch (order.status) {
    case "completed":
      return msg`Limit order completed: you paid ${paid} and received ${received}.`;
    case "fail":
      return msg`Limit order for ${paid} failed: ${reason}`;
    case "expired":
      return msg`Limit order for ${paid} expired; nothing was swapped.`;
    default:
      return null;
  }
}

export interface FormFailure {
  field: FormField;
  text: MessageDescriptor;
  /** above the daily exchange limit (331): the identity check (KYC) is named too */
  kyc: boolean;
}

/** A wrong code says how many tries are left when the server tells (spec §8 2006; 2015 when none are). */
function wrongCodeText(remaining: number | undefined): MessageDescriptor {
  if (remaining === undefined) return messageKeyText.codeError2;
  return remaining > 0
    ? msg`Wrong verification code. ${remaining} tries left before a 15-minute lock.`
    : messageKeyText.verifyLimitError;
}

/** Where a failed call's message goes, and its text (by message key; unknown failures read Serverbusy). */
export function formFailure(error: unknown): FormFailure {
  if (!isApiError(error)) {
    console.error("An AI wallet call failed", error);
    return { field: "form", text: messageKeyText.Serverbusy, kyc: false };
  }
  const byField = error.field !== undefined ? requestFields[error.field] : undefined;
  const field = fieldOfKey[error.key] ?? byField ?? "form";
  const text =
    error.key === "codeError" || error.key === "codeError2" ? wrongCodeText(error.remaining) : messageForKey(error.key);
  return { field, text, kyc: error.code === ErrorCode.ExchangeDailyLimit && error.key !== "kycNeeded" };
}
