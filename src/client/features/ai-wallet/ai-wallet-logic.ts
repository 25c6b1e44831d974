import { formatUnits, parseUnits } from "viem";
import { LIMIT_ORDER_DAYS_MAX } from "../../../contract/ai-wallet.ts";
import { finalSwapStatuses, SWAP_SLIPPAGE_MAX, type SwapOrderStatus } from "../../../contract/swap.ts";
import { isApiError } from "../../shared/api/api-error.ts";

/** The pure rules of the AI wallet screens, apart from React. */

/** What an amount field keeps of typed text: digits and one decimal point ("," reads as "."). */
export function cleanAmount(text: string): string {
  const normalised = text.replace(/,/g, ".").replace(/[^\d.]/g, "");
  const dot = normalised.indexOf(".");
  if (dot === -1) return normalised.slice(0, 30);
  return `${normalised.slice(0, dot).slice(0, 30)}.${normalised
    .slice(dot + 1)
    .replace(/\./g, "")
    .slice(0, 36)}`;
}

/** The amount as the API takes it ("1.50" → "1.5", "2." → "2", "007" → "7"); null when it is no positive amount. */
export function apiAmount(text: string): string | null {
  const trimmed = text.trim().replace(/\.$/, "");
  if (!/^\d{1,30}(\.\d{1,36})?$/.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const cutWhole = whole.replace(/^0+(?=\d)/, "");
  const cutFraction = fraction.replace(/0+$/, "");
  const amount = cutFraction ? `${cutWhole}.${cutFraction}` : cutWhole;
  return /^[0.]+$/.test(amount) ? null : amount;
}

export type AmountIssue = "enterAmount" | "tooManyDecimals" | "aboveBalance";

/** Why an amount cannot be sent (null: it can): none, more decimals than the token has, or above the balance. */
export function amountIssue(text: string, decimals: number, balance: string | null): AmountIssue | null {
  const amount = apiAmount(text);
  if (amount === null) return "enterAmount";
  const fraction = amount.split(".")[1] ?? "";
  if (fraction.length > decimals) return "tooManyDecimals";
  if (balance !== null && /^\d+(\.\d+)?$/.test(balance)) {
    try {
      if (parseUnits(amount, decimals) > parseUnits(balance, decimals)) return "aboveBalance";
    } catch {
      return null;
    }
  }
  return null;
}

/** What Max sells of the chain's coin is the balance less this, kept for the swap's gas. */
export const NATIVE_GAS_RESERVE = "0.001";

/** The amount Max fills in: the whole balance of a token; of the chain's coin, less NATIVE_GAS_RESERVE (never < 0). */
export function maxSellable(balance: string, decimals: number, native: boolean): string {
  try {
    const held = parseUnits(balance, decimals);
    const left = native ? held - parseUnits(NATIVE_GAS_RESERVE, decimals) : held;
    return formatUnits(left > 0n ? left : 0n, decimals);
  } catch {
    return "0";
  }
}

/** The slippage as the API takes it, or null: 0.01 to SWAP_SLIPPAGE_MAX, two decimals at most. */
export function slippageValue(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= SWAP_SLIPPAGE_MAX ? trimmed : null;
}

export type LimitSide = "buy" | "sell";

/** The coin a limit order watches: the coin sold (sell), or the coin bought (buy). */
export function watchedToken<T>(side: LimitSide, from: T, to: T): T {
  return side === "sell" ? from : to;
}

/** How far the limit price is from the market price, in percent (positive: above the market). */
export function limitDistancePercent(limit: number, market: number): number | null {
  if (!(market > 0) || !Number.isFinite(limit)) return null;
  return ((limit - market) / market) * 100;
}

/**
 * Whether the market already meets the limit, so the order would execute at once: a sell at or below the market
 * price, a buy at or above it.
 */
export function limitMetNow(side: LimitSide, limit: number, market: number): boolean {
  return side === "sell" ? market >= limit : market <= limit;
}

/** A limit price field: a positive number (digits and one point). */
export function limitPriceValue(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}(\.\d{1,18})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && Number.isFinite(value) ? value : null;
}

/** The expiry field: a whole number of days from 1 to LIMIT_ORDER_DAYS_MAX, else null ("0", "95", ""). */
export function expiryDaysValue(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days >= 1 && days <= LIMIT_ORDER_DAYS_MAX ? days : null;
}

/** A swap status that does not change any more: the result view stops asking. */
export function swapOrderFinal(status: SwapOrderStatus): boolean {
  return finalSwapStatuses.includes(status);
}

/**
 * Whether a failed call leaves it open what the server did with the request: no answer came (the network, a
 * timeout) or the answer names no cause (Serverbusy). Trying again then reuses the requestId, so the server answers
 * the order it may have made rather than making a second. Any answer that names its cause (a refused coin, the
 * balance, the chain's node unreachable: 502 rpcUnavailable) says nothing was done, and the next try is new.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !isApiError(error) || error.key === "Serverbusy";
}

/** A fresh idempotency key (the contract's requestId: 8-64 of [A-Za-z0-9_-]). */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * One requestId per submit: asking again for the same request (a retry after a failure whose outcome is unknown)
 * gives the same id, so the server does it once; a changed request, or one asked after the last ended (done: it
 * succeeded, or the server said nothing was done), gets a new id.
 */
export class RequestIds {
  private current: { key: string; id: string } | null = null;

  constructor(private readonly make: () => string = newRequestId) {}

  idFor(request: unknown): string {
    const key = JSON.stringify(request);
    if (this.current?.key === key) return this.current.id;
    this.current = { key, id: this.make() };
    return this.current.id;
  }

  /** the request ended (made, or answered as not done): the next one, even if the same, is a new request */
  done(): void {
    this.current = null;
  }
}
