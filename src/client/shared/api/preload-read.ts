import { preload } from "swr";

/**
 * Starts a read ahead of the component that shows it, into swr's preload slot: the first hook with the same key
 * takes the request in flight instead of sending another. A failure is left to that hook (never unhandled here).
 */
export function preloadRead<Key extends string | readonly unknown[], Data>(
  key: Key,
  fetcher: (key: Key) => Promise<Data>,
): void {
  Promise.resolve(preload(key, fetcher)).catch(() => undefined);
}
