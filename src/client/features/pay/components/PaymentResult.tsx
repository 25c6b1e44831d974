import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { usePaidInfo } from "../api/get-paid-info.ts";
import { reasonText } from "../deposit-reason-text.ts";
import { orderPriceText } from "../order-text.ts";
import { orderProductTitle } from "../plan-catalogue.ts";
import "./pay.css";

/** The spec's query values of the payment result (§4 "status success or faild"). */
export type PaymentResultStatus = "success" | "faild";

export function paymentResultStatus(value: string | null): PaymentResultStatus | null {
  return value === "success" || value === "faild" ? value : null;
}

/**
 * The payment success/failure view (spec §2, §4: the page's query `status=success|faild`). With `orderNo` and a
 * signed-in user it shows that order as the server has it, since the server, not the link, says whether it
 * was paid.
 */
export function PaymentResult({ status, orderNo }: { status: PaymentResultStatus; orderNo: string | null }) {
  const { t, i18n } = useLingui();
  const signedIn = useAtomValue(loginStatusAtom) === "loggedIn";
  const order = usePaidInfo(signedIn ? orderNo : null);
  const settled = order.data?.status;
  const outcome = settled === "success" ? "success" : settled === "failed" ? "faild" : settled ? "pending" : status;
  const title =
    outcome === "success" ? t`Payment successful` : outcome === "pending" ? t`Payment pending` : t`Payment failed`;
  const reason = order.data?.status === "failed" ? reasonText(order.data.reason) : undefined;
  return (
    <section
      className={`payment-result payment-result--${outcome === "faild" ? "failed" : outcome}`}
      role={outcome === "faild" ? "alert" : "status"}
      aria-labelledby="payment-result-title"
    >
      <h2 id="payment-result-title" className="payment-result__title">
        {title}
      </h2>
      {order.data ? (
        <p>
          {i18n._(orderProductTitle(order.data))} · {i18n._(orderPriceText(order.data))}
        </p>
      ) : null}
      {reason ? <p>{i18n._(reason)}</p> : null}
      <p className="pay-note">
        {outcome === "success"
          ? t`Thank you. What you bought is on your account now.`
          : outcome === "pending"
            ? t`The payment is being confirmed. You will be told when it is done.`
            : t`This order was not paid. You can try again.`}
      </p>
    </section>
  );
}
