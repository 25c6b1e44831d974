import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { shortenAddress } from "../../../shared/format/address.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import type { AiAccount } from "../api/ai-wallet-api.ts";
import { TxLink } from "./parts.tsx";
import "./frozen-coins.css";

/**
 * Coins an address on the sanctions list sent to the AI wallet, which the server froze: said plainly above the
 * wallet's actions, each with its amount, the sender (shortened, whole in its title), the transaction that brought
 * it, and when it was found. Nothing is shown while none are frozen.
 */
export function FrozenCoins({ account }: { account: Pick<AiAccount, "chains" | "frozen"> }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  if (account.frozen.length === 0) return null;
  const network = (chainId: number) =>
    account.chains.find((chain) => chain.chainId === chainId)?.netWork ?? String(chainId);
  return (
    <section className="card aiw-frozen" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        <Trans>Frozen coins</Trans>
      </h2>
      <p className="aiw-frozen__why">{i18n._(messageForKey("fundsFrozen"))}</p>
      <ul className="aiw-rows">
        {account.frozen.map((item) => {
          const amount = formatTokenAmount(item.amount);
          const symbol = item.symbol;
          const on = network(item.chainId);
          const from = shortenAddress(item.fromAddress);
          const found = formatDate(item.foundAt, i18n.locale, { withTime: true });
          return (
            <li
              key={`${item.chainId}:${item.txHash}:${item.address}:${item.fromAddress}:${item.amount}`}
              className="aiw-row aiw-frozen__item"
            >
              <span className="aiw-frozen__amount">
                <Trans>
                  {amount} {symbol} on {on}
                </Trans>
              </span>
              <span>
                <Trans>
                  From <code title={item.fromAddress}>{from}</code>
                </Trans>
              </span>
              <TxLink label={t`Incoming transaction`} hash={item.txHash} url={item.txUrl} />
              <span className="aiw-muted">
                <Trans>Frozen since {found}</Trans>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
