import type { PriceAlarm } from "../../../contract/alarms.ts";
import type { MarketService } from "../market/market.service.ts";
import { coinImageUrl, type MarketView } from "../market/market-view.ts";
import type { AlarmRow } from "./alarms.repository.ts";

/** The market snapshot when there is one (a live source before its first refresh has none). */
export function viewOrUndefined(market: Pick<MarketService, "view">): MarketView | undefined {
  try {
    return market.view();
  } catch {
    return undefined;
  }
}

/** The market feed serving now: the snapshot's, else (before the first snapshot) the provider's configured name. */
export function sourceNow(view: MarketView | undefined, providerName: () => string): string {
  return view?.source.provider ?? providerName();
}

/**
 * An alarm as the API answers it: the coin's code and image from the market's coin (the generated image when the
 * snapshot does not list it now), and the market feed of its prices: the one that fired it for a fired alarm, the one
 * serving now (`source`) for an armed one.
 */
export function priceAlarmOf(row: AlarmRow, view: MarketView | undefined, source: string): PriceAlarm {
  const coin = view?.byAbbr.get(row.coinAbbr)?.coin;
  return {
    id: row.id,
    coinPair: `${row.coinAbbr}/USDT`,
    coinAbbr: row.coinAbbr,
    coinId: coin?.coinCode ?? row.coinAbbr.toLowerCase(),
    icon: coin?.coinImageUrl ?? coinImageUrl(row.coinAbbr),
    kind: row.kind,
    direction: row.direction,
    price: row.targetPrice,
    percent: row.percent,
    basePrice: row.basePrice,
    unused: row.firedAt === null,
    time: row.createdAt.getTime(),
    firedAt: row.firedAt?.getTime() ?? null,
    firedPrice: row.firedPrice,
    seen: row.seenAt !== null,
    source: row.firedAt !== null && row.firedSource ? row.firedSource : source,
  };
}
