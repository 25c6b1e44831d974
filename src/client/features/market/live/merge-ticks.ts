import type { LiveEvents } from "../../../shared/live/live-channel.ts";
import type { CoinList } from "../api/get-coin-list.ts";
import type { RealTimePrices } from "../api/get-real-time-price.ts";

export type Ticks = LiveEvents["tick"]["ticks"];

function byAbbr(ticks: Ticks) {
  return new Map(ticks.map((tick) => [tick.coinAbbr.toUpperCase(), tick]));
}

/** The coin list with pushed prices (and the market caps they make) applied; the same object when no listed coin
 * ticked (no re-render). */
export function mergeTicksIntoCoinList(data: CoinList | undefined, ticks: Ticks): CoinList | undefined {
  if (!data) return data;
  const latest = byAbbr(ticks);
  let changed = false;
  const list = data.list.map((coin) => {
    const tick = latest.get(coin.coinAbbr.toUpperCase());
    if (!tick || (tick.lastPrice === coin.lastPrice && tick.change === coin.change)) return coin;
    changed = true;
    // market cap is circulating supply × price: it follows the price; the 1h / 7d changes and the volume wait for
    // the list's next read
    const marketCap = coin.marketCap === null ? null : (coin.marketCap / coin.lastPrice) * tick.lastPrice;
    return { ...coin, lastPrice: tick.lastPrice, change: tick.change, marketCap };
  });
  return changed ? { ...data, list } : data;
}

export function mergeTicksIntoPrices(data: RealTimePrices | undefined, ticks: Ticks): RealTimePrices | undefined {
  if (!data) return data;
  const latest = byAbbr(ticks);
  let changed = false;
  const list = data.list.map((item) => {
    const tick = latest.get(item.coinAbbr.toUpperCase());
    if (!tick || (tick.lastPrice === item.lastPrice && tick.change === item.change)) return item;
    changed = true;
    return { ...item, lastPrice: tick.lastPrice, change: tick.change };
  });
  return changed ? { ...data, list } : data;
}
