import { atom, useSetAtom } from "jotai";
import type { z } from "zod";
import type { tickEventSchema } from "../../../../contract/market.ts";
import { useLiveEvent } from "../../../shared/live/use-live-event.ts";

/** The last price the live channel ticked for each coin (USDT, by upper-case symbol); none before the first tick. */
export const latestPricesAtom = atom<ReadonlyMap<string, number>>(new Map<string, number>());

/** The prices with a tick's figures written over them; the same map when the tick changes none. */
export function mergeTickPrices(
  prices: ReadonlyMap<string, number>,
  ticks: z.infer<typeof tickEventSchema>["ticks"],
): ReadonlyMap<string, number> {
  const changed = ticks.filter((tick) => prices.get(tick.coinAbbr.toUpperCase()) !== tick.lastPrice);
  if (changed.length === 0) return prices;
  const next = new Map(prices);
  for (const tick of changed) next.set(tick.coinAbbr.toUpperCase(), tick.lastPrice);
  return next;
}

/** Keeps latestPricesAtom up with the live channel's ticks (mounted once, with the popups). */
export function useTrackLatestPrices(): void {
  const setPrices = useSetAtom(latestPricesAtom);
  useLiveEvent("tick", ({ ticks }) => setPrices((prices) => mergeTickPrices(prices, ticks)));
}
