import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { formatDate } from "../../../shared/format/date-time.ts";
import { displayName } from "../../../shared/format/display-name.ts";
import { accountAtom } from "../../../shared/session/session.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { CopyButton } from "../../../shared/ui/CopyButton.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import type { LazyDialogProps } from "../../../shared/ui/lazy-load.tsx";
import { useUserInfo } from "../api/get-user-info.ts";
import { quotaText } from "../quota-text.ts";
import { Avatar } from "./Avatar.tsx";
import { LogoutConfirmDialog } from "./LogoutConfirmDialog.tsx";

/**
 * The header's user popover (spec §2), a sheet on phones: who is signed in, today's allowance, the personal
 * center, points and check-in (said honestly to be coming), the invitation code, and logout with confirmation.
 */
export function AccountSheet({ open, onClose }: LazyDialogProps) {
  const { t, i18n } = useLingui();
  const account = useAtomValue(accountAtom);
  const info = useUserInfo();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [, navigate] = useLocation();
  const profile = info.data?.profile;
  const name = displayName(profile?.username ?? account, { context: "popover" });
  const invitationCode = profile?.invitation_code ?? "";
  const uid = profile?.uid;

  return (
    <Dialog open={open} onClose={onClose} title={t`Account`} className="account-sheet">
      <div className="account-card">
        <Avatar url={profile?.avatar_url} name={profile?.username ?? account} size={56} />
        <div className="account-card__who">
          <p className="account-card__name">{name || t`Signed in`}</p>
          {uid ? (
            <p className="account-card__uid">
              <Trans>UID: {uid}</Trans>
            </p>
          ) : null}
        </div>
      </div>

      {info.data ? (
        <p className="account-quota">{i18n._(quotaText(info.data, (iso) => formatDate(iso, i18n.locale)))}</p>
      ) : info.error ? (
        <div className="account-quota account-quota--error">
          <span>{t`Your account details could not be loaded.`}</span>
          <Button variant="ghost" onClick={() => void info.mutate()}>
            {t`Retry`}
          </Button>
        </div>
      ) : (
        <p className="account-quota" aria-busy="true">
          {t`Loading…`}
        </p>
      )}

      <ul className="account-rows">
        <li>
          <Link
            href="/person/"
            className="account-row account-row--link"
            onClick={(event) => {
              // The page takes the sheet's history entry, so back returns to where the sheet was opened.
              event.preventDefault();
              navigate("/person/", { replace: true });
              onClose();
            }}
          >
            <span>{t`Personal center`}</span>
            <span aria-hidden="true">›</span>
          </Link>
        </li>
        <li className="account-row">
          <span>{t`Points`}</span>
          <span className="account-row__note">{t`Points arrive soon`}</span>
        </li>
        {invitationCode ? (
          <li className="account-row">
            <span>{t`Invitation code`}</span>
            <span className="account-row__value">
              <code>{invitationCode}</code>
              <CopyButton value={invitationCode} label={t`invitation code`} />
            </span>
          </li>
        ) : null}
        <li className="account-row">
          <span>{t`Daily check-in`}</span>
          <span className="account-row__note">{t`Not available yet`}</span>
        </li>
      </ul>

      <Button variant="secondary" className="account-logout" onClick={() => setConfirmOpen(true)}>
        {t`Log out`}
      </Button>
      <LogoutConfirmDialog open={confirmOpen} onClose={() => setConfirmOpen(false)} />
    </Dialog>
  );
}
