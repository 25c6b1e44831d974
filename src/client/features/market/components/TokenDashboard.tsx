import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import type { KlineInterval } from "../../../../contract/market.ts";
import { useDisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { useCategoryList } from "../api/get-category-list.ts";
import { type ChartInterval, preloadDashboardKline, useDashboardKline } from "../api/get-dashboard-kline.ts";
import { preloadTokenInfo, type TokenInfo, useTokenInfo } from "../api/get-token-info.ts";
import { CandleChart } from "./CandleChart.tsx";
import { CoinImage } from "./CoinImage.tsx";
import { AmountFigure, MarketSourceNote } from "./MarketFigures.tsx";
import { MarketStatusLabel } from "./MarketStatusLabel.tsx";
import { PriceChange } from "./PriceChange.tsx";
import "./market.css";

function Stats({ info }: { info: TokenInfo }) {
  const { t, i18n } = useLingui();
  const rank = info.rank;
  const rows: { label: string; value: ReactNode }[] = [
    { label: t`1h change`, value: <PriceChange value={info.change1h} /> },
    { label: t`24h change`, value: <PriceChange value={info.change24h} /> },
    { label: t`7d change`, value: <PriceChange value={info.change7d} /> },
    { label: t`24h volume`, value: <AmountFigure value={info.volume24h} /> },
    { label: t`Market cap`, value: <AmountFigure value={info.marketCap} /> },
    { label: t`Market-cap rank`, value: rank === null ? t`Unranked` : `#${rank}` },
  ];
  const abbr = info.coin.coinAbbr;
  const statsDate = formatDate(info.statsAsOf, i18n.locale);
  return (
    <div className="token-figures">
      <dl className="token-stats">
        {rows.map((row) => (
          <div key={row.label} className="token-stats__item">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        <div className="token-stats__item">
          <dt>{t`AI score`}</dt>
          <dd>{info.aiScore === null ? t`Not available yet` : formatCompactNumber(info.aiScore)}</dd>
        </div>
      </dl>
      <p className="market-source">
        {info.marketCap === null
          ? t`Market cap unknown: the data has no circulating supply for ${abbr}.`
          : statsDate
            ? t`Market cap = circulating supply (as of ${statsDate}) × price. Rank as of ${statsDate}.`
            : t`Market cap = circulating supply × price.`}
        {info.change1h === null && !info.intervals.includes("1h")
          ? ` ${t`No 1h change: the data has daily candles only for ${abbr}.`}`
          : ""}
      </p>
      <MarketSourceNote source={info.source} />
    </div>
  );
}

/** Starts the page's first reads (figures, the candles of the coin's finest interval) before it renders. */
export function preloadTokenDashboard(coinAbbr: string): void {
  const abbr = coinAbbr.toUpperCase();
  preloadTokenInfo(abbr);
  preloadDashboardKline(abbr, "finest");
}

export interface TokenDashboardProps {
  coinAbbr: string;
  /** the market has no such token (the server refused the symbol); without it the page says it is not in the data */
  onUnknownToken?: () => void;
}

/** A symbol the market's data does not hold: said plainly, with the way to the coins it does hold. */
function NotInData({ abbr }: { abbr: string }) {
  const { t } = useLingui();
  const categories = useCategoryList();
  const covered = categories.data?.list.find((item) => item.category === "total")?.count;
  return (
    <section className="token token--missing" aria-labelledby="token-title">
      <h1 id="token-title" className="page__title">
        {abbr}
      </h1>
      <MarketStatusLabel />
      <p className="token__missing" role="status">
        {t`${abbr} is not in our market data.`}
      </p>
      <p className="token__missing-more">
        {covered === undefined
          ? t`We have prices for a fixed set of coins; ${abbr} is not one of them.`
          : t`We have prices for ${covered} coins; ${abbr} is not one of them.`}
      </p>
      <p>
        <Link href="/popularTokens/?type=total">
          <Trans>See all tokens</Trans>
        </Link>
      </p>
    </section>
  );
}

/** The token page: header, figures, narrative and the candle chart with the coin's own intervals. */
export function TokenDashboard({ coinAbbr, onUnknownToken }: TokenDashboardProps) {
  const { t } = useLingui();
  const abbr = coinAbbr.toUpperCase();
  const [chosen, setChosen] = useState<ChartInterval>("finest");
  const info = useTokenInfo(abbr);
  const price = useDisplayPrice();
  const kline = useDashboardKline(abbr, chosen);
  const intervalLabels: Record<KlineInterval, string> = { "1h": t`1h`, "4h": t`4h`, "1d": t`1d` };
  const unknownToken = info.error?.key === "invalidValue" && info.error.field === "coinAbbr" && !info.data;
  useEffect(() => {
    if (unknownToken) onUnknownToken?.();
  }, [unknownToken, onUnknownToken]);

  if (unknownToken) return <NotInData abbr={abbr} />;
  if (info.error) {
    return (
      <section className="token" aria-labelledby="token-title">
        <h1 id="token-title" className="page__title">
          {abbr}
        </h1>
        <p role="alert">{t`The token data could not be loaded.`}</p>
        <button type="button" className="button" onClick={() => void info.mutate()}>
          <Trans>Retry</Trans>
        </button>
      </section>
    );
  }
  const data = info.data;
  const intervals = data?.intervals ?? kline.data?.intervals;
  const interval = chosen === "finest" ? kline.data?.interval : chosen;
  const hourlyCoins = data?.hourlyCoins?.join(", ");
  return (
    <section className="token" aria-labelledby="token-title" aria-busy={!data || undefined}>
      <header className="token__header">
        {data ? <CoinImage src={data.coin.coinImageUrl} size={44} /> : null}
        <div className="token__names">
          <h1 id="token-title" className="page__title">
            {data ? `${data.coin.coinName} (${abbr})` : abbr}
          </h1>
          <MarketStatusLabel />
        </div>
        {data ? (
          <p className="token__price">
            <span className="token__price-value">{price.format(data.price)}</span>
            <PriceChange value={data.change24h} />
          </p>
        ) : null}
      </header>
      {data ? <Stats info={data} /> : <p className="loading-text">{t`Loading token data…`}</p>}
      {data?.narrative ? (
        <section className="market-card">
          <h2 className="market-card__title">{t`Narrative`}</h2>
          <p className="token__narrative">{data.narrative}</p>
        </section>
      ) : null}
      <section className="market-card token__chart">
        {intervals ? (
          <RadioGroup
            label={t`Interval`}
            name="interval"
            options={intervals.map((value) => ({ value, label: intervalLabels[value] }))}
            value={interval}
            onChange={setChosen}
            className="token__intervals"
          />
        ) : null}
        {intervals && !intervals.includes("1h") ? (
          <p className="token__intervals-note">
            {hourlyCoins
              ? t`Daily candles only: hourly data is available for ${hourlyCoins} only.`
              : t`Daily candles only: the data has no hourly candles for ${abbr}.`}
          </p>
        ) : null}
        <CandleChart coinAbbr={abbr} interval={interval} candles={kline.data?.list} />
        {kline.error ? <p role="alert">{t`The candles could not be loaded.`}</p> : null}
        <MarketSourceNote source={kline.data?.source ?? data?.source} />
      </section>
    </section>
  );
}
