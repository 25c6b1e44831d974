import { formatUnits, parseUnits } from "viem";
import { Swap } from "../../../contract/constants.ts";
import { NATIVE_TOKEN_ADDRESS, SWAP_SLIPPAGE_MAX } from "../../../contract/swap.ts";

/** The pure rules of the swap screen (spec §5 swap validation, §9 arrival times), apart from React. */

export const SLIPPAGE_PRESETS = ["0.5", "1", "3"] as const;

export function isNativeToken(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase();
}

export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The contract tokens of the pair on `chainId`, asked for beside the wallet's list when its balances are read: one
 * read per chain (the same key for the pay side, the receive side and the token picker).
 */
export function pairAssetTokens(
  chainId: number | null,
  pair: readonly ({ chainId: number; address: string } | null)[],
): string[] {
  if (chainId === null) return [];
  const addresses = pair
    .filter((token) => token !== null && token.chainId === chainId && !isNativeToken(token.address))
    .map((token) => token?.address.toLowerCase() ?? "");
  return [...new Set(addresses)].sort();
}

/**
 * What Max sells of the chain's coin when the quote gives no gas figure: 0.001 of the coin is kept for the
 * network fee (enough for a swap's gas on the chains offered at ordinary prices).
 */
export const NATIVE_GAS_RESERVE = "0.001";

/**
 * The amount Max fills in: the whole balance of a token; of the chain's coin the balance less twice the quote's
 * gas (a margin for the gas price moving), or less NATIVE_GAS_RESERVE when the gas is not known. Never below 0.
 */
export function maxAmountText(
  balance: bigint,
  decimals: number,
  native: boolean,
  gasNative: string | null | undefined,
): string {
  const reserve = !native
    ? 0n
    : gasNative
      ? parseUnits(gasNative, decimals) * 2n
      : parseUnits(NATIVE_GAS_RESERVE, decimals);
  const left = balance - reserve;
  return formatUnits(left > 0n ? left : 0n, decimals);
}

/** What an amount field keeps of typed text: digits and one decimal point ("," reads as "."). */
export function cleanAmountInput(text: string): string {
  const normalised = text.replace(/,/g, ".").replace(/[^\d.]/g, "");
  const dot = normalised.indexOf(".");
  if (dot === -1) return normalised.slice(0, 31);
  return `${normalised.slice(0, dot).slice(0, 30)}.${normalised.slice(dot + 1).replace(/\./g, "")}`;
}

/** The amount in the token's smallest units; null when it is not a number or has more decimals than the token. */
export function amountUnits(text: string, decimals: number): bigint | null {
  const trimmed = text.trim();
  if (!/^\d{1,30}(\.\d*)?$/.test(trimmed)) return null;
  const fraction = trimmed.split(".")[1] ?? "";
  if (fraction.length > decimals) return null;
  try {
    return parseUnits(trimmed.endsWith(".") ? trimmed.slice(0, -1) : trimmed, decimals);
  } catch {
    return null;
  }
}

/** The amount as the API takes it: "1.50" → "1.5", "2." → "2". */
export function apiAmount(text: string): string {
  const trimmed = text.trim().replace(/\.$/, "");
  if (!trimmed.includes(".")) return trimmed.replace(/^0+(?=\d)/, "");
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const cutFraction = fraction.replace(/0+$/, "");
  const cutWhole = whole.replace(/^0+(?=\d)/, "") || "0";
  return cutFraction ? `${cutWhole}.${cutFraction}` : cutWhole;
}

export type SlippageIssue = "slippageTooLow" | "slippageTooHigh" | "invalidValue";

export interface SlippageCheck {
  /** the value to ask quotes with; null while the text is not a usable slippage */
  value: string | null;
  issue: SlippageIssue | null;
  /** spec §5: at or above Swap.slippageWarnPercent the user is warned (under 15% is advised) */
  warn: boolean;
}

export function checkSlippage(text: string): SlippageCheck {
  const trimmed = text.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) {
    return { value: null, issue: "invalidValue", warn: false };
  }
  const number = Number(trimmed);
  if (number <= 0) return { value: null, issue: "slippageTooLow", warn: false };
  if (number > SWAP_SLIPPAGE_MAX) return { value: null, issue: "slippageTooHigh", warn: true };
  return { value: trimmed, issue: null, warn: number >= Swap.slippageWarnPercent };
}

/** Spec §9 swap arrival times: about 30 s, 1~3 min, 1~10 min, 5~30 min. */
export type ArrivalBucket = "30s" | "1-3m" | "1-10m" | "5-30m";

export function arrivalBucket(seconds: number): ArrivalBucket {
  if (seconds <= 30) return "30s";
  if (seconds <= 180) return "1-3m";
  if (seconds <= 600) return "1-10m";
  return "5-30m";
}

/** What the action button offers (in the order a user meets them). */
export type SwapAction =
  | { kind: "connect" }
  | { kind: "unsupportedNetwork" }
  | { kind: "switchNetwork" }
  | { kind: "selectToken" }
  | { kind: "enterAmount" }
  | { kind: "invalidAmount" }
  | { kind: "insufficientBalance" }
  | { kind: "fixSlippage" }
  | { kind: "fixReceiveAddress" }
  | { kind: "quoting" }
  | { kind: "noQuote" }
  | { kind: "signIn" }
  | { kind: "approve"; symbol: string }
  | { kind: "swap" }
  | { kind: "busy" };

export interface SwapActionInput {
  connected: boolean;
  /** WalletConnect (inside Telegram) cannot use the from-chain: noUseNetwork */
  chainUsable: boolean;
  onFromChain: boolean;
  tokensChosen: boolean;
  amountText: string;
  amount: bigint | null;
  /** null while not known */
  balance: bigint | null;
  slippageOk: boolean;
  receiveAddressOk: boolean;
  quote: "none" | "loading" | "ready" | "error";
  /** the quote needs an allowance the wallet has not given yet */
  needsApproval: boolean;
  fromSymbol: string;
  /** swaps are orders of an account: a visitor signs in first (quotes need no account) */
  signedIn: boolean;
  busy: boolean;
}

export function swapAction(input: SwapActionInput): SwapAction {
  if (input.busy) return { kind: "busy" };
  if (!input.connected) return { kind: "connect" };
  if (!input.chainUsable) return { kind: "unsupportedNetwork" };
  if (!input.onFromChain) return { kind: "switchNetwork" };
  if (!input.tokensChosen) return { kind: "selectToken" };
  if (input.amountText.trim() === "") return { kind: "enterAmount" };
  if (input.amount === null) return { kind: "invalidAmount" };
  if (input.amount === 0n) return { kind: "enterAmount" };
  if (input.balance !== null && input.amount > input.balance) return { kind: "insufficientBalance" };
  if (!input.slippageOk) return { kind: "fixSlippage" };
  if (!input.receiveAddressOk) return { kind: "fixReceiveAddress" };
  if (input.quote === "loading" || input.quote === "none") return { kind: "quoting" };
  if (input.quote === "error") return { kind: "noQuote" };
  if (!input.signedIn) return { kind: "signIn" };
  if (input.needsApproval) return { kind: "approve", symbol: input.fromSymbol };
  return { kind: "swap" };
}

/** allowance(owner, spender) call data (ERC-20) */
export function allowanceCallData(owner: string, spender: string): string {
  const word = (address: string) => address.slice(2).toLowerCase().padStart(64, "0");
  return `0xdd62ed3e${word(owner)}${word(spender)}`;
}
