import { Trans, useLingui } from "@lingui/react/macro";
import type { DepositStatusData } from "../../../../contract/deposits.ts";
import { reasonText } from "../deposit-reason-text.ts";
import { usdtFigure } from "../usdt.ts";
import { useDepositStatus } from "../use-deposit-status.ts";
import "./pay.css";

/**
 * The outcome of a reported deposit (spec §4 recharge states: pending/recharging, success, failure): pending with
 * what it waits for and its confirmations, checked again every 15 s; success with what was credited; failure with
 * the server's reason in words. Key it by the hash.
 */
export function DepositStatusView({ initial }: { initial: DepositStatusData }) {
  const { t, i18n } = useLingui();
  const status = useDepositStatus(initial);
  const reason = reasonText(status.reason);
  const credited = usdtFigure(status.credited);
  const seen = status.confirmations ?? 0;
  const needed = status.requiredConfirmations;

  if (status.status === "pending") {
    return (
      <section className="deposit-status deposit-status--pending" aria-live="polite">
        <h3 className="deposit-status__title">{t`Payment pending`}</h3>
        <p>{t`Your payment is being confirmed on the chain. This usually takes 1 to 3 minutes; you can close this window and you will be told when it is done.`}</p>
        {reason ? <p className="deposit-status__reason">{i18n._(reason)}</p> : null}
        {status.confirmations !== null ? (
          <p>
            <Trans>
              Confirmations: {seen} of {needed}
            </Trans>
          </p>
        ) : null}
      </section>
    );
  }
  if (status.status === "success") {
    const orderPending = status.orderStatus === "pending";
    return (
      <section className="deposit-status deposit-status--success" role="status">
        <h3 className="deposit-status__title">{t`Payment received`}</h3>
        <p>
          <Trans>{credited} USDT was added to your USDT balance.</Trans>
        </p>
        {status.orderNo ? (
          <p>{orderPending ? t`The order still waits for the rest of its price.` : t`Your purchase is complete.`}</p>
        ) : null}
        {reason ? <p className="deposit-status__reason">{i18n._(reason)}</p> : null}
      </section>
    );
  }
  return (
    <section className="deposit-status deposit-status--failed" role="alert">
      <h3 className="deposit-status__title">{t`Payment failed`}</h3>
      <p>{reason ? i18n._(reason) : t`The payment could not be confirmed.`}</p>
    </section>
  );
}
