import { useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { Button } from "../../../shared/ui/Button.tsx";
import { LazyBoundary, useRetryableLazy } from "../../../shared/ui/lazy-load.tsx";

const loadDialog = () => import("./FeedbackDialog.tsx").then((module) => module.FeedbackDialog);

/** The header's "Feedback" button; the dialog and its form (with zod) load on the first click. */
export function FeedbackButton() {
  const { t } = useLingui();
  const [FeedbackDialog, retry] = useRetryableLazy(loadDialog);
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);

  const onLoadError = () => {
    setOpen(false);
    setRequested(false);
    retry();
  };

  return (
    <>
      <Button
        variant="ghost"
        aria-haspopup="dialog"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        {t`Feedback`}
      </Button>
      {requested ? (
        <LazyBoundary onError={onLoadError}>
          <Suspense fallback={null}>
            <FeedbackDialog open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </>
  );
}
