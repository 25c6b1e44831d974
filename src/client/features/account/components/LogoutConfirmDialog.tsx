import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { useLogOut } from "../use-log-out.ts";

/** Spec §2: logout asks first. */
export function LogoutConfirmDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const logOut = useLogOut();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title={t`Log out?`} className="confirm-dialog">
      <p className="confirm-dialog__text">
        <Trans>You will need to sign in again to use your account on this device.</Trans>
      </p>
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t`Cancel`}
        </Button>
        <Button
          variant="primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={async () => {
            setBusy(true);
            try {
              await logOut();
            } finally {
              setBusy(false);
            }
          }}
        >
          {t`Log out`}
        </Button>
      </div>
    </Dialog>
  );
}
