import { useAtom, useAtomValue } from "jotai";
import { Suspense, useState } from "react";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { LazyBoundary, useRetryableLazy } from "../../../shared/ui/lazy-load.tsx";

const loadDialog = () => import("./SignInDialog.tsx").then((module) => module.SignInDialog);

/**
 * The one sign-in dialog of the app, opened by any "Sign in" button (or a login-first flow) through
 * signInDialogOpenAtom. Its code loads the first time it opens; it stays mounted afterwards so a half-typed
 * sign-up survives closing. A successful sign-in closes it.
 */
export function SignInDialogHost() {
  const [open, setOpen] = useAtom(signInDialogOpenAtom);
  const status = useAtomValue(loginStatusAtom);
  const [LazyDialog, retry] = useRetryableLazy(loadDialog);
  const [requested, setRequested] = useState(false);
  if (open && !requested) setRequested(true);
  if (!requested) return null;
  const onLoadError = () => {
    setOpen(false);
    setRequested(false);
    retry();
  };
  return (
    <LazyBoundary onError={onLoadError}>
      <Suspense fallback={null}>
        <LazyDialog open={open && status !== "loggedIn"} onClose={() => setOpen(false)} />
      </Suspense>
    </LazyBoundary>
  );
}
