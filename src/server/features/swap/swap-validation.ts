import { encodeFunctionData, erc20Abi, getAddress, parseUnits } from "viem";
import { Swap } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";
import { ApiError } from "../../api-error.ts";
import type { QuoteFailure } from "../../providers/swap/quote-source.ts";

/**
 * The checks of spec §5 (swap validation) and the errors of spec §8 (218, 331, 3001) the swap service answers with.
 * Pure: no chain and no database here; the service asks those and calls these with what they said.
 */

export { isNativeToken as isNative } from "../../../contract/swap.ts";

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();

/** 1001 chainNotSupported on the field: the chain is not in the table, or swaps are not offered on it here. */
export const chainNotSupported = (field: string) =>
  new ApiError(
    ErrorCode.RequestFailed,
    "chainNotSupported",
    400,
    [{ field, key: "chainNotSupported" }],
    "swaps are not offered on this chain here",
  );

/** 218 coinNotSwappable: the token is not known on its chain (neither listed nor an ERC-20 there). */
export const coinNotSwappable = (field: string) =>
  new ApiError(
    ErrorCode.CoinNotSwappable,
    "coinNotSwappable",
    400,
    [{ field, key: "coinNotSwappable" }],
    "this token cannot be swapped here",
  );

/** 3001: a receive address where funds would be lost (a contract, one of the pair's tokens, a router). */
export const exchangeAddress = (field: string) =>
  new ApiError(
    ErrorCode.InvalidDestinationAddress,
    "exchangeAddress",
    400,
    [{ field, key: "exchangeAddress" }],
    "the receive address is a contract or an exchange's address",
  );

/** 331: the account's swaps of the UTC day would pass the exchange daily limit (spec: KYC needed above it). */
export const kycNeeded = (limitUsd: number) =>
  new ApiError(
    ErrorCode.ExchangeDailyLimit,
    "kycNeeded",
    400,
    [],
    `swaps above ${limitUsd} USD a day need an identity check`,
  );

export const invalidField = (field: string, key: MessageKey, message: string, status: 400 | 404 | 409 = 400) =>
  new ApiError(ErrorCode.RequestFailed, key, status, [{ field, key }], message);

export const quoteExpired = () => invalidField("quoteId", "quoteExpired", "the quote is unknown or expired");

export const orderNotFound = () => invalidField("orderId", "orderNotFound", "no such swap order of this account", 404);

/** The field a source's failure is about, when it is about the request. */
const FAILURE_FIELD: Partial<Record<QuoteFailure, string>> = {
  amountOutOfRange: "amount",
  insufficientLiquidity: "amount",
  unsupportedSwapPair: "toToken",
  noQuotation: "toToken",
  gasNotEnough: "fromAddress",
};

/**
 * How telling each failure is when every source failed: an answer about the request (the amount is out of range, no
 * liquidity) says more than a source that errored or could not be reached. quoteServiceUnreachable only when no
 * source could be reached at all.
 */
const FAILURE_RANK: readonly QuoteFailure[] = [
  "amountOutOfRange",
  "insufficientLiquidity",
  "gasNotEnough",
  "unsupportedSwapPair",
  "noQuotation",
  "tooFrequent",
  "swapQuoteError",
  "quoteServiceUnreachable",
];

export function mostTelling(reasons: readonly QuoteFailure[]): QuoteFailure {
  for (const reason of FAILURE_RANK) if (reasons.includes(reason)) return reason;
  return "quoteServiceUnreachable";
}

/**
 * A source's failure as the API answers it (code 1001 with the failure's message key). Answers about the request
 * (amount out of range, no liquidity, no route, gas) are 400 naming the field; a source that errored, refused us
 * (tooFrequent) or could not be reached is not the user's input: 502 (503 when none is configured at all), as the
 * other routes answer an outside service that is down (Google, X, Telegram).
 */
export function quoteFailure(reason: QuoteFailure, message: string): ApiError {
  const field = FAILURE_FIELD[reason];
  if (field) return new ApiError(ErrorCode.RequestFailed, reason, 400, [{ field, key: reason }], message);
  return new ApiError(ErrorCode.RequestFailed, reason, reason === "tooFrequent" ? 503 : 502, [], message);
}

/** No quote source is configured here (SWAP_SOURCES=none): quotes cannot be given, none is made up. */
export const noSourcesConfigured = () =>
  new ApiError(ErrorCode.RequestFailed, "quoteServiceUnreachable", 503, [], "no quote source is configured");

/**
 * A decimal amount in the token's units as a raw integer: more decimals than the token has is invalidValue, and the
 * amount must be above 0.
 */
export function toRawAmount(amount: string, decimals: number, field = "amount"): bigint {
  const fraction = amount.split(".")[1] ?? "";
  if (fraction.replace(/0+$/, "").length > decimals) {
    throw invalidField(field, "invalidValue", `the token has ${decimals} decimals`);
  }
  const raw = parseUnits(amount, decimals);
  if (raw <= 0n) throw invalidField(field, "invalidValue", "the amount must be above 0");
  return raw;
}

/** Slippage in percent ("0.5") as basis points (50); the contract's schema checked it is above 0 and at most 50. */
export function slippageBps(slippage: string): number {
  return Math.round(Number(slippage) * 100);
}

/** spec §5: high slippage is warned at or above Swap.slippageWarnPercent (15%) */
export const highSlippage = (slippage: string) => Number(slippage) >= Swap.slippageWarnPercent;

/**
 * Whether eth_getCode's answer is a contract. An EIP-7702 delegation designator (0xef0100 + address) is an account
 * that is still its owner's: funds sent there are not lost, so it is not a contract here.
 */
export function isContractCode(code: string | undefined): boolean {
  if (!code || code === "0x") return false;
  return !/^0xef0100[0-9a-f]{40}$/i.test(code);
}

/** The ERC-20 approval of exactly the amount (spec §5 "minimum approval amount": never an unlimited allowance). */
export function approveCalldata(spender: `0x${string}`, amount: bigint): `0x${string}` {
  return encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [getAddress(spender), amount] });
}

/** toToken per one fromToken, as a decimal string with at most 18 decimals (trailing zeros cut). */
export function rateOf(fromRaw: bigint, fromDecimals: number, toRaw: bigint, toDecimals: number): string {
  if (fromRaw === 0n) return "0";
  const scale = 10n ** 18n;
  const scaled = (toRaw * 10n ** BigInt(fromDecimals) * scale) / (fromRaw * 10n ** BigInt(toDecimals));
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(18, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * The revert reasons of a swap whose price moved beyond the slippage: Uniswap v2/v3 routers, 1inch, 0x, ParaSwap,
 * LI.FI's diamond and common DEX routers say it in these words.
 */
const SLIPPAGE_REVERTS = [
  /INSUFFICIENT_OUTPUT_AMOUNT/i,
  /Too little received/i,
  /Return amount is not enough/i,
  /ReturnAmountIsNotEnough/i,
  /IncompleteTransformERC20Error/i,
  /Received amount of tokens are less then expected/i,
  /CumulativeSlippageTooHigh/i,
  /SlippageTooHigh/i,
  /slippage/i,
  /minReturn/i,
  /INSUFFICIENT_B?_?AMOUNT/i,
];

export const isSlippageRevert = (text: string) => SLIPPAGE_REVERTS.some((pattern) => pattern.test(text));
