import { type RefObject, useEffect, useRef } from "react";
import { useSheetHistory } from "./sheet-history.ts";

/**
 * Drives a native <dialog> from `open` (showModal gives the focus trap, the top layer and an inert page) and
 * gives it a history entry, so back closes it. Returns the ref for the <dialog>.
 */
export function useModalDialog(open: boolean, onClose: () => void): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useSheetHistory(open, onClose);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
