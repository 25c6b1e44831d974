import { Trans } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { AccountButton } from "../../features/account/components/AccountButton.tsx";
import { SignInButton } from "../../features/auth/components/SignInButton.tsx";
import { loginStatusAtom } from "../../shared/session/session.ts";

/**
 * The header's account corner: "Sign in" for visitors, the user's button once signed in; while the sign-in at
 * start is under way, a quiet spinner, so neither shows before it is known which is right.
 */
export function AccountSlot({ compact }: { compact: boolean }) {
  const status = useAtomValue(loginStatusAtom);
  if (status === "unknown") {
    return (
      <span className="account-pending" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">
          <Trans>Checking your sign-in…</Trans>
        </span>
      </span>
    );
  }
  return status === "loggedIn" ? <AccountButton /> : <SignInButton compact={compact} />;
}
