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

/**
 * An alarm as the API answers it: the coin's code and image from the market's coin (the generated image when the
 * snapshot does not list it now), and the market feed the prices come from.
 */
export function priceAlarmOf(row: AlarmRow, view: MarketView | undefined): PriceAlarm {
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
    source: view?.source.provider ?? "",
  };
}
