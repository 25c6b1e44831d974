import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { Points } from "../../../../contract/constants.ts";
import { useHost } from "../../../host/host-context.tsx";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { CopyButton } from "../../../shared/ui/CopyButton.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useInviteInfo, webInviteLink } from "../api/get-invite-info.ts";
import { InviteQr } from "./InviteQr.tsx";
import "./points.css";

/** A read-only field (its text selected on focus) with the Copy button named after it. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="invite-card__row">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="invite-card__field">
        <input id={id} className="input" readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton label={label} value={value} />
      </div>
    </div>
  );
}

/**
 * Invitations (spec §1, §9): the user's code, the web app's link (and the bot's t.me link when the server has a
 * bot), a QR of the link, and the friends who signed up with the points earned. Both sides get a random 10-100
 * points once the friend's account is made.
 */
export function InviteCard() {
  const { t, i18n } = useLingui();
  const host = useHost();
  const info = useInviteInfo();
  const min = Points.inviteRewardMin;
  const max = Points.inviteRewardMax;
  let body: ReactNode;
  if (info.data) {
    const { invitationCode, botLink, count, points, list } = info.data;
    const link = webInviteLink(invitationCode);
    const earned = formatPoints(points);
    body = (
      <>
        <CopyRow label={t`Invitation code`} value={invitationCode} />
        <CopyRow label={t`Invitation link`} value={link} />
        {botLink ? <CopyRow label={t`Telegram invitation link`} value={botLink} /> : null}
        <div className="invite-card__share">
          <InviteQr link={link} />
          <Button
            onClick={() => void host.share.shareUrl(link, t`Join me on MountainLion, the AI assistant for crypto.`)}
          >
            {t`Share the invitation`}
          </Button>
        </div>
        <p className="invite-card__totals">
          <Plural value={count} one="# friend invited" other="# friends invited" />
          {" · "}
          {t`${earned} points earned`}
        </p>
        {list.length > 0 ? (
          <ul className="invite-card__list" aria-label={t`Friends invited`}>
            {list.map((invitee) => (
              <li key={`${invitee.createTime}-${invitee.userName}`} className="invite-card__invitee">
                <span>{invitee.userName}</span>
                <time dateTime={invitee.createTime}>{formatDate(invitee.createTime, i18n.locale)}</time>
                <span className="reward-list__points">{`+${formatPoints(invitee.points)}`}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </>
    );
  } else if (info.error) {
    body = <LoadError onRetry={() => void info.mutate()}>{t`Your invitations could not be loaded.`}</LoadError>;
  } else body = <p aria-busy="true">{t`Loading…`}</p>;

  return (
    <section className="points-card invite-card" aria-labelledby="invite-card-title">
      <h2 id="invite-card-title" className="points-card__title">
        <Trans>Invite friends</Trans>
      </h2>
      <p className="points-card__note">
        <Trans>
          When a friend signs up with your code or link, you each get {min} to {max} points.
        </Trans>
      </p>
      {body}
    </section>
  );
}
