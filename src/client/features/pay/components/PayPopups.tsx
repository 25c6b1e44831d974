import { Trans, useLingui } from "@lingui/react/macro";
import { useAtom, useSetAtom } from "jotai";
import { useEffect } from "react";
import type { OrderData } from "../../../../contract/pay.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { reasonText } from "../deposit-reason-text.ts";
import { orderProductTitle } from "../plan-catalogue.ts";
import { orderHistoryOpenAtom, purchaseRequestAtom, topUpRequestAtom } from "../purchase-state.ts";
import { usePayPopups } from "../use-pay-popups.ts";
import "./pay.css";

/**
 * The top-up notification (spec §2, §4): the outcomes getPopups hands out, polled every 15 s while signed in.
 * A paid order closes the top-up that was paying for it, and the purchase dialog it came from.
 */
export function PayPopups() {
  const { t } = useLingui();
  const { orders, dismiss } = usePayPopups();
  const [topUp, setTopUp] = useAtom(topUpRequestAtom);
  const setPurchase = useSetAtom(purchaseRequestAtom);
  const openHistory = useSetAtom(orderHistoryOpenAtom);

  useEffect(() => {
    const paid = orders.filter((order) => order.status === "success");
    if (paid.length === 0 || !topUp) return;
    if (paid.some((order) => order.productType === topUp.productType && order.productId === topUp.productId)) {
      setTopUp(null);
      setPurchase(null);
    }
  }, [orders, topUp, setTopUp, setPurchase]);

  const allPaid = orders.every((order) => order.status === "success");
  return (
    <Dialog
      open={orders.length > 0}
      onClose={dismiss}
      title={allPaid ? t`Payment successful` : t`Payment update`}
      className="pay-popups"
    >
      <ul className="pay-popups__list">
        {orders.map((order) => (
          <PopupLine key={order.orderNo} order={order} />
        ))}
      </ul>
      <div className="pay-actions">
        <Button variant="primary" onClick={dismiss}>
          {t`OK`}
        </Button>
        <Button
          variant="ghost"
          aria-haspopup="dialog"
          onClick={() => {
            dismiss();
            openHistory(true);
          }}
        >
          {t`Order history`}
        </Button>
      </div>
    </Dialog>
  );
}

function PopupLine({ order }: { order: OrderData }) {
  const { i18n } = useLingui();
  const product = i18n._(orderProductTitle(order));
  if (order.status === "success") {
    const points = order.points === null ? null : formatPoints(order.points);
    return (
      <li className="pay-popups__item pay-popups__item--success">
        {order.productType === "POINTS" && points !== null ? (
          <Trans>
            {product}: paid. {points} points were added to your balance.
          </Trans>
        ) : (
          <Trans>{product}: paid. Your membership is active.</Trans>
        )}
      </li>
    );
  }
  const reason = reasonText(order.reason);
  const why = reason ? i18n._(reason) : "";
  return (
    <li className="pay-popups__item pay-popups__item--failed">
      {order.status === "pending" ? (
        <Trans>{product}: the payment is still pending.</Trans>
      ) : (
        <Trans>
          {product}: the payment failed. {why}
        </Trans>
      )}
    </li>
  );
}
