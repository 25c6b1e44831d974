import { Trans, useLingui } from "@lingui/react/macro";
import { shortenAddress } from "../../../shared/format/address.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { CopyField } from "../../../shared/ui/CopyField.tsx";
import { usdAmount } from "../ai-wallet-text.ts";
import type { AiAccount } from "../api/ai-wallet-api.ts";

export interface WalletOverviewProps {
  account: AiAccount;
  refreshing: boolean;
  onRefresh: () => void;
}

/**
 * Spec §3 email AI account: the address (first 4 … last 4, copyable), the total USD value with the market feed it
 * comes from and the time of the balances, today's use of the daily limit, and the coins per chain. A chain whose
 * node did not answer says so instead of showing nothing.
 */
export function WalletOverview({ account, refreshing, onRefresh }: WalletOverviewProps) {
  const { t, i18n } = useLingui();
  const asOf = formatDate(account.asOf, i18n.locale, { withTime: true });
  const source = account.priceSource;
  const total = usdAmount(account.totalUsdAmount);
  const used = usdAmount(account.dailyUsedUsd);
  const limit = usdAmount(account.dailyLimitUsd);
  const unpriced = account.coins.some((coin) => coin.usdValue === null && coin.balance !== "0");

  return (
    <section className="card aiw-overview" aria-labelledby="aiw-overview-title">
      <div className="card__head">
        <h2 id="aiw-overview-title" className="card__title">
          <Trans>Your AI wallet</Trans>
        </h2>
        <Button
          variant="ghost"
          aria-label={t`Refresh balances`}
          onClick={onRefresh}
          disabled={refreshing}
          aria-busy={refreshing || undefined}
        >
          {refreshing ? t`Refreshing…` : t`Refresh`}
        </Button>
      </div>
      <CopyField label={t`AI wallet address`} value={account.address} shown={shortenAddress(account.address)} />
      <div className="aiw-total">
        <span className="aiw-total__label">
          <Trans>Total value</Trans>
        </span>
        <span className="aiw-total__value">{total}</span>
      </div>
      <p className="aiw-muted">
        <Trans>
          Prices: {source}. Balances read at {asOf}.
        </Trans>
        {unpriced ? (
          <>
            {" "}
            <Trans>Coins without a market price are not counted in the total.</Trans>
          </>
        ) : null}
      </p>
      <p className="aiw-muted">
        <Trans>
          Daily exchange limit: {used} of {limit} used today.
        </Trans>
      </p>
      {account.chains.map((chain) => {
        const coins = account.coins.filter((coin) => coin.chainId === chain.chainId);
        const network = chain.netWork;
        return (
          <section key={chain.chainId} className="aiw-chain" aria-label={t`Coins on ${network}`}>
            <h3 className="aiw-chain__title">{network}</h3>
            {!chain.readable ? (
              <p className="warning" role="status">
                <Trans>Balances on {network} could not be read right now.</Trans>{" "}
                {chain.reason ? i18n._(messageForKey(chain.reason)) : null}
              </p>
            ) : coins.length === 0 ? (
              <p className="aiw-muted">
                <Trans>No coins on {network} yet.</Trans>
              </p>
            ) : (
              <ul className="aiw-coins">
                {coins.map((coin) => {
                  const symbol = coin.symbol;
                  const balance = formatTokenAmount(coin.balance);
                  return (
                    <li key={`${coin.chainId}:${coin.address}`} className="aiw-coin">
                      <span className="aiw-logo" aria-hidden="true">
                        {symbol.slice(0, 1)}
                      </span>
                      <span className="aiw-coin__names">
                        <span className="aiw-coin__symbol">{symbol}</span>
                        {coin.name ? <span className="aiw-muted">{coin.name}</span> : null}
                      </span>
                      <span className="aiw-coin__figures">
                        <span className="aiw-coin__balance">{balance}</span>
                        <span className="aiw-muted">
                          {coin.usdValue === null ? t`No market price` : usdAmount(coin.usdValue)}
                        </span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </section>
  );
}
