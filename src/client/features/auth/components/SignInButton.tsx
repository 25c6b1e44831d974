import { useLingui } from "@lingui/react/macro";
import { useSetAtom } from "jotai";
import { signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { Icon } from "../../../shared/ui/Icon.tsx";

/** The header's (and sign-in-first pages') "Sign in": opens the one sign-in dialog (SignInDialogHost). */
export function SignInButton({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  return (
    <button
      type="button"
      className={compact ? "button button--ghost icon-button" : "button button--primary"}
      aria-haspopup="dialog"
      aria-label={compact ? t`Sign in` : undefined}
      onClick={() => openSignIn(true)}
    >
      {compact ? <Icon name="user" /> : t`Sign in`}
    </button>
  );
}
