import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useState } from "react";
import { Limits } from "../../../../contract/constants.ts";
import type { OrderData } from "../../../../contract/pay.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { Pager } from "../../../shared/ui/Pager.tsx";
import { useBoughtList } from "../api/get-bought-list.ts";
import { reasonText } from "../deposit-reason-text.ts";
import { orderPriceText, orderStatusText } from "../order-text.ts";
import { orderProductTitle } from "../plan-catalogue.ts";
import { orderHistoryOpenAtom } from "../purchase-state.ts";
import "./pay.css";

const PAGE_SIZE = Limits.orderPageSize;

/** The order history dialog (spec §2, §7 pay/getBoughtList page 1, 20 a page): newest first, with each status. */
export function OrderHistoryDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(orderHistoryOpenAtom);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={t`Order history`} className="order-history-dialog">
      {open ? <OrderHistory /> : null}
    </Dialog>
  );
}

function OrderHistory() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const list = useBoughtList(page, PAGE_SIZE, true);
  if (list.error) {
    return <LoadError onRetry={() => void list.mutate()}>{t`Your orders could not be loaded.`}</LoadError>;
  }
  if (!list.data) return <p aria-busy="true">{t`Loading…`}</p>;
  const { lists, total } = list.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (total === 0) return <p className="pay-note">{t`No orders yet.`}</p>;
  return (
    <>
      <ul className="order-list" aria-label={t`Orders`}>
        {lists.map((order) => (
          <OrderRow key={order.orderNo} order={order} />
        ))}
      </ul>
      <Pager className="order-pager" label={t`Order pages`} page={page} pages={pages} onPage={setPage} />
    </>
  );
}

function OrderRow({ order }: { order: OrderData }) {
  const { i18n } = useLingui();
  const reason = order.status === "failed" ? reasonText(order.reason) : undefined;
  return (
    <li className="order-row">
      <span className="order-row__product">{i18n._(orderProductTitle(order))}</span>
      <span className="order-row__price">{i18n._(orderPriceText(order))}</span>
      <span className={`order-row__status order-row__status--${order.status}`}>
        {i18n._(orderStatusText(order.status))}
        {reason ? `: ${i18n._(reason)}` : null}
      </span>
      <time className="order-row__time" dateTime={order.createTime}>
        {formatDate(order.createTime, i18n.locale, { withTime: true })}
      </time>
    </li>
  );
}
