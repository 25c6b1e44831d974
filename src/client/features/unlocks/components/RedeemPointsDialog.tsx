import { useLingui } from "@lingui/react/macro";
import type { UnlockScenario } from "../../../../contract/unlocks.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { unlockLabels } from "../unlock-labels.ts";
import "./unlocks.css";

export interface RedeemPointsDialogProps {
  open: boolean;
  scenario: UnlockScenario;
  /** what it costs, in points */
  price: number;
  /** the balance, when read */
  balance: number | undefined;
  /** chats left to redeem today (a chat's redemption only) */
  chatsLeft?: { remain: number; total: number } | undefined;
  busy: boolean;
  onRedeem: () => void;
  onClose: () => void;
}

/** Spec §4 state 3 (and 20006): redeem with points, the price beside the balance. */
export function RedeemPointsDialog({
  open,
  scenario,
  price,
  balance,
  chatsLeft,
  busy,
  onRedeem,
  onClose,
}: RedeemPointsDialogProps) {
  const { t, i18n } = useLingui();
  const cost = formatPoints(price);
  const have = balance === undefined ? undefined : formatPoints(balance);
  const chatsRemain = chatsLeft?.remain ?? 0;
  const chatsTotal = chatsLeft?.total ?? 0;
  return (
    <Dialog open={open} onClose={onClose} title={t`Redeem with points`} className="unlock-dialog">
      <p className="unlock-dialog__what">{i18n._(unlockLabels[scenario])}</p>
      <dl className="unlock-dialog__facts">
        <div>
          <dt>{t`Price`}</dt>
          <dd>{t`${cost} points`}</dd>
        </div>
        <div>
          <dt>{t`Your points`}</dt>
          <dd>{have === undefined ? t`Loading…` : t`${have} points`}</dd>
        </div>
      </dl>
      {chatsLeft ? (
        <p className="unlock-dialog__note">{t`Chats you can still redeem today: ${chatsRemain} of ${chatsTotal}.`}</p>
      ) : null}
      <div className="unlock-dialog__actions">
        <Button onClick={onClose}>{t`Cancel`}</Button>
        <Button variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={onRedeem}>
          {busy ? t`Redeeming…` : t`Redeem`}
        </Button>
      </div>
    </Dialog>
  );
}
