import type { AddAlarmBody, AlarmEvent, AlarmListData, AlarmSeenBody, PriceAlarm } from "../../../contract/alarms.ts";
import type { AlarmRow } from "./alarms.repository.ts";

/**
 * What the app, the bot and the chat ask of price alarms. Every call is one account's (`userId`); errors are
 * ApiErrors with the alarm message keys (alarmUnknownCoin, alarmPriceAbsurd, alarmPercentOutOfRange,
 * alarmAlreadyCrossed, alarmLimitReached, alarmNotFound, invalidValue for a direction a percent move contradicts)
 * and the field named.
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

/** What a channel's sweep is given on each evaluated tick. */
export interface AlarmSweep {
  /** the market time of the tick */
  at: Date;
  /** fired alarms read back from their rows, as the evaluator hands them out (their own fired time and source) */
  firedOf(rows: readonly AlarmRow[]): FiredAlarm[];
}

/**
 * Where fired alarms go besides the list: the push channel (the open app's dialog) and the bot (accounts with
 * Telegram). The evaluator hands each tick's fired alarms to every channel and waits for `deliver` before the next
 * tick, so a channel that is slow to deliver (the bot, at Telegram's pace) queues them for its own background work
 * and returns at once. A channel's failure is logged, never un-fires an alarm.
 */
export interface AlarmChannel {
  readonly name: string;
  deliver(fired: readonly FiredAlarm[]): Promise<void>;
  /**
   * After each tick's evaluation, on the node holding the evaluation lease: delivers what earlier deliveries left
   * undelivered (a send that failed, a node that stopped between firing and delivering).
   */
  sweep?(tick: AlarmSweep): Promise<void>;
  /** resolves once the channel's background deliveries are done */
  idle?(): Promise<void>;
  /** takes nothing more and waits for the sends in flight; what is left is a later sweep's, on any node */
  stop?(): Promise<void>;
}
