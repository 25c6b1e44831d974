import { Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../../shared/api/api-error.ts";
import { shortenAddress } from "../../../shared/format/address.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { StatusBadge } from "../../../shared/ui/StatusBadge.tsx";
import { withdrawalStatusText, withdrawalTone } from "../ai-wallet-text.ts";
import type { Withdrawal } from "../api/ai-wallet-api.ts";
import { TxLink } from "./parts.tsx";

export interface WithdrawalHistoryProps {
  list: Withdrawal[] | undefined;
  error: unknown;
  onRetry: () => void;
}

/** The AI wallet's withdrawals, newest first: amount, address, status, time and the transaction. */
export function WithdrawalHistory({ list, error, onRetry }: WithdrawalHistoryProps) {
  const { t, i18n } = useLingui();
  return (
    <section className="aiw-history" aria-labelledby="aiw-withdrawals-title">
      <h3 id="aiw-withdrawals-title" className="aiw-section-title">
        <Trans>Withdrawals</Trans>
      </h3>
      {error ? (
        <LoadError onRetry={onRetry}>{i18n._(messageForKey(isApiError(error) ? error.key : "Serverbusy"))}</LoadError>
      ) : list === undefined ? (
        <p className="aiw-muted" role="status">
          <Trans>Loading withdrawals…</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="aiw-muted">
          <Trans>No withdrawals yet.</Trans>
        </p>
      ) : (
        <ul className="aiw-rows" aria-label={t`Withdrawals`}>
          {list.map((item) => {
            const amount = formatTokenAmount(item.amount);
            const symbol = item.token.symbol;
            const to = shortenAddress(item.toAddress);
            return (
              <li key={item.withdrawId} className="aiw-row">
                <span className="aiw-row__main">
                  <Trans>
                    {amount} {symbol} to {to}
                  </Trans>
                </span>
                <StatusBadge tone={withdrawalTone(item.status)}>
                  {i18n._(withdrawalStatusText[item.status])}
                </StatusBadge>
                <span className="aiw-muted">{formatDate(item.createdAt, i18n.locale, { withTime: true })}</span>
                {item.txHash ? <TxLink label={t`Withdrawal transaction`} hash={item.txHash} url={item.txUrl} /> : null}
                {item.statusReason && withdrawalTone(item.status) === "danger" ? (
                  <span className="aiw-muted">{i18n._(messageForKey(item.statusReason))}</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
