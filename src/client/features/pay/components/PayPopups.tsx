import { Trans, useLingui } from "@lingui/react/macro";
import { useAtom, useSetAtom } from "jotai";
import type { OrderData } from "../../../../contract/pay.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { reasonText } from "../deposit-reason-text.ts";
import { orderProductTitle } from "../plan-catalogue.ts";
import {
  orderHistoryOpenAtom,
  purchaseRequestAtom,
  topUpRequestAtom,
  uploadHashRequestAtom,
} from "../purchase-state.ts";
import { usePayPopups } from "../use-pay-popups.ts";
import "./pay.css";

/**
 * The top-up notification (spec §2, §4): the outcomes getPopups hands out, polled every 15 s while signed in.
 * Once read, a paid order's popup closes the top-up or the hash report that was paying for it and the purchase
 * dialog it came from.
 */
export function PayPopups() {
  const { t } = useLingui();
  const { orders, dismiss } = usePayPopups();
  const [topUp, setTopUp] = useAtom(topUpRequestAtom);
  const setPurchase = useSetAtom(purchaseRequestAtom);
  const openHistory = useSetAtom(orderHistoryOpenAtom);
  const [uploadHash, setUploadHash] = useAtom(uploadHashRequestAtom);

  // Closed when the user has read the popup, not when it arrives: the top-up may be showing the same outcome.
  const close = () => {
    const paid = (request: { productType?: string; productId?: number } | null) =>
      request !== null &&
      orders.some(
        (order) =>
          order.status === "success" &&
          order.productType === request.productType &&
          order.productId === request.productId,
      );
    // the hash reported for the order, like the top-up paying it, has done its work once the order is paid
    const paidReport = paid(uploadHash);
    if (paid(topUp) || paidReport) {
      setTopUp(null);
      setPurchase(null);
    }
    if (paidReport) setUploadHash(null);
    dismiss();
  };

  const allPaid = orders.every((order) => order.status === "success");
  return (
    <Dialog
      open={orders.length > 0}
      onClose={close}
      title={allPaid ? t`Payment successful` : t`Payment update`}
      className="pay-popups"
    >
      <ul className="pay-popups__list">
        {orders.map((order) => (
          <PopupLine key={order.orderNo} order={order} />
        ))}
      </ul>
      <div className="pay-actions">
        <Button variant="primary" onClick={close}>
          {t`OK`}
        </Button>
        <Button
          variant="ghost"
          aria-haspopup="dialog"
          onClick={() => {
            close();
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
