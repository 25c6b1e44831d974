import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { type KeyboardEvent, type MouseEvent, useId, useRef } from "react";
import type { ModelListItem } from "../../../../contract/models.ts";
import { useHost } from "../../../host/host-context.tsx";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { answerModelAtom } from "../../../shared/settings/settings.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { useModelList } from "../api/get-model-list.ts";
import { useModelName } from "../model-name.ts";

export interface ModelPickerDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Lists the catalogue of GET llm/model/list as radios. A pointer pick saves and closes; arrow keys only move
 * the choice (saving it), and Enter or Space confirms and closes, so keyboard users can browse the list.
 */
export function ModelPickerDialog({ open, onClose }: ModelPickerDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Choose a model`} className="model-picker">
      <ModelList onChosen={onClose} />
    </Dialog>
  );
}

function ModelList({ onChosen }: { onChosen: () => void }) {
  const { t, i18n } = useLingui();
  const { data, error, isValidating, mutate } = useModelList();

  if (error && !data) {
    return (
      <div className="model-picker__state" role="alert">
        <p>{t`The models could not be loaded.`}</p>
        <p className="model-picker__muted">{i18n._(messageForKey(error.key))}</p>
        <Button onClick={() => void mutate()} disabled={isValidating}>
          {t`Retry`}
        </Button>
      </div>
    );
  }
  if (!data) {
    return (
      <p className="model-picker__state" role="status">
        <span className="spinner" aria-hidden="true" />
        {t`Loading models…`}
      </p>
    );
  }
  if (data.length === 0) {
    return <p className="model-picker__state">{t`No models are available.`}</p>;
  }
  return <ModelOptions models={data} onChosen={onChosen} />;
}

function ModelOptions({ models, onChosen }: { models: readonly ModelListItem[]; onChosen: () => void }) {
  const { t } = useLingui();
  const [selected, setSelected] = useAtom(answerModelAtom);
  const modelName = useModelName();
  const groupId = useId();
  const confirmByKey = useRef(false);
  const host = useHost();

  const onClick = (event: MouseEvent<HTMLInputElement>, model: number) => {
    host.haptics.selection();
    setSelected(model);
    // detail is 0 for clicks a keyboard synthesises (arrow keys, Space); Space confirms, arrows browse.
    if (event.detail > 0 || confirmByKey.current) onChosen();
    confirmByKey.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, model: number) => {
    if (event.key === "Enter") {
      event.preventDefault();
      host.haptics.selection();
      setSelected(model);
      onChosen();
    } else {
      confirmByKey.current = event.key === " ";
    }
  };

  return (
    <div role="radiogroup" aria-label={t`Models`} className="model-options">
      {models.map((model) => {
        const inputId = `${groupId}-${model.model}`;
        const noteId = `${inputId}-note`;
        return (
          <div key={model.model} className="model-option" data-disabled={!model.available || undefined}>
            <input
              id={inputId}
              type="radio"
              name={groupId}
              value={model.model}
              checked={selected === model.model}
              disabled={!model.available}
              aria-describedby={model.available ? undefined : noteId}
              onChange={() => setSelected(model.model)}
              onClick={(event) => onClick(event, model.model)}
              onKeyDown={(event) => onKeyDown(event, model.model)}
            />
            <label htmlFor={inputId} className="model-option__name">
              {modelName(model.model, model.version)}
            </label>
            {model.available ? null : (
              <span id={noteId} className="model-option__note">
                {t`Not configured`}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
