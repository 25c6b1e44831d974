import { atom } from "jotai";
import type { AlarmEvent } from "../../../../contract/alarms.ts";

/** Alarms pushed while the app is open and not yet acknowledged: the popup lists them all in one dialog. */
export const firedAlarmsAtom = atom<readonly AlarmEvent[]>([]);

/** The queue with `event` added at the end; an alarm already queued is replaced (a re-armed one fired again). */
export function queueFiredAlarm(queue: readonly AlarmEvent[], event: AlarmEvent): readonly AlarmEvent[] {
  return [...queue.filter((other) => other.alarm.id !== event.alarm.id), event];
}
