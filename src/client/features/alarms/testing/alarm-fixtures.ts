import type { AlarmEvent, AlarmListData, PriceAlarm } from "../../../../contract/alarms.ts";

export const replaySource = { mode: "replay", provider: "Binance (replay)", at: "2026-03-02T12:00:00.000Z" } as const;

/** An armed ETH alarm at 3,100 set when ETH stood at 2,985.1; fields may be overridden. */
export function fakeAlarm(overrides: Partial<PriceAlarm> = {}): PriceAlarm {
  return {
    id: 1,
    coinPair: "ETH/USDT",
    coinAbbr: "ETH",
    coinId: "eth",
    icon: "/v2/api/coin/image/ETH.svg",
    kind: "price",
    direction: "above",
    price: 3100,
    percent: null,
    basePrice: 2985.1,
    unused: true,
    time: Date.parse("2026-03-02T11:00:00.000Z"),
    firedAt: null,
    firedPrice: null,
    seen: false,
    source: "Binance (replay)",
    ...overrides,
  };
}

/** A fired ETH alarm: target 3,000 below, reached at 2,985.1 at noon market time. */
export function fakeFiredAlarm(overrides: Partial<PriceAlarm> = {}): PriceAlarm {
  return fakeAlarm({
    id: 2,
    direction: "below",
    price: 3000,
    basePrice: 3050.5,
    unused: false,
    firedAt: Date.parse("2026-03-02T12:00:00.000Z"),
    firedPrice: 2985.1,
    ...overrides,
  });
}

export function fakeAlarmList(list: PriceAlarm[], armedMax = 20): AlarmListData {
  return {
    list,
    armed: list.filter((alarm) => alarm.unused).length,
    armedMax,
    unseen: list.filter((alarm) => !alarm.unused && !alarm.seen).length,
  };
}

export function fakeAlarmEvent(alarm: PriceAlarm = fakeFiredAlarm()): AlarmEvent {
  return { alarm, market: { mode: "replay", provider: "Binance (replay)", at: "2026-03-02T12:00:00.000Z" } };
}
