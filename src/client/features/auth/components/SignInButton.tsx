import { useLingui } from "@lingui/react/macro";
import { Icon } from "../../../shared/ui/Icon.tsx";
import { useLazyDialog } from "../../../shared/ui/lazy-load.tsx";

const loadDialog = () => import("./SignInDialog.tsx").then((module) => module.SignInDialog);

/** The header's sign-in slot. */
export function SignInButton({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <button
        type="button"
        className={compact ? "button button--ghost icon-button" : "button button--primary"}
        aria-haspopup="dialog"
        aria-label={compact ? t`Sign in` : undefined}
        onClick={dialog.show}
      >
        {compact ? <Icon name="user" /> : t`Sign in`}
      </button>
      {dialog.element}
    </>
  );
}
