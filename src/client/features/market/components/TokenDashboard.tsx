import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState } from "react";
import { type KlineInterval, klineIntervals } from "../../../../contract/market.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import { formatUsd } from "../../../shared/format/price.ts";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { preloadDashboardKline, useDashboardKline } from "../api/get-dashboard-kline.ts";
import { preloadTokenInfo, type TokenInfo, useTokenInfo } from "../api/get-token-info.ts";
import { CandleChart } from "./CandleChart.tsx";
import { CoinImage } from "./CoinImage.tsx";
import { MarketStatusLabel } from "./MarketStatusLabel.tsx";
import { PriceChange } from "./PriceChange.tsx";
import "./market.css";

function Stats({ info }: { info: TokenInfo }) {
  const { t } = useLingui();
  const rows: { label: string; value: ReactNode }[] = [
    { label: t`1h change`, value: <PriceChange value={info.change1h} /> },
    { label: t`24h change`, value: <PriceChange value={info.change24h} /> },
    { label: t`7d change`, value: <PriceChange value={info.change7d} /> },
    { label: t`24h volume`, value: formatCompactNumber(info.volume24h) },
    { label: t`Market cap`, value: formatCompactNumber(info.marketCap) },
  ];
  return (
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
  );
}

const FIRST_INTERVAL: KlineInterval = "1h";

/** Starts the page's first reads (figures, the first interval's candles) before it renders. */
export function preloadTokenDashboard(coinAbbr: string): void {
  const abbr = coinAbbr.toUpperCase();
  preloadTokenInfo(abbr);
  preloadDashboardKline(abbr, FIRST_INTERVAL);
}

export interface TokenDashboardProps {
  coinAbbr: string;
  /** the market has no such token (the server refused the symbol); without it the page says it failed to load */
  onUnknownToken?: () => void;
}

/** The token page: header, figures, narrative and the candle chart with its interval switcher. */
export function TokenDashboard({ coinAbbr, onUnknownToken }: TokenDashboardProps) {
  const { t, i18n } = useLingui();
  const abbr = coinAbbr.toUpperCase();
  const [interval, setChartInterval] = useState<KlineInterval>(FIRST_INTERVAL);
  const info = useTokenInfo(abbr);
  const kline = useDashboardKline(abbr, interval);
  const intervalLabels: Record<KlineInterval, string> = { "1h": t`1h`, "4h": t`4h`, "1d": t`1d` };
  const unknownToken = info.error?.key === "invalidValue" && !info.data;
  useEffect(() => {
    if (unknownToken) onUnknownToken?.();
  }, [unknownToken, onUnknownToken]);

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
  const source = data?.source ?? kline.data?.source;
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
            <span className="token__price-value">{formatUsd(data.price)}</span>
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
        <RadioGroup
          label={t`Interval`}
          name="interval"
          options={klineIntervals.map((value) => ({ value, label: intervalLabels[value] }))}
          value={interval}
          onChange={setChartInterval}
          className="token__intervals"
        />
        <CandleChart coinAbbr={abbr} interval={interval} candles={kline.data?.list} />
        {kline.error ? <p role="alert">{t`The candles could not be loaded.`}</p> : null}
        {source ? (
          <p className="token__source">
            {t`Source: ${source.provider}, market time ${formatDate(source.at, i18n.locale, { withTime: true })}`}
          </p>
        ) : null}
      </section>
    </section>
  );
}
