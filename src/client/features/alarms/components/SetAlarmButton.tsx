import { useLingui } from "@lingui/react/macro";
import { useAtomValue, useSetAtom } from "jotai";
import { Suspense, useState } from "react";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { LazyBoundary, useRetryableLazy } from "../../../shared/ui/lazy-load.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import type { AlarmCoin } from "./SetAlarmDialog.tsx";

// the form and its checks load on the first click, never with the token page
const loadDialog = () => import("./SetAlarmDialog.tsx").then((module) => module.SetAlarmDialog);

/**
 * The token page's "Set alarm": the dialog for a signed-in user; a visitor is asked to sign in first (loginFirst)
 * and nothing opens behind the sign-in.
 */
export function SetAlarmButton({ coin }: { coin: AlarmCoin }) {
  const { t } = useLingui();
  const status = useAtomValue(loginStatusAtom);
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const toast = useToast();
  const [SetAlarmDialog, retryLoad] = useRetryableLazy(loadDialog);
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  /** each opening starts from an empty form */
  const [round, setRound] = useState(0);
  const abbr = coin.coinAbbr;

  const onClick = () => {
    if (status !== "loggedIn") {
      toast.show(messageKeyText.loginFirst, "info");
      openSignIn(true);
      return;
    }
    setRequested(true);
    setRound((value) => value + 1);
    setOpen(true);
  };
  const onLoadError = () => {
    setOpen(false);
    setRequested(false);
    retryLoad();
  };

  return (
    <>
      <Button
        className="alarm-entry"
        aria-haspopup="dialog"
        aria-label={t`Set a price alarm for ${abbr}`}
        onClick={onClick}
      >
        {t`Set alarm`}
      </Button>
      {requested && status === "loggedIn" ? (
        <LazyBoundary onError={onLoadError}>
          <Suspense fallback={null}>
            <SetAlarmDialog key={round} open={open} onClose={() => setOpen(false)} coin={coin} />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </>
  );
}
