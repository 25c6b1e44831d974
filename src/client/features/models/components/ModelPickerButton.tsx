import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { Suspense, useState } from "react";
import { Button } from "../../../shared/ui/Button.tsx";
import { LazyBoundary, useRetryableLazy } from "../../../shared/ui/lazy-load.tsx";
import { answerModelAtom } from "../answer-model.ts";
import { useModelName } from "../model-name.ts";
import "./model-picker.css";

const loadDialog = () => import("./ModelPickerDialog.tsx").then((module) => module.ModelPickerDialog);

/** Shows the chosen model ("Model: MountainLion"); the picker and its list load on the first click. */
export function ModelPickerButton() {
  const { t } = useLingui();
  const modelName = useModelName();
  const name = modelName(useAtomValue(answerModelAtom));
  const [ModelPickerDialog, retry] = useRetryableLazy(loadDialog);
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
        className="model-trigger"
        aria-haspopup="dialog"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <span>{t`Model: ${name}`}</span>
        <span className="model-trigger__caret" aria-hidden="true">
          ▾
        </span>
      </Button>
      {requested ? (
        <LazyBoundary onError={onLoadError}>
          <Suspense fallback={null}>
            <ModelPickerDialog open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </>
  );
}
