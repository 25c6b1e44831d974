import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { swapRoutes } from "../../../contract/swap.ts";
import type { ApiError } from "../../shared/api/api-error.ts";
import { swrOptions } from "../../shared/api/swr-options.ts";
import { getSwapQuote, type QuoteRequest, type SwapQuote } from "./api/swap-api.ts";

/** The request once it has stayed the same for `delayMs` (spec §9 debounce 1 s): typing asks one quote. */
export function useDebounced<T>(value: T, key: string, delayMs: number): T {
  const [settled, setSettled] = useState<{ key: string; value: T }>({ key, value });
  // the value of the latest render; the timer restarts only when the key changes, not on every render
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ key, value: latest.current }), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs, settled.key]);
  return settled.value;
}

function requestKey(request: QuoteRequest | null): string {
  return request === null ? "" : JSON.stringify(request);
}

/** Where the hook reads the time (tests pass a fake one). */
export interface QuoteClock {
  now(): number;
}

const systemClock: QuoteClock = { now: () => Date.now() };

/**
 * The best quote for the request (null: nothing to ask yet), asked `debounceMs` after the last change and asked
 * again when it expires (the server keeps it until expiresAt). Errors are the server's (quoteServiceUnreachable
 * when no quote service answered: no quote is made up). The quote is usable only while nothing failed, it answers
 * the settled request, and its expiresAt is still ahead: an expired quote whose re-ask failed is not offered.
 */
export function useSwapQuote(request: QuoteRequest | null, debounceMs: number, clock: QuoteClock = systemClock) {
  const key = requestKey(request);
  const settled = useDebounced(request, key, debounceMs);
  const settledKey = requestKey(settled);
  const pending = key !== settledKey;
  const swr = useSWR<SwapQuote, ApiError, readonly [string, string] | null>(
    settled === null ? null : [swapRoutes.swapGetQuoteData.path, settledKey],
    () => (settled === null ? Promise.reject(new Error("no request")) : getSwapQuote(settled)),
    { ...swrOptions, keepPreviousData: false },
  );
  const { mutate } = swr;
  const error = pending ? undefined : swr.error;
  const data = pending ? undefined : swr.data;
  const expiresAt = data?.expiresAt;
  const quote =
    data !== undefined && error === undefined && Date.parse(data.expiresAt) > clock.now() ? data : undefined;
  useEffect(() => {
    if (!expiresAt) return;
    const due = Date.parse(expiresAt) - clock.now();
    if (!Number.isFinite(due)) return;
    // setTimeout takes at most 2^31-1 ms; a later expiry is asked again after that long
    const timer = setTimeout(() => void mutate(), Math.min(Math.max(due, 1_000), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [expiresAt, mutate, clock]);
  return {
    quote,
    error,
    loading: request !== null && quote === undefined && error === undefined,
    refreshing: swr.isValidating,
    refresh: () => void mutate(),
  };
}
