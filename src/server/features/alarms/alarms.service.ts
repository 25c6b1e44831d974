import { ALARM_ARMED_MAX } from "../../../contract/alarms.ts";
import type { Clock } from "../../providers/clock.ts";
import type { MarketService } from "../market/market.service.ts";
import type { MarketView } from "../market/market-view.ts";
import type { AlarmService } from "./alarm-ports.ts";
import { alarmErrors, alarmTarget, rearmTarget } from "./alarm-rules.ts";
import { priceAlarmOf, sourceNow, viewOrUndefined } from "./alarm-view.ts";
import type { AlarmRow, AlarmsRepository } from "./alarms.repository.ts";

export interface AlarmServiceDeps {
  repository: AlarmsRepository;
  market: Pick<MarketService, "view">;
  /** the market provider's configured name: the source of armed alarms before the first snapshot */
  providerName: () => string;
  clock: Clock;
}

/**
 * Price alarms of one account at a time (spec §3 price alarm entry): set against the coin's price in the market
 * snapshot now, listed armed first, re-armed only when asked. Firing is the evaluator's (alarm-evaluator.ts).
 */
export function createAlarmService(deps: AlarmServiceDeps): AlarmService {
  const { repository, market, clock, providerName } = deps;
  const answer = (row: AlarmRow, view: MarketView | undefined) =>
    priceAlarmOf(row, view, sourceNow(view, providerName));

  /** the coin's price now; a coin the snapshot does not price cannot be watched */
  const priceNow = (coinAbbr: string) => {
    const view = market.view();
    const listed = view.byAbbr.get(coinAbbr.toUpperCase());
    const price = listed?.coin.lastPrice;
    if (!listed || price === undefined || !Number.isFinite(price) || price <= 0)
      throw alarmErrors.unknownCoin(coinAbbr);
    return { view, coinAbbr: listed.coin.coinAbbr, price };
  };

  return {
    async list(userId) {
      const rows = await repository.list(userId);
      const view = viewOrUndefined(market);
      return {
        list: rows.map((row) => answer(row, view)),
        armed: rows.filter((row) => row.firedAt === null).length,
        armedMax: ALARM_ARMED_MAX,
        unseen: rows.filter((row) => row.firedAt !== null && row.seenAt === null).length,
      };
    },

    async add(userId, body) {
      const now = priceNow(body.coinAbbr);
      const target = alarmTarget(body, now.price);
      const stored = await repository.add(userId, { coinAbbr: now.coinAbbr, ...target }, clock.now());
      if (!stored.ok) throw alarmErrors.limitReached();
      return answer(stored.row, now.view);
    },

    async remove(userId, id) {
      if (!(await repository.remove(userId, id))) throw alarmErrors.notFound(id);
      return { id };
    },

    async rearm(userId, id) {
      const result = await repository.rearm(userId, id, clock.now(), (row) =>
        rearmTarget(row, priceNow(row.coinAbbr).price),
      );
      if (!result) throw alarmErrors.notFound(id);
      if (!result.ok) throw alarmErrors.limitReached();
      return answer(result.row, viewOrUndefined(market));
    },

    async seen(userId, body) {
      return { unseen: await repository.seen(userId, body.ids, clock.now()) };
    },
  };
}
