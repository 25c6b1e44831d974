import { type Key, unstable_serialize, useSWRConfig } from "swr";
import { useLiveEvent } from "../../../shared/live/use-live-event.ts";
import { categoryListKey } from "../api/get-category-list.ts";
import { coinListKeyName, isCoinListKey } from "../api/get-coin-list.ts";
import { coinSentimentKey } from "../api/get-coin-sentiment.ts";
import { dashboardKlineKeyName } from "../api/get-dashboard-kline.ts";
import { type MarketStatus, marketStatusKey } from "../api/get-market-status.ts";
import { isRealTimePriceKey, realTimePriceKeyName } from "../api/get-real-time-price.ts";
import { tokenInfoKeyName } from "../api/get-token-info.ts";
import { mergeTicksIntoCoinList, mergeTicksIntoPrices } from "./merge-ticks.ts";

/** Every market read the swr cache holds, by its key (a path, or a tuple starting with one). */
const MARKET_READS: ReadonlySet<string> = new Set([
  coinListKeyName,
  realTimePriceKeyName,
  tokenInfoKeyName,
  dashboardKlineKeyName,
  coinSentimentKey,
  categoryListKey,
]);
const isMarketRead = (key: unknown) => MARKET_READS.has(Array.isArray(key) ? key[0] : key);

/**
 * Feeds the live channel into the swr cache: price ticks update every cached coin list and real-time price
 * answer in place (no refetch), and the channel's hello refreshes the market status label.
 *
 * Each tick carries the market status of its refresh. When the server switched source (the live market stopped or
 * came back: replay <-> live), the label changes with that tick and every market read on screen is fetched again
 * from the new source instead of having the other source's prices merged into it.
 */
export function useLiveTicks(): void {
  const { mutate, cache } = useSWRConfig();
  useLiveEvent("tick", ({ ticks, market }) => {
    const shown = cache.get(marketStatusKey)?.data as MarketStatus | undefined;
    if (market && shown && market.mode !== shown.mode) {
      void mutate(marketStatusKey, market, { revalidate: false });
      void mutate(isMarketRead);
      return;
    }
    if (market) void mutate(marketStatusKey, market, { revalidate: false });
    if (ticks.length === 0) return;
    // only answers already in the cache: swr drops the answer of a read in flight when its key is mutated meanwhile,
    // so a tick during a list's first read would leave that list loading for good
    const held = (key: Key) => cache.get(unstable_serialize(key))?.data !== undefined;
    void mutate(
      (key) => isCoinListKey(key) && held(key),
      (data) => mergeTicksIntoCoinList(data, ticks),
      {
        revalidate: false,
      },
    );
    void mutate(
      (key) => isRealTimePriceKey(key) && held(key),
      (data) => mergeTicksIntoPrices(data, ticks),
      {
        revalidate: false,
      },
    );
  });
  useLiveEvent("hello", (hello) => {
    void mutate(marketStatusKey, hello.market, { revalidate: false });
  });
}
