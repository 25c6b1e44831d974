import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { shortenAddress } from "../../../shared/format/address.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { CopyButton } from "../../../shared/ui/CopyButton.tsx";
import { useUserInfo } from "../api/get-user-info.ts";
import { Avatar } from "./Avatar.tsx";
import { AvatarPicker } from "./AvatarPicker.tsx";
import { EditionSwitch } from "./EditionSwitch.tsx";
import { EditUsernameDialog } from "./EditUsernameDialog.tsx";
import "./account.css";

/** The personal center of a signed-in user (spec §2/§3 profile): avatar, username, ids, dates and edition. */
export function PersonalCenter() {
  const { t, i18n } = useLingui();
  const info = useUserInfo();
  const [editing, setEditing] = useState(false);
  // A fresh form each time the dialog opens.
  const [editKey, setEditKey] = useState(0);
  const profile = info.data?.profile;

  if (!profile) {
    return info.error ? (
      <div className="person__state" role="alert">
        <p>{t`Your profile could not be loaded.`}</p>
        <Button variant="primary" onClick={() => void info.mutate()}>
          {t`Retry`}
        </Button>
      </div>
    ) : (
      <p className="person__state" aria-busy="true">
        {t`Loading…`}
      </p>
    );
  }

  const changeableAt = profile.username_changeable_at;
  const nextChange =
    changeableAt && new Date(changeableAt).getTime() > Date.now() ? formatDate(changeableAt, i18n.locale) : "";
  const notSet = t`Not set`;

  return (
    <div className="person">
      <div className="person__identity">
        <Avatar url={profile.avatar_url} name={profile.username} size={80} />
        <AvatarPicker />
      </div>
      <dl className="person__facts">
        <div className="person__fact">
          <dt>{t`Username`}</dt>
          <dd>
            <span className="person__value">{profile.username}</span>
            <Button
              variant="ghost"
              aria-label={t`Edit username`}
              onClick={() => {
                setEditKey((key) => key + 1);
                setEditing(true);
              }}
            >
              {t`Edit`}
            </Button>
            {nextChange ? (
              <span className="person__hint">
                <Trans>You can change it again on {nextChange}.</Trans>
              </span>
            ) : null}
          </dd>
        </div>
        <div className="person__fact">
          <dt>{t`UID`}</dt>
          <dd>
            <span className="person__value">{profile.uid}</span>
          </dd>
        </div>
        <div className="person__fact">
          <dt>{t`Email`}</dt>
          <dd>
            <span className="person__value">{profile.email ?? notSet}</span>
          </dd>
        </div>
        <div className="person__fact">
          <dt>{t`Wallet address`}</dt>
          <dd>
            <span className="person__value" title={profile.wallet_address ?? undefined}>
              {profile.wallet_address ? shortenAddress(profile.wallet_address) : notSet}
            </span>
          </dd>
        </div>
        <div className="person__fact">
          <dt>{t`Registered`}</dt>
          <dd>
            <span className="person__value">{formatDate(profile.created_at, i18n.locale, { withTime: true })}</span>
          </dd>
        </div>
        <div className="person__fact">
          <dt>{t`Invitation code`}</dt>
          <dd>
            <code className="person__value">{profile.invitation_code}</code>
            <CopyButton value={profile.invitation_code} label={t`invitation code`} />
          </dd>
        </div>
      </dl>
      <EditionSwitch />
      <EditUsernameDialog
        key={editKey}
        open={editing}
        onClose={() => setEditing(false)}
        current={profile.username}
        nextChange={nextChange}
      />
    </div>
  );
}
