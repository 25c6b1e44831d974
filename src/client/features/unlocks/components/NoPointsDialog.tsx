import { useLingui } from "@lingui/react/macro";
import { formatPoints } from "../../../shared/format/points.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import "./unlocks.css";

export interface NoPointsDialogProps {
  open: boolean;
  /** what was asked, in points */
  price: number;
  /** the balance, when read */
  balance: number | undefined;
  onRecharge: () => void;
  onPurchasePackage: () => void;
  onClose: () => void;
}

/** Spec §8 20004: not enough points; recharge points, or buy a plan (trial and VIP need no unlocks). */
export function NoPointsDialog({ open, price, balance, onRecharge, onPurchasePackage, onClose }: NoPointsDialogProps) {
  const { t } = useLingui();
  const cost = formatPoints(price);
  const have = balance === undefined ? undefined : formatPoints(balance);
  return (
    <Dialog open={open} onClose={onClose} title={t`Not enough points`} className="unlock-dialog">
      <p className="unlock-dialog__note">
        {have === undefined ? t`This costs ${cost} points.` : t`This costs ${cost} points; you have ${have}.`}
      </p>
      <p className="unlock-dialog__note">{t`Recharge points, or buy a plan to use everything without unlocking.`}</p>
      <div className="unlock-dialog__actions">
        <Button onClick={onClose}>{t`Not now`}</Button>
        <Button onClick={onPurchasePackage}>{t`Purchase package`}</Button>
        <Button variant="primary" onClick={onRecharge}>
          {t`Recharge points`}
        </Button>
      </div>
    </Dialog>
  );
}
