import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useState } from "react";
import { accountAtom } from "../../../shared/session/session.ts";
import { LazyBoundary, useLazyDialog } from "../../../shared/ui/lazy-load.tsx";
import { Avatar } from "./Avatar.tsx";
import "./account.css";

const loadSheet = () => import("./AccountSheet.tsx").then((module) => module.AccountSheet);
const AccountAvatar = lazy(() => import("./AccountAvatar.tsx"));

/** Signed in, the header's sign-in slot shows the user: avatar or initial; it opens the account sheet. */
export function AccountButton() {
  const { t } = useLingui();
  const account = useAtomValue(accountAtom);
  const sheet = useLazyDialog(loadSheet);
  const [avatarFailed, setAvatarFailed] = useState(false);
  const initial = <Avatar name={account} size={30} />;
  return (
    <>
      <button
        type="button"
        className="button button--ghost icon-button account-button"
        aria-label={t`Account`}
        aria-haspopup="dialog"
        onClick={sheet.show}
      >
        {avatarFailed ? (
          initial
        ) : (
          <LazyBoundary onError={() => setAvatarFailed(true)}>
            <Suspense fallback={initial}>
              <AccountAvatar name={account} size={30} />
            </Suspense>
          </LazyBoundary>
        )}
      </button>
      {sheet.element}
    </>
  );
}
