import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { useModalDialog } from "./use-modal-dialog.ts";
import "./drawer.css";

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}

/** The narrow layout's menu: a modal panel from the left, 85% wide, closed by back like any sheet. */
export function Drawer({ open, onClose, title, children }: DrawerProps) {
  const { t } = useLingui();
  const ref = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        // the panel fills the dialog box, so a click on the <dialog> itself landed on the backdrop
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="drawer__panel">
        <div className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label={t`Close`} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="drawer__body">{children}</div>
      </div>
    </dialog>
  );
}
