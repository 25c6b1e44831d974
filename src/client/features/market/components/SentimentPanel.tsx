import { Trans, useLingui } from "@lingui/react/macro";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import { useCoinSentiment } from "../api/get-coin-sentiment.ts";
import { FearGreedGauge } from "./FearGreedGauge.tsx";
import "./market.css";

/** The fear-and-greed gauge and how many of the top 100 coins rose and fell in 24 h. */
export function SentimentPanel() {
  const { t } = useLingui();
  const { data, error, mutate } = useCoinSentiment();
  if (error) {
    return (
      <section className="market-card" aria-label={t`Market sentiment`}>
        <p role="alert">
          <Trans>The market sentiment could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void mutate()}>
          <Trans>Retry</Trans>
        </button>
      </section>
    );
  }
  const latest = data?.Fear_and_Greed_Index.data[0];
  const top100 = data?.TOP100_Currency_Index;
  return (
    <section className="market-card sentiment" aria-label={t`Market sentiment`} aria-busy={!data || undefined}>
      <h2 className="market-card__title">
        <Trans>Fear and greed</Trans>
      </h2>
      {latest ? <FearGreedGauge value={latest.value} classification={latest.value_classification} /> : null}
      {top100 ? (
        <dl className="sentiment__counts">
          <div className="sentiment__count sentiment__count--up">
            <dt>
              <Trans>Rising (top 100)</Trans>
            </dt>
            <dd>{formatCompactNumber(top100.rising)}</dd>
          </div>
          <div className="sentiment__count sentiment__count--down">
            <dt>
              <Trans>Falling (top 100)</Trans>
            </dt>
            <dd>{formatCompactNumber(top100.falling)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
