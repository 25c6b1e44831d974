import { Trans, useLingui } from "@lingui/react/macro";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import { useCoinSentiment } from "../api/get-coin-sentiment.ts";
import { FearGreedGauge } from "./FearGreedGauge.tsx";
import { MarketSourceNote } from "./MarketFigures.tsx";
import "./market.css";

/**
 * The fear-and-greed gauge and how many of the market's coins rose, fell and did not move over 24 h: counted over
 * every coin with a 24 h change (the three add up to that count), named as such rather than "top 100".
 */
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
  const counts = data?.TOP100_Currency_Index;
  const counted = counts?.counted ?? 0;
  const universe = counts?.universe ?? 0;
  return (
    <section className="market-card sentiment" aria-label={t`Market sentiment`} aria-busy={!data || undefined}>
      <h2 className="market-card__title">
        <Trans>Fear and greed</Trans>
      </h2>
      {latest ? <FearGreedGauge value={latest.value} classification={latest.value_classification} /> : null}
      {counts ? (
        <>
          <p className="sentiment__over">
            {counted === universe
              ? t`Over 24 hours, of the ${counted} coins of this market:`
              : t`Over 24 hours, of the ${counted} coins with a 24h change (${universe} in this market):`}
          </p>
          <dl className="sentiment__counts">
            <div className="sentiment__count sentiment__count--up">
              <dt>
                <Trans>Rising</Trans>
              </dt>
              <dd>{formatCompactNumber(counts.rising)}</dd>
            </div>
            <div className="sentiment__count sentiment__count--down">
              <dt>
                <Trans>Falling</Trans>
              </dt>
              <dd>{formatCompactNumber(counts.falling)}</dd>
            </div>
            <div className="sentiment__count sentiment__count--flat">
              <dt>
                <Trans>Unchanged</Trans>
              </dt>
              <dd>{formatCompactNumber(counts.unchanged)}</dd>
            </div>
          </dl>
          <MarketSourceNote source={data?.source} />
        </>
      ) : null}
    </section>
  );
}
