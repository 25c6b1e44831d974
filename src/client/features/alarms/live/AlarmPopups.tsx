import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useEffect, useId, useRef, useState } from "react";
import { alarmEventSchema, type PriceAlarm } from "../../../../contract/alarms.ts";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { useLiveEvent } from "../../../shared/live/use-live-event.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { alarmRearmedText, firedText } from "../alarm-text.ts";
import { useAlarmActions, useAlarmUserId, useRefreshAlarms, useReloadAlarmList } from "../api/alarm-api.ts";
import { FiredAlarmAction } from "../components/FiredAlarmAction.tsx";
import { useNewAlarmDialog } from "../components/use-new-alarm-dialog.tsx";
import {
  acknowledgeAlarms,
  type FiredQueue,
  firedAlarmsAtom,
  queueMissedAlarms,
  queuePushedAlarm,
  resetFiredAlarms,
} from "./fired-alarms.ts";
import { useTrackLatestPrices } from "./latest-prices.ts";
import "../components/alarms.css";

interface FiredAlarmProps {
  alarm: PriceAlarm;
  busy: boolean;
  onRearm: () => void;
  onNewAlarm: () => void;
}

/** One fired alarm: its coin, the price that fired it against the target, the feed it came from and when. */
function FiredAlarm({ alarm, busy, onRearm, onNewAlarm }: FiredAlarmProps) {
  const { t, i18n } = useLingui();
  const textId = useId();
  const provider = alarm.source;
  const time = formatDate(alarm.firedAt === null ? null : new Date(alarm.firedAt), i18n.locale, { withTime: true });
  return (
    <li className="alarm-fired">
      <img className="alarm-coin__icon" src={alarm.icon} alt="" width={32} height={32} />
      <div className="alarm-fired__text" id={textId}>
        <p className="alarm-fired__pair">{alarm.coinPair}</p>
        <p className="alarm-fired__what">{i18n._(firedText(alarm))}</p>
        <p className="alarm-coin__source">{t`Source: ${provider}, market time ${time}`}</p>
      </div>
      <FiredAlarmAction alarm={alarm} busy={busy} describedBy={textId} onRearm={onRearm} onNewAlarm={onNewAlarm} />
    </li>
  );
}

/**
 * Spec §2 price alarm popup: an alarm of the signed-in account that fires while the app is open (the live
 * channel's `alarm` event) opens a dialog; several at once are listed in the same one. Alarms that fired while the
 * channel was down (a phone asleep, Telegram in the background) are read from the list on each (re)connect and when
 * the app is shown again, and join it. "OK" (or closing it) marks them seen; "Re-arm" arms one again, or, while the
 * price still stands past a price alarm's target, "Set a new alarm" opens the form on its coin.
 */
export function AlarmPopups() {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const actions = useAlarmActions();
  const refresh = useRefreshAlarms();
  const reload = useReloadAlarmList();
  const userId = useAlarmUserId();
  const [queue, updateQueue] = useAtom(firedAlarmsAtom);
  const newAlarm = useNewAlarmDialog();
  const [busyId, setBusyId] = useState<number | null>(null);
  useTrackLatestPrices();

  const change = (update: (current: FiredQueue) => FiredQueue) => updateQueue({ owner: userId, change: update });

  useLiveEvent("alarm", (data) => {
    const parsed = alarmEventSchema.safeParse(data);
    if (!parsed.success) return;
    const { alarm, market } = parsed.data;
    host.haptics.notification("warning");
    change((current) => queuePushedAlarm(current, { ...alarm, firedAt: alarm.firedAt ?? Date.parse(market.at) }));
    refresh();
  });

  /** the alarms that fired while no stream was open, from the list read now */
  const catchUp = async () => {
    const loaded = await reload().catch(() => undefined);
    if (!loaded) return;
    updateQueue({ owner: loaded.owner, change: (current) => queueMissedAlarms(current, loaded.data.list) });
  };
  const latestCatchUp = useRef(catchUp);
  latestCatchUp.current = catchUp;

  // another account's alarms never stay on screen, and an account signed in again starts with none but the
  // unseen ones its list holds (the stream may have said hello before the sign-in was known)
  useEffect(() => {
    updateQueue(resetFiredAlarms(userId));
    if (userId !== null) void latestCatchUp.current();
  }, [updateQueue, userId]);
  // every (re)connect says hello first
  useLiveEvent("hello", () => void latestCatchUp.current());
  useEffect(() => {
    const onShown = () => {
      if (document.visibilityState === "visible") void latestCatchUp.current();
    };
    document.addEventListener("visibilitychange", onShown);
    return () => document.removeEventListener("visibilitychange", onShown);
  }, []);

  const acknowledge = (ids: readonly number[], markSeen: boolean) => {
    change((current) => acknowledgeAlarms(current, ids));
    if (markSeen && ids.length > 0) actions.seen(ids).catch(() => undefined);
  };
  const acknowledgeAll = () =>
    acknowledge(
      queue.alarms.map((alarm) => alarm.id),
      true,
    );

  const rearm = async (id: number) => {
    setBusyId(id);
    try {
      const alarm = await actions.rearm(id);
      toast.show(alarmRearmedText(alarm), "success");
      acknowledge([id], false);
    } catch (failure) {
      const key = isApiError(failure) ? failure.key : "Serverbusy";
      toast.show(messageForKey(key), "error");
      if (key === "alarmNotFound") acknowledge([id], false);
    } finally {
      setBusyId(null);
    }
  };

  const setNew = async (alarm: PriceAlarm) => {
    if (await newAlarm.start(alarm)) acknowledge([alarm.id], true);
  };

  const alarms = queue.alarms;
  const several = alarms.length > 1;
  return (
    <>
      <Dialog
        open={alarms.length > 0}
        onClose={acknowledgeAll}
        title={several ? t`Price alarms` : t`Price alarm`}
        className="alarm-popup"
      >
        <ul className="alarm-fired-list">
          {alarms.map((alarm) => (
            <FiredAlarm
              key={alarm.id}
              alarm={alarm}
              busy={busyId === alarm.id || newAlarm.loadingId === alarm.id}
              onRearm={() => void rearm(alarm.id)}
              onNewAlarm={() => void setNew(alarm)}
            />
          ))}
        </ul>
        <div className="form__actions">
          <Button variant="primary" onClick={acknowledgeAll}>
            {t`OK`}
          </Button>
        </div>
      </Dialog>
      {newAlarm.element}
    </>
  );
}
