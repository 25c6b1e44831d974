import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Link } from "wouter";
import type { PriceAlarm } from "../../../../contract/alarms.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatPrice } from "../../../shared/format/price.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { firedText, watchText } from "../alarm-text.ts";
import { FiredAlarmAction } from "./FiredAlarmAction.tsx";

export interface AlarmListItemProps {
  alarm: PriceAlarm;
  /** fired and not seen when the list was opened */
  isNew: boolean;
  busy: boolean;
  onDelete: () => void;
  onRearm: () => void;
  /** "Set a new alarm" on the coin (offered instead of re-arm while the price stands past a price alarm's target) */
  onNewAlarm: () => void;
  /** the coin's link was followed (the popover closes) */
  onNavigate: () => void;
}

/**
 * One alarm of the popover: what it watches (armed) or what fired it (fired), each with the feed and the market
 * time of its price, with delete and re-arm (or a new alarm on the coin).
 */
export function AlarmListItem({ alarm, isNew, busy, onDelete, onRearm, onNewAlarm, onNavigate }: AlarmListItemProps) {
  const { t, i18n } = useLingui();
  const textId = useId();
  const armed = alarm.unused;
  const base = formatPrice(alarm.basePrice);
  const setAt = formatDate(new Date(alarm.time), i18n.locale, { withTime: true });
  const firedAt = alarm.firedAt === null ? "" : formatDate(new Date(alarm.firedAt), i18n.locale, { withTime: true });
  const source = alarm.source;
  return (
    <li className={["alarm-item", armed ? "alarm-item--armed" : "alarm-item--fired"].join(" ")}>
      <img className="alarm-coin__icon" src={alarm.icon} alt="" width={28} height={28} />
      <div className="alarm-item__text" id={textId}>
        <p className="alarm-item__pair">
          <Link href={`/crypto/${encodeURIComponent(alarm.coinId)}`} onClick={onNavigate}>
            {alarm.coinPair}
          </Link>
          {armed ? (
            <span className="alarm-item__state">{t`Armed`}</span>
          ) : (
            <span className="alarm-item__state alarm-item__state--fired">{isNew ? t`Fired · new` : t`Fired`}</span>
          )}
        </p>
        <p className="alarm-item__what">{i18n._(armed ? watchText(alarm) : firedText(alarm))}</p>
        <p className="alarm-coin__source">
          {armed ? t`Set at ${base} USDT on ${setAt} · ${source}` : t`Market time ${firedAt} · ${source}`}
        </p>
      </div>
      <div className="alarm-item__actions">
        {armed ? null : (
          <FiredAlarmAction alarm={alarm} busy={busy} describedBy={textId} onRearm={onRearm} onNewAlarm={onNewAlarm} />
        )}
        <Button variant="ghost" onClick={onDelete} disabled={busy} aria-describedby={textId}>
          {t`Delete`}
        </Button>
      </div>
    </li>
  );
}
