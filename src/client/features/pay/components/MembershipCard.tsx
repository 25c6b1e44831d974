import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Quotas } from "../../../../contract/constants.ts";
import type { UserInfoData } from "../../../../contract/user.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { cardPlanName, membershipView } from "../membership.ts";
import "./pay.css";

export interface MembershipCardProps {
  /** the signed-in user's info; undefined for a visitor */
  info: UserInfoData | undefined;
  /** opens the purchase dialog (or asks a visitor to sign in) */
  onUpgrade: () => void;
}

/**
 * The membership card (spec §2): the standard view with today's allowance and an upgrade, or the VIP/trial view
 * with the end date (and a warning when it is near), unlimited daily chats and advanced analysis, the exchange
 * limit, and renew.
 */
export function MembershipCard({ info, onUpgrade }: MembershipCardProps) {
  const view = membershipView(info);
  return view === "standard" || !info ? (
    <StandardCard info={info} onUpgrade={onUpgrade} />
  ) : (
    <UnlimitedCard info={info} trial={view === "trial"} onUpgrade={onUpgrade} />
  );
}

function StandardCard({ info, onUpgrade }: MembershipCardProps) {
  const { t } = useLingui();
  const visitorChats = Quotas.visitorDailyChats;
  const userChats = Quotas.userDailyChats;
  const plusChats = Quotas.plusExtraDailyChats;
  const remain = info?.queryTimes.today.remain ?? 0;
  const total = info?.queryTimes.today.total ?? 0;
  const titleId = useId();
  return (
    <section className="membership-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="membership-card__title">
        <Trans>Standard</Trans>
      </h3>
      <ul className="membership-card__facts">
        {info ? (
          <li>
            {t`Daily chats`}:{" "}
            <Trans>
              {remain} of {total} left today
            </Trans>
          </li>
        ) : (
          <li>
            <Trans>
              Visitors: {visitorChats} free chat a day. Signed in: {userChats} a day, {plusChats} more with PLUS.
            </Trans>
          </li>
        )}
        <li>
          {t`Advanced analysis`}: {t`unlocked with points`}
        </li>
      </ul>
      <p className="membership-card__pitch">
        <Trans>VIP and trial members chat and use advanced analysis without a daily limit.</Trans>
      </p>
      <Button variant="primary" onClick={onUpgrade}>
        {t`Upgrade`}
      </Button>
    </section>
  );
}

function UnlimitedCard({ info, trial, onUpgrade }: { info: UserInfoData; trial: boolean; onUpgrade: () => void }) {
  const { t, i18n } = useLingui();
  const plan = cardPlanName(info.card);
  const until = info.expiredTime ? formatDate(info.expiredTime, i18n.locale) : "";
  const days = info.expiredDays;
  const { remain, total } = info.queryTimes.exchange;
  const titleId = useId();
  return (
    <section className="membership-card membership-card--vip" aria-labelledby={titleId}>
      <h3 id={titleId} className="membership-card__title">
        {trial ? t`Trial` : t`VIP`}
        {plan ? <span className="membership-card__plan"> · {i18n._(plan)}</span> : null}
      </h3>
      {until ? (
        <p className="membership-card__until">
          <Trans>Valid until {until}</Trans>
        </p>
      ) : null}
      {info.timeAlert ? (
        <p className="membership-card__warning" role="alert">
          <Plural
            value={days}
            one="Your membership ends in # day. Renew to keep unlimited use."
            other="Your membership ends in # days. Renew to keep unlimited use."
          />
        </p>
      ) : null}
      <ul className="membership-card__facts">
        <li>{t`Unlimited daily chats`}</li>
        <li>{t`Unlimited advanced analysis`}</li>
        <li>
          {t`Exchange limit`}:{" "}
          {total > 0 ? (
            <Trans>
              {remain} of {total} left today
            </Trans>
          ) : (
            t`none today`
          )}
        </li>
      </ul>
      <Button variant="primary" onClick={onUpgrade}>
        {trial ? t`Upgrade` : t`Renew`}
      </Button>
    </section>
  );
}
