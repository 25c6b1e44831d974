import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { fakeAlarm, fakeFiredAlarm } from "../testing/alarm-fixtures.ts";
import {
  acknowledgeAlarms,
  firedAlarmsAtom,
  queueMissedAlarms,
  queuePushedAlarm,
  resetFiredAlarms,
} from "./fired-alarms.ts";

function signedIn(userId: string) {
  const store = createStore();
  store.set(userIdAtom, userId);
  store.set(loginStatusAtom, "loggedIn");
  return store;
}

const ids = (store: ReturnType<typeof createStore>) => store.get(firedAlarmsAtom).alarms.map((alarm) => alarm.id);

describe("fired alarm queue", () => {
  it("belongs to the signed-in account: another account, or none, sees it empty", () => {
    const store = signedIn("7");
    store.set(firedAlarmsAtom, { owner: "7", change: (queue) => queuePushedAlarm(queue, fakeFiredAlarm()) });
    expect(ids(store)).toEqual([2]);
    store.set(userIdAtom, "8");
    expect(ids(store)).toEqual([]);
    // an answer asked for the account before arrives after the switch: dropped
    store.set(firedAlarmsAtom, { owner: "7", change: (queue) => queuePushedAlarm(queue, fakeFiredAlarm({ id: 3 })) });
    expect(ids(store)).toEqual([]);
    store.set(loginStatusAtom, "loggedOut");
    store.set(firedAlarmsAtom, { owner: null, change: (queue) => queuePushedAlarm(queue, fakeFiredAlarm()) });
    expect(ids(store)).toEqual([]);
  });

  it("is emptied by a reset, so the account signed in again does not get the old queue back", () => {
    const store = signedIn("7");
    store.set(firedAlarmsAtom, { owner: "7", change: (queue) => queuePushedAlarm(queue, fakeFiredAlarm()) });
    store.set(userIdAtom, "8");
    store.set(firedAlarmsAtom, resetFiredAlarms("8"));
    store.set(userIdAtom, "7");
    expect(ids(store)).toEqual([]);
  });

  it("adds the list's fired, unseen alarms it lacks, earliest first, never one acknowledged or queued", () => {
    const store = signedIn("7");
    const later = fakeFiredAlarm({ id: 4, firedAt: Date.parse("2026-03-02T13:00:00.000Z") });
    const list = [fakeAlarm(), later, fakeFiredAlarm(), fakeFiredAlarm({ id: 5, seen: true })];
    store.set(firedAlarmsAtom, { owner: "7", change: (queue) => queuePushedAlarm(queue, later) });
    store.set(firedAlarmsAtom, { owner: "7", change: (queue) => queueMissedAlarms(queue, list) });
    expect(ids(store)).toEqual([4, 2]);
    store.set(firedAlarmsAtom, { owner: "7", change: (queue) => acknowledgeAlarms(queue, [2, 4]) });
    store.set(firedAlarmsAtom, { owner: "7", change: (queue) => queueMissedAlarms(queue, list) });
    expect(ids(store)).toEqual([]);
    // re-armed and fired again: a new firing, listed again
    const again = { ...later, firedAt: Date.parse("2026-03-02T14:00:00.000Z") };
    store.set(firedAlarmsAtom, { owner: "7", change: (queue) => queueMissedAlarms(queue, [again]) });
    expect(ids(store)).toEqual([4]);
  });
});
