import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useEffect } from "react";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { LazyBoundary } from "../../../shared/ui/lazy-load.tsx";
import { resetPayDialogsAtom } from "../purchase-state.ts";

// the dialogs and their data clients load once someone is signed in, outside the first load
const PayHost = lazy(() => import("./PayHost.tsx"));

/**
 * Where the app renders the pay dialogs: only while signed in, one mount per account (so another account starts
 * with nothing open and its own polling). Signing out closes whatever was open.
 */
export function PayHostSlot() {
  const status = useAtomValue(loginStatusAtom);
  const userId = useAtomValue(userIdAtom);
  const reset = useSetAtom(resetPayDialogsAtom);
  useEffect(() => {
    if (status === "loggedOut") reset();
  }, [status, reset]);
  if (status !== "loggedIn") return null;
  return (
    <LazyBoundary onError={() => undefined}>
      <Suspense fallback={null}>
        <PayHost key={userId} />
      </Suspense>
    </LazyBoundary>
  );
}
