import type { AddAlarmBody, AlarmEvent, AlarmListData, AlarmSeenBody, PriceAlarm } from "../../../contract/alarms.ts";

/**
 * What the app, the bot and the chat ask of price alarms. Every call is one account's (`userId`); errors are
 * ApiErrors with the alarm message keys (alarmUnknownCoin, alarmPriceAbsurd, alarmPercentOutOfRange,
 * alarmAlreadyCrossed, alarmLimitReached, alarmNotFound) and the field named.
 */
export interface AlarmService {
  list(userId: number): Promise<AlarmListData>;
  add(userId: number, body: AddAlarmBody): Promise<PriceAlarm>;
  remove(userId: number, id: number): Promise<{ id: number }>;
  rearm(userId: number, id: number): Promise<PriceAlarm>;
  seen(userId: number, body: AlarmSeenBody): Promise<{ unseen: number }>;
}

/** One alarm that fired on a tick, for the account that set it. */
export interface FiredAlarm extends AlarmEvent {
  userId: number;
}

/**
 * Where fired alarms go besides the list: the push channel (the open app's dialog) and the bot (accounts with
 * Telegram). The evaluator hands each tick's fired alarms to every channel; a channel's failure is logged, never
 * un-fires an alarm.
 */
export interface AlarmChannel {
  readonly name: string;
  deliver(fired: readonly FiredAlarm[]): Promise<void>;
}
