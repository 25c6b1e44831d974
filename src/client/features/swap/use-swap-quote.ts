import { useEffect, useRef } from "react";
import useSWR from "swr";
import { swapRoutes } from "../../../contract/swap.ts";
import type { ApiError } from "../../shared/api/api-error.ts";
import { swrOptions } from "../../shared/api/swr-options.ts";
import { useDebouncedValue } from "../../shared/hooks/use-debounced-value.ts";
import { getSwapQuote, type QuoteRequest, type SwapQuote } from "./api/swap-api.ts";

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
  // the request's text is debounced (a new request object comes with every render); the request asked is the
  // one that text was made from
  const settledKey = useDebouncedValue(key, debounceMs);
  const requests = useRef(new Map<string, QuoteRequest | null>());
  if (!requests.current.has(key)) requests.current.set(key, request);
  const settled = requests.current.get(settledKey) ?? null;
  // keep only the live requests: the one typed now and the one asked
  for (const seen of requests.current.keys()) if (seen !== key && seen !== settledKey) requests.current.delete(seen);
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
