import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useId, useState } from "react";
import { type AlarmEvent, alarmEventSchema } from "../../../../contract/alarms.ts";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { useLiveEvent } from "../../../shared/live/use-live-event.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { alarmRearmedText, firedText } from "../alarm-text.ts";
import { useAlarmActions, useRefreshAlarms } from "../api/alarm-api.ts";
import { firedAlarmsAtom, queueFiredAlarm } from "./fired-alarms.ts";
import "../components/alarms.css";

function FiredAlarm({ event, onRearm, busy }: { event: AlarmEvent; onRearm: () => void; busy: boolean }) {
  const { t, i18n } = useLingui();
  const textId = useId();
  const { alarm, market } = event;
  const provider = market.provider;
  const time = formatDate(alarm.firedAt === null ? market.at : new Date(alarm.firedAt), i18n.locale, {
    withTime: true,
  });
  return (
    <li className="alarm-fired">
      <img className="alarm-coin__icon" src={alarm.icon} alt="" width={32} height={32} />
      <div className="alarm-fired__text" id={textId}>
        <p className="alarm-fired__pair">{alarm.coinPair}</p>
        <p className="alarm-fired__what">{i18n._(firedText(alarm))}</p>
        <p className="alarm-coin__source">{t`Source: ${provider}, market time ${time}`}</p>
      </div>
      <Button variant="secondary" onClick={onRearm} disabled={busy} aria-describedby={textId}>
        {t`Re-arm`}
      </Button>
    </li>
  );
}

/**
 * Spec §2 price alarm popup: an alarm of the signed-in account that fires while the app is open (the live
 * channel's `alarm` event) opens a dialog; several at once are listed in the same one. "OK" (or closing it) marks
 * them seen; "Re-arm" arms that one again.
 */
export function AlarmPopups() {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const actions = useAlarmActions();
  const refresh = useRefreshAlarms();
  const [queue, setQueue] = useAtom(firedAlarmsAtom);
  const [busyId, setBusyId] = useState<number | null>(null);

  useLiveEvent("alarm", (data) => {
    const parsed = alarmEventSchema.safeParse(data);
    if (!parsed.success) return;
    host.haptics.notification("warning");
    setQueue((list) => queueFiredAlarm(list, parsed.data));
    refresh();
  });

  const drop = (id: number) => setQueue((list) => list.filter((event) => event.alarm.id !== id));

  const acknowledge = () => {
    const ids = queue.map((event) => event.alarm.id);
    setQueue([]);
    if (ids.length > 0) actions.seen(ids).catch(() => undefined);
  };

  const rearm = async (id: number) => {
    setBusyId(id);
    try {
      const alarm = await actions.rearm(id);
      toast.show(alarmRearmedText(alarm), "success");
      drop(id);
    } catch (failure) {
      const key = isApiError(failure) ? failure.key : "Serverbusy";
      toast.show(messageForKey(key), "error");
      if (key === "alarmNotFound") drop(id);
    } finally {
      setBusyId(null);
    }
  };

  const several = queue.length > 1;
  return (
    <Dialog
      open={queue.length > 0}
      onClose={acknowledge}
      title={several ? t`Price alarms` : t`Price alarm`}
      className="alarm-popup"
    >
      <ul className="alarm-fired-list">
        {queue.map((event) => (
          <FiredAlarm
            key={event.alarm.id}
            event={event}
            busy={busyId === event.alarm.id}
            onRearm={() => void rearm(event.alarm.id)}
          />
        ))}
      </ul>
      <div className="form__actions">
        <Button variant="primary" onClick={acknowledge}>
          {t`OK`}
        </Button>
      </div>
    </Dialog>
  );
}
