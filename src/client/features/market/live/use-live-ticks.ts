import { useSWRConfig } from "swr";
import { useLiveEvent } from "../../../shared/live/use-live-event.ts";
import { isCoinListKey } from "../api/get-coin-list.ts";
import { marketStatusKey } from "../api/get-market-status.ts";
import { isRealTimePriceKey } from "../api/get-real-time-price.ts";
import { mergeTicksIntoCoinList, mergeTicksIntoPrices } from "./merge-ticks.ts";

/**
 * Feeds the live channel into the swr cache: price ticks update every cached coin list and real-time price
 * answer in place (no refetch), and the channel's hello refreshes the market status label.
 */
export function useLiveTicks(): void {
  const { mutate } = useSWRConfig();
  useLiveEvent("tick", ({ ticks }) => {
    if (ticks.length === 0) return;
    void mutate(isCoinListKey, (data) => mergeTicksIntoCoinList(data, ticks), { revalidate: false });
    void mutate(isRealTimePriceKey, (data) => mergeTicksIntoPrices(data, ticks), { revalidate: false });
  });
  useLiveEvent("hello", (hello) => {
    void mutate(marketStatusKey, hello.market, { revalidate: false });
  });
}
