import { useAtomValue } from "jotai";
import { AccountButton } from "../../features/account/components/AccountButton.tsx";
import { SignInButton } from "../../features/auth/components/SignInButton.tsx";
import { loginStatusAtom } from "../../shared/session/session.ts";

/** The header's account corner: "Sign in" for visitors, the user's button once signed in. */
export function AccountSlot({ compact }: { compact: boolean }) {
  const status = useAtomValue(loginStatusAtom);
  return status === "loggedIn" ? <AccountButton /> : <SignInButton compact={compact} />;
}
