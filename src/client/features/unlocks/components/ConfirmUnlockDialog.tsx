import { Plural, useLingui } from "@lingui/react/macro";
import type { UnlockScenario } from "../../../../contract/unlocks.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { unlockLabels } from "../unlock-labels.ts";
import "./unlocks.css";

export interface ConfirmUnlockDialogProps {
  open: boolean;
  scenario: UnlockScenario;
  /** free unlocks left today (user info allowance_num) */
  left: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec §4 state 2: an unlock paid with one of the day's free unlocks, confirmed first. */
export function ConfirmUnlockDialog({ open, scenario, left, busy, onConfirm, onClose }: ConfirmUnlockDialogProps) {
  const { t, i18n } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Confirm unlock`} className="unlock-dialog">
      <p className="unlock-dialog__what">{i18n._(unlockLabels[scenario])}</p>
      <p className="unlock-dialog__note">
        <Plural
          value={left}
          one="This uses your free unlock for today (# left)."
          other="This uses one of your free unlocks for today (# left)."
        />
      </p>
      <div className="unlock-dialog__actions">
        <Button onClick={onClose}>{t`Cancel`}</Button>
        <Button variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
          {busy ? t`Unlocking…` : t`Unlock`}
        </Button>
      </div>
    </Dialog>
  );
}
