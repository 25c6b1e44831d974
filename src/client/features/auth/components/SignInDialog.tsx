import { Trans, useLingui } from "@lingui/react/macro";
import { useHost } from "../../../host/host-context.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import type { LazyDialogProps } from "../../../shared/ui/lazy-load.tsx";
import { loginMethodLabels } from "../login-method-labels.ts";
import "./sign-in.css";

/**
 * The ways to sign in that this host offers (Telegram hides social sign-in and browser wallets). Accounts
 * are not open yet, so the options are shown, and said to be unavailable, rather than pretending to work.
 */
export function SignInDialog({ open, onClose }: LazyDialogProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  return (
    <Dialog open={open} onClose={onClose} title={t`Sign in`}>
      <p className="sign-in__note">
        <Trans>Accounts are not open yet. These are the ways you will be able to sign in here:</Trans>
      </p>
      <ul className="sign-in__methods" aria-label={t`Sign-in methods`}>
        {host.loginMethods.map((method) => (
          <li key={method}>
            <button type="button" className="sign-in__method" disabled>
              {i18n._(loginMethodLabels[method])}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
