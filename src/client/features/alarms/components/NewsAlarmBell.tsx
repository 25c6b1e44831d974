import { Trans, useLingui } from "@lingui/react/macro";
import { atom, useAtom, useSetAtom } from "jotai";
import { type MouseEvent, type ReactNode, useId, useState } from "react";
import type { PriceAlarm } from "../../../../contract/alarms.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { StrokeIcon } from "../../../shared/ui/Icon.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { alarmRearmedText } from "../alarm-text.ts";
import { useAlarmActions, useAlarmList, useAlarmUserId } from "../api/alarm-api.ts";
import { AlarmListItem } from "./AlarmListItem.tsx";
import { useNewAlarmDialog } from "./use-new-alarm-dialog.tsx";
import "./alarms.css";

const BELL = "M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0";

/** The badge's count: up to 99, then "99+". */
const BADGE_MAX = 99;

/** The pushed news the popover has shown, by code: the badge counts only the ones that came after. */
const shownNewsAtom = atom<ReadonlySet<string>>(new Set<string>());

export interface NewsAlarmBellProps {
  /** the news pushed while the app is open, as the news feature lists it */
  news: ReactNode;
  /** their codes, newest first (empty: no news yet) */
  newsCodes: readonly string[];
}

interface AlarmSectionProps {
  onClose: () => void;
  newIds: ReadonlySet<number>;
  /** "Set a new alarm" on a fired alarm's coin; the id whose price is being read meanwhile */
  onNewAlarm: (alarm: PriceAlarm) => void;
  newAlarmLoadingId: number | null;
}

function AlarmSection({ onClose, newIds, onNewAlarm, newAlarmLoadingId }: AlarmSectionProps) {
  const { t } = useLingui();
  const toast = useToast();
  const userId = useAlarmUserId();
  const list = useAlarmList();
  const actions = useAlarmActions();
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const [busyId, setBusyId] = useState<number | null>(null);
  const headingId = useId();

  const run = async (id: number, action: () => Promise<unknown>) => {
    setBusyId(id);
    try {
      await action();
    } catch (failure) {
      toast.show(messageForKey(isApiError(failure) ? failure.key : "Serverbusy"), "error");
    } finally {
      setBusyId(null);
    }
  };
  const remove = (id: number) =>
    run(id, async () => {
      await actions.remove(id);
      toast.show(messageKeyText.delSuccess, "success");
    });
  const rearm = (id: number) =>
    run(id, async () => {
      toast.show(alarmRearmedText(await actions.rearm(id)), "success");
    });

  let body: ReactNode;
  if (userId === null) {
    body = (
      <div className="alarm-section__empty">
        <p>{t`Sign in to set price alarms and see them here.`}</p>
        <Button
          variant="primary"
          onClick={() => {
            onClose();
            openSignIn(true);
          }}
        >
          {t`Sign in`}
        </Button>
      </div>
    );
  } else if (list.error) {
    body = (
      <div className="alarm-section__empty" role="alert">
        <p>{t`Your price alarms could not be loaded.`}</p>
        <Button variant="ghost" onClick={() => void list.mutate()}>
          {t`Retry`}
        </Button>
      </div>
    );
  } else if (!list.data) {
    body = (
      <p className="alarm-section__empty" aria-busy="true">
        {t`Loading…`}
      </p>
    );
  } else if (list.data.list.length === 0) {
    body = <p className="alarm-section__empty">{t`No price alarms yet. Set one from a token's page.`}</p>;
  } else {
    const armed = formatCompactNumber(list.data.armed);
    const armedMax = formatCompactNumber(list.data.armedMax);
    body = (
      <>
        <p className="alarm-section__count">{t`${armed} of ${armedMax} alarms armed`}</p>
        <ul className="alarm-list" aria-labelledby={headingId}>
          {list.data.list.map((alarm) => (
            <AlarmListItem
              key={alarm.id}
              alarm={alarm}
              isNew={newIds.has(alarm.id)}
              busy={busyId === alarm.id || newAlarmLoadingId === alarm.id}
              onDelete={() => void remove(alarm.id)}
              onRearm={() => void rearm(alarm.id)}
              onNewAlarm={() => onNewAlarm(alarm)}
              onNavigate={onClose}
            />
          ))}
        </ul>
      </>
    );
  }
  return (
    <section className="alarm-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="alarm-section__title">
        {t`Price alarms`}
      </h3>
      {body}
    </section>
  );
}

/**
 * The header's news-and-alarm popover (spec §2): a bell with the count of what is new (fired alarms not seen, news
 * pushed since it was last opened). Opening it lists the pushed news and the account's alarms, armed and fired,
 * and marks the fired ones it shows seen (one that fired after the list was read stays new).
 */
export default function NewsAlarmBell({ news, newsCodes }: NewsAlarmBellProps) {
  const { t } = useLingui();
  const list = useAlarmList();
  const actions = useAlarmActions();
  const [shownNews, setShownNews] = useAtom(shownNewsAtom);
  const [open, setOpen] = useState(false);
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const newAlarm = useNewAlarmDialog();

  const unseenAlarms = list.data?.unseen ?? 0;
  const freshNews = newsCodes.filter((code) => !shownNews.has(code)).length;
  const newCount = unseenAlarms + freshNews;
  const count = newCount > BADGE_MAX ? `${formatCompactNumber(BADGE_MAX)}+` : formatCompactNumber(newCount);

  const onOpen = () => {
    setOpen(true);
    setShownNews(new Set(newsCodes));
    const shownIds = (list.data?.list ?? []).filter((alarm) => !alarm.unused && !alarm.seen).map((alarm) => alarm.id);
    setNewIds(new Set(shownIds));
    if (shownIds.length > 0) actions.seen(shownIds).catch(() => undefined);
  };
  const onClose = () => setOpen(false);
  const onNewAlarm = async (alarm: PriceAlarm) => {
    if (await newAlarm.start(alarm)) onClose();
  };
  // a news headline or a coin followed from the popover closes it
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) onClose();
  };

  return (
    <>
      <button
        type="button"
        className="button button--ghost icon-button news-alarm-bell"
        aria-haspopup="dialog"
        aria-label={newCount > 0 ? t`News and price alarms: ${count} new` : t`News and price alarms`}
        onClick={onOpen}
      >
        <StrokeIcon d={BELL} />
        {newCount > 0 ? (
          <span className="news-alarm-bell__badge" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </button>
      <Dialog open={open} onClose={onClose} title={t`News and price alarms`} className="news-alarm-popover">
        <AlarmSection
          onClose={onClose}
          newIds={newIds}
          onNewAlarm={(alarm) => void onNewAlarm(alarm)}
          newAlarmLoadingId={newAlarm.loadingId}
        />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only watches for links followed inside */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter too */}
        <div className="news-alarm-popover__news" onClick={closeOnLink}>
          {newsCodes.length > 0 ? (
            news
          ) : (
            <section className="alarm-section">
              <h3 className="alarm-section__title">
                <Trans>Just in</Trans>
              </h3>
              <p className="alarm-section__empty">{t`News that arrives while the app is open is listed here.`}</p>
            </section>
          )}
        </div>
      </Dialog>
      {newAlarm.element}
    </>
  );
}
