import { atom } from "jotai";
import type { PriceAlarm } from "../../../../contract/alarms.ts";
import { alarmUserIdAtom } from "../api/alarm-api.ts";

/**
 * The fired alarms the popup lists, of one account: the ones pushed while the app is open and the ones that fired
 * while it was not (read from the list on each reconnect), until the user acknowledges them.
 */
export interface FiredQueue {
  /** the account they belong to */
  readonly owner: string | null;
  /** in the order they arrived; one entry per alarm */
  readonly alarms: readonly PriceAlarm[];
  /** the firings acknowledged here (see firingKey), so a list read before the server heard of it adds none back */
  readonly done: ReadonlySet<string>;
}

const emptyQueue = (owner: string | null): FiredQueue => ({ owner, alarms: [], done: new Set() });

/** One firing of an alarm: a re-armed alarm that fires again is a new one. */
const firingKey = (alarm: Pick<PriceAlarm, "id" | "firedAt">) => `${alarm.id}@${alarm.firedAt}`;

/** The queue with a pushed alarm at the end; an alarm already queued is replaced (a re-armed one fired again). */
export function queuePushedAlarm(queue: FiredQueue, alarm: PriceAlarm): FiredQueue {
  if (queue.done.has(firingKey(alarm))) return queue;
  return { ...queue, alarms: [...queue.alarms.filter((other) => other.id !== alarm.id), alarm] };
}

/** The queue with the list's fired, unseen alarms it does not hold yet added at the end, the earliest fired first. */
export function queueMissedAlarms(queue: FiredQueue, list: readonly PriceAlarm[]): FiredQueue {
  const queued = new Set(queue.alarms.map((alarm) => alarm.id));
  const missed = list
    .filter((alarm) => !alarm.unused && !alarm.seen && alarm.firedAt !== null)
    .filter((alarm) => !queued.has(alarm.id) && !queue.done.has(firingKey(alarm)))
    .sort((a, b) => (a.firedAt ?? 0) - (b.firedAt ?? 0));
  return missed.length === 0 ? queue : { ...queue, alarms: [...queue.alarms, ...missed] };
}

/** The queue without the given alarms, their firings remembered as acknowledged. */
export function acknowledgeAlarms(queue: FiredQueue, ids: readonly number[]): FiredQueue {
  const leaving = queue.alarms.filter((alarm) => ids.includes(alarm.id));
  if (leaving.length === 0) return queue;
  return {
    ...queue,
    alarms: queue.alarms.filter((alarm) => !ids.includes(alarm.id)),
    done: new Set([...queue.done, ...leaving.map(firingKey)]),
  };
}

const queueAtom = atom<FiredQueue>(emptyQueue(null));

/** A change of the queue, for the account it was made for. */
export interface FiredQueueUpdate {
  owner: string | null;
  change: (queue: FiredQueue) => FiredQueue;
}

/**
 * The signed-in account's queue: another account's (after a sign-out or a switch) reads as empty at once. An update
 * made for an account no longer signed in (a list that arrived after the switch) is dropped.
 */
export const firedAlarmsAtom = atom(
  (get): FiredQueue => {
    const queue = get(queueAtom);
    const user = get(alarmUserIdAtom);
    return user !== null && queue.owner === user ? queue : emptyQueue(user);
  },
  (get, set, update: FiredQueueUpdate) => {
    const user = get(alarmUserIdAtom);
    if (update.owner !== user) return;
    const stored = get(queueAtom);
    const current = stored.owner === user ? stored : emptyQueue(user);
    set(queueAtom, user === null ? emptyQueue(null) : update.change(current));
  },
);

/** Empties the queue for `owner`: a new account (or the same one signed in again) starts with none on screen. */
export const resetFiredAlarms = (owner: string | null): FiredQueueUpdate => ({
  owner,
  change: () => emptyQueue(owner),
});
