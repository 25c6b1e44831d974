import { useLingui } from "@lingui/react/macro";
import type { ChainEntry, SwapQuote } from "../../../../contract/swap.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatPercent } from "../../../shared/format/percent.ts";
import { formatPrice, formatUsd } from "../../../shared/format/price.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { type ArrivalBucket, arrivalBucket } from "../swap-logic.ts";

export interface QuoteDetailsProps {
  quote: SwapQuote;
  /** the chain the swap starts on: its coin pays the gas */
  fromChain: ChainEntry | undefined;
  chains: readonly ChainEntry[];
  refreshing: boolean;
  onRefresh: () => void;
}

/**
 * Everything the quote says (spec §2 swap with quote): rate, minimum received after slippage, gas (coin and USD),
 * route, estimated time (spec §9), the integrator fee (never hidden), the source and the other sources asked, and
 * when it was quoted.
 */
export function QuoteDetails({ quote, fromChain, chains, refreshing, onRefresh }: QuoteDetailsProps) {
  const { t, i18n } = useLingui();
  const from = quote.fromToken.symbol;
  const to = quote.toToken.symbol;
  const rate = formatPrice(Number(quote.rate));
  const gasCoin = fromChain?.symbol ?? "";
  const chainName = (id: number) => chains.find((chain) => chain.chainId === id)?.name ?? String(id);
  const arrival: Record<ArrivalBucket, string> = {
    "30s": t`About 30 s`,
    "1-3m": t`1~3 min`,
    "1-10m": t`1~10 min`,
    "5-30m": t`5~30 min`,
  };
  const feePercent = formatPercent(quote.fee.bps / 100);
  const quotedAt = formatDate(quote.quotedAt, i18n.locale, { withTime: true });
  return (
    <section className="swap-quote" aria-label={t`Quote`}>
      <dl className="swap-quote__list">
        <div>
          <dt>{t`Rate`}</dt>
          <dd>{`1 ${from} = ${rate} ${to}`}</dd>
        </div>
        <div>
          <dt>{t`Minimum received`}</dt>
          <dd>
            {`${formatTokenAmount(quote.toAmountMin)} ${to}`}{" "}
            <span className="swap-muted">{t`(slippage ${quote.slippage}%)`}</span>
          </dd>
        </div>
        <div>
          <dt>{t`Network fee (gas)`}</dt>
          <dd>
            {quote.gasNative === null ? t`Not given by the source` : `${formatTokenAmount(quote.gasNative)} ${gasCoin}`}
            {quote.gasUsd !== null ? ` (≈ ${formatUsd(Number(quote.gasUsd))})` : ""}
          </dd>
        </div>
        <div>
          <dt>{t`Route`}</dt>
          <dd>
            {quote.route.length === 0 ? (
              quote.source
            ) : (
              <ol className="swap-quote__route">
                {quote.route.map((step) => {
                  const tool = step.tool;
                  const fromName = chainName(step.fromChainId);
                  const toName = chainName(step.toChainId);
                  return (
                    <li key={`${tool}-${step.type}-${step.fromChainId}-${step.toChainId}`}>
                      {step.type === "bridge" ? t`${tool} (bridge ${fromName} → ${toName})` : t`${tool} (swap)`}
                    </li>
                  );
                })}
              </ol>
            )}
          </dd>
        </div>
        <div>
          <dt>{t`Estimated time`}</dt>
          <dd>{arrival[arrivalBucket(quote.estimatedSeconds)]}</dd>
        </div>
        <div>
          <dt>{t`Service fee`}</dt>
          <dd>{quote.fee.bps > 0 ? `${feePercent} (${formatTokenAmount(quote.fee.amount)} ${from})` : t`No fee`}</dd>
        </div>
        <div>
          <dt>{t`Source`}</dt>
          <dd>{quote.source}</dd>
        </div>
        {quote.compared.length > 0 ? (
          <div>
            <dt>{t`Also asked`}</dt>
            <dd>
              <ul className="swap-quote__compared">
                {quote.compared.map((other) => (
                  <li key={other.source}>
                    {other.toAmount !== null
                      ? `${other.source}: ${formatTokenAmount(other.toAmount)} ${to}`
                      : `${other.source}: ${i18n._(messageForKey(other.reason ?? "noQuotation"))}`}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Quoted at`}</dt>
          <dd>
            {quotedAt}{" "}
            <button type="button" className="swap-link" onClick={onRefresh} disabled={refreshing}>
              {refreshing ? t`Refreshing…` : t`Refresh quote`}
            </button>
          </dd>
        </div>
      </dl>
      {quote.warnings.includes("highSlippage") ? (
        <p className="warning" role="alert">
          {t`High slippage: you may receive much less than quoted.`}
        </p>
      ) : null}
      {quote.warnings.includes("priceImpact") ? (
        <p className="warning" role="alert">
          {t`High price impact: this amount moves the price a lot.`}
        </p>
      ) : null}
    </section>
  );
}
