import { useLingui } from "@lingui/react/macro";
import { Button } from "../../../shared/ui/Button.tsx";
import { useLazyDialog } from "../../../shared/ui/lazy-load.tsx";

const loadDialog = () => import("./FeedbackDialog.tsx").then((module) => module.FeedbackDialog);

/** The header's "Feedback" button; the dialog and its form (with zod) load on the first click. */
export function FeedbackButton() {
  const { t } = useLingui();
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <Button variant="ghost" aria-haspopup="dialog" onClick={dialog.show}>
        {t`Feedback`}
      </Button>
      {dialog.element}
    </>
  );
}
