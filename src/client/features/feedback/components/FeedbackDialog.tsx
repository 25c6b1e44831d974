import { useLingui } from "@lingui/react/macro";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { FeedbackForm } from "./FeedbackForm.tsx";

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Loaded on demand by FeedbackButton; it stays mounted after that so a draft survives closing. */
export function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Feedback`} className="feedback-dialog">
      <FeedbackForm onSent={onClose} />
    </Dialog>
  );
}
