import type { MessageDescriptor } from "@lingui/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import type { PackageProductData, PointsProductData, PurchaseData } from "../../../../contract/pay.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { newRequestId, type PurchaseItem } from "../api/purchase-calls.ts";
import { packageTitle } from "../plan-catalogue.ts";
import { usdtAmount } from "../usdt.ts";
import { usePurchase } from "../use-purchase.ts";

/** The product a confirmation is for. */
export type ChosenProduct =
  | { kind: "package"; product: PackageProductData }
  | { kind: "points"; product: PointsProductData };

export function purchaseItemOf(chosen: ChosenProduct): PurchaseItem {
  return chosen.kind === "package"
    ? { productType: "CARDS", productId: chosen.product.productId }
    : { productType: "POINTS", productId: chosen.product.productId, chargeId: chosen.product.chargeId };
}

export interface ConfirmPurchaseDialogProps {
  chosen: ChosenProduct;
  /** the USDT balance, when read */
  balance: string | undefined;
  onClose: () => void;
  onPaid: (data: PurchaseData) => void;
  /** 9002: the balance does not cover the price */
  onTopUp: (item: PurchaseItem) => void;
  /** other ways to pay offered here (Telegram Stars inside Telegram) */
  extraActions?: ReactNode;
}

/**
 * The confirm dialog (spec §2, §4): what is bought, its price and the USDT balance; Confirm pre-charges and pays
 * from the balance, or opens the top-up when the balance falls short. One request id per confirmation, so a
 * second press or a retry after a lost answer does not buy twice.
 */
export function ConfirmPurchaseDialog({
  chosen,
  balance,
  onClose,
  onPaid,
  onTopUp,
  extraActions,
}: ConfirmPurchaseDialogProps) {
  const { t, i18n } = useLingui();
  const purchase = usePurchase();
  const [requestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const price = chosen.product.price;
  const short = balance !== undefined && Number(balance) < Number(price);

  async function confirm() {
    setBusy(true);
    setError(null);
    const item = purchaseItemOf(chosen);
    const outcome = await purchase(item, requestId);
    setBusy(false);
    if (outcome.kind === "paid") onPaid(outcome.data);
    else if (outcome.kind === "topUp") onTopUp(item);
    else setError(outcome.message);
  }

  return (
    <Dialog open onClose={onClose} title={t`Confirm purchase`} className="confirm-purchase">
      <dl className="pay-facts">
        <div>
          <dt>{t`Product`}</dt>
          <dd>
            <ProductLine chosen={chosen} />
          </dd>
        </div>
        <div>
          <dt>{t`Price`}</dt>
          <dd>{i18n._(usdtAmount(price))}</dd>
        </div>
        <div>
          <dt>{t`USDT balance`}</dt>
          <dd>{balance === undefined ? t`Loading…` : i18n._(usdtAmount(balance))}</dd>
        </div>
      </dl>
      <p className="pay-note">
        {short
          ? t`Your USDT balance does not cover the price: confirming opens the top-up.`
          : t`The price is paid from your USDT balance.`}
      </p>
      {error ? (
        <p className="pay-error" role="alert">
          {i18n._(error)}
        </p>
      ) : null}
      <div className="pay-actions">
        <Button variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
          {busy ? t`Paying…` : t`Confirm`}
        </Button>
        {extraActions}
        <Button variant="ghost" onClick={onClose}>
          {t`Cancel`}
        </Button>
      </div>
    </Dialog>
  );
}

function ProductLine({ chosen }: { chosen: ChosenProduct }) {
  const { i18n } = useLingui();
  if (chosen.kind === "package") {
    const name = i18n._(packageTitle(chosen.product.name));
    const days = chosen.product.days;
    return (
      <>
        {name} (<Plural value={days} one="# day" other="# days" />)
      </>
    );
  }
  const points = formatPoints(chosen.product.points + chosen.product.extraPoints);
  return <Trans>{points} points</Trans>;
}
