import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone (deleting chats or messages). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={title} className="confirm-dialog">
      <div className="confirm-dialog__body">{children}</div>
      <div className="confirm-dialog__actions">
        <Button onClick={onClose}>{t`Cancel`}</Button>
        <Button variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
