import { useLingui } from "@lingui/react/macro";
import { SHARE_MAX } from "../model/share-rules.ts";
import type { SelectionMode } from "./MessageItem.tsx";

/** Spec §2 delete-mode bar (Cancel, Delete) and its share twin: how many are chosen, and the action. */
export function SelectionBar({
  mode,
  count,
  locked,
  onConfirm,
  onCancel,
}: {
  mode: SelectionMode;
  count: number;
  locked: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const max = SHARE_MAX;
  return (
    <section className="selection-bar" aria-label={mode === "share" ? t`Share messages` : t`Delete messages`}>
      <p className="selection-bar__count" aria-live="polite">
        {mode === "share" ? t`${count} of up to ${max} selected` : t`${count} selected`}
      </p>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t`Cancel`}
      </button>
      <button type="button" className="button button--primary" disabled={locked} onClick={onConfirm}>
        {mode === "share" ? t`Share` : t`Delete`}
      </button>
    </section>
  );
}
