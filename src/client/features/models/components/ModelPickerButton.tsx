import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { answerModelAtom } from "../../../shared/settings/settings.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { useLazyDialog } from "../../../shared/ui/lazy-load.tsx";
import { useModelName } from "../model-name.ts";
import "./model-picker.css";

const loadDialog = () => import("./ModelPickerDialog.tsx").then((module) => module.ModelPickerDialog);

/** Shows the chosen model ("Model: MountainLion"); the picker and its list load on the first click. */
export function ModelPickerButton() {
  const { t } = useLingui();
  const modelName = useModelName();
  const name = modelName(useAtomValue(answerModelAtom));
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <Button className="model-trigger" aria-haspopup="dialog" onClick={dialog.show}>
        <span>{t`Model: ${name}`}</span>
        <span className="model-trigger__caret" aria-hidden="true">
          ▾
        </span>
      </Button>
      {dialog.element}
    </>
  );
}
