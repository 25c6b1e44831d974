import { useLingui } from "@lingui/react/macro";
import { useAtomValue, useSetAtom } from "jotai";
import { Quotas } from "../../../../contract/constants.ts";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";

const userChats = Quotas.userDailyChats;
const plusChats = Quotas.plusExtraDailyChats;

/**
 * Spec §8 5004: today's free chats are used up. Visitors are offered sign-in (more free chats a day); users
 * are told when the quota comes back and that plans give more.
 */
export function QuotaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const visitor = useAtomValue(loginStatusAtom) !== "loggedIn";
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  return (
    <Dialog open={open} onClose={onClose} title={t`Free chats used up`} className="confirm-dialog">
      <div className="confirm-dialog__body">
        <p>{i18n._(messageKeyText.noFreeChat)}</p>
        <p className="confirm-dialog__muted">
          {visitor
            ? t`Sign in to get ${userChats} free chats a day, and ${plusChats} more with the PLUS edition.`
            : t`Your free chats come back tomorrow. A plan gives you more chats every day.`}
        </p>
      </div>
      <div className="confirm-dialog__actions">
        <Button onClick={onClose}>{t`Not now`}</Button>
        {visitor ? (
          <Button
            variant="primary"
            onClick={() => {
              onClose();
              openSignIn(true);
            }}
          >
            {t`Sign in`}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
