import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { PREDICT_HORIZON, type PredictInfoData, type PredictInterval } from "../../../../contract/predict.ts";
import { type DisplayPrice, useDisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { type PredictChoice, usePredictInfo } from "../api/get-predict-info.ts";
import { candleDateText } from "./candle-time.ts";
import { ForecastChart } from "./ForecastChart.tsx";
import { ForecastTable } from "./ForecastTable.tsx";
import { ShareForecast } from "./ShareForecast.tsx";
import { TrackRecord } from "./TrackRecord.tsx";
import "./predict.css";

export interface PredictDashboardProps {
  coinAbbr: string;
  /** where the prices come from (the market's replay or live label), under the title */
  marketStatus?: ReactNode;
  /** the coin picker, above the forecast */
  picker?: ReactNode;
  /** asked before the share card opens (the app composes the 24-hour unlock of spec §4) */
  shareGate?: () => Promise<boolean>;
}

function Caveat() {
  return (
    <p className="predict__caveat" role="note">
      <Trans>
        Forecasts are statistical estimates, not certainties. Crypto prices move close to a random walk: even the best
        model here is rarely much better than "no change". Not investment advice.
      </Trans>
    </p>
  );
}

function useModelName(name: string): string {
  const { t } = useLingui();
  const names: Record<string, string> = {
    naive: t`No change (naive)`,
    drift: t`Drift`,
    theta: t`Theta`,
    ses: t`Simple exponential smoothing`,
  };
  return names[name] ?? name;
}

/** The step the forecast ends on, with its band. */
function LastStep({ data, price }: { data: PredictInfoData; price: DisplayPrice }) {
  const { t, i18n } = useLingui();
  const last = data.steps.at(-1);
  if (!last) return null;
  const lastTime = candleDateText(last.time, data.interval, i18n.locale);
  const forecast = price.format(last.forecast);
  const low = price.format(last.lo80);
  const high = price.format(last.hi80);
  return <>{t`Forecast for ${lastTime}: ${forecast}, 80% band ${low} to ${high}.`}</>;
}

/** The forecast's chart and table, the last close it started from, and where every figure comes from. */
function ForecastFacts({ data, price }: { data: PredictInfoData; price: DisplayPrice }) {
  const { t, i18n } = useLingui();
  const modelName = useModelName(data.model.name);
  const version = data.model.version;
  const abbr = data.coinAbbr;
  const count = data.steps.length;
  const close = price.format(data.origin.close);
  const closeTime = candleDateText(data.origin.time, data.interval, i18n.locale);
  const provider = data.source.provider;
  const at = formatDate(data.source.at, i18n.locale, { withTime: true });
  const hourly = data.interval === "1h";
  return (
    <>
      <p className="predict__headline">
        {t`Last close ${close} (${closeTime}).`} <LastStep data={data} price={price} />
      </p>
      {data.model.beatsNaive ? null : (
        <p className="predict__naive" role="note">
          {t`The forecast is "no change" (the last close): no model beat "no change" on ${abbr}'s history.`}
        </p>
      )}
      <ForecastChart
        data={data}
        label={
          hourly
            ? t`${abbr} price forecast chart: past closes, the forecast and its 80% band, hourly`
            : t`${abbr} price forecast chart: past closes, the forecast and its 80% band, daily`
        }
      />
      <ForecastTable
        steps={data.steps}
        interval={data.interval}
        price={price}
        label={hourly ? t`${abbr} forecast, next ${count} hours` : t`${abbr} forecast, next ${count} days`}
      />
      <p className="market-source">
        {t`Source: ${provider}, market time ${at}`} · {t`Model: ${modelName}, version ${version}`}
      </p>
    </>
  );
}

/** A symbol the market's data does not hold: said plainly, with the way to the coins it does hold. */
function NotInData({ abbr }: { abbr: string }) {
  const { t } = useLingui();
  return (
    <div className="predict__missing">
      <p className="predict__missing-title" role="status">
        {t`${abbr} is not in our market data.`}
      </p>
      <p>{t`Forecasts exist only for the coins the market prices: search for one above.`}</p>
      <p>
        <Link href="/popularTokens/?type=total">
          <Trans>See all tokens</Trans>
        </Link>
      </p>
    </div>
  );
}

/**
 * The predict page's body: a coin's forecast (hourly for 48 hours where the coin has hourly data, daily for 7 days)
 * as a chart and a table, with its record against the naive "no change" forecast beside it, never hidden.
 */
export function PredictDashboard({ coinAbbr, marketStatus, picker, shareGate }: PredictDashboardProps) {
  const { t } = useLingui();
  const abbr = coinAbbr.toUpperCase();
  const [chosen, setChosen] = useState<PredictChoice>("default");
  const info = usePredictInfo(abbr, chosen);
  const price = useDisplayPrice();
  const data = info.data;
  const unknownCoin = info.error?.key === "invalidValue" && info.error.field === "coinAbbr" && !data;
  const hours = PREDICT_HORIZON["1h"];
  const days = PREDICT_HORIZON["1d"];
  const intervalLabels: Record<PredictInterval, string> = { "1h": t`Hourly (${hours} h)`, "1d": t`Daily (${days} d)` };
  const switching = data !== undefined && chosen !== "default" && chosen !== data.interval;
  const coinName = data?.coinName;
  const title = coinName ? t`${coinName} (${abbr}) price forecast` : t`${abbr} price forecast`;

  let body: ReactNode;
  if (unknownCoin) body = <NotInData abbr={abbr} />;
  else if (info.error && !switching) {
    body = (
      <LoadError onRetry={() => void info.mutate()}>
        <Trans>The forecast could not be loaded.</Trans>
      </LoadError>
    );
  } else if (!data) body = <p className="loading-text">{t`Loading the forecast…`}</p>;
  else {
    body = (
      <div className="predict__grid">
        <section className="market-card predict__forecast" aria-labelledby="predict-forecast-title">
          <h2 id="predict-forecast-title" className="market-card__title">
            <Trans>Forecast</Trans>
          </h2>
          <RadioGroup
            label={t`Forecast interval`}
            name="predict-interval"
            options={data.intervals.map((value) => ({ value, label: intervalLabels[value] }))}
            value={chosen === "default" ? data.interval : chosen}
            onChange={setChosen}
            className="predict__intervals"
          />
          {data.intervals.includes("1h") ? null : (
            <p className="predict__note">
              {t`Hourly forecasts exist for coins with hourly data; ${abbr} has daily data only.`}
            </p>
          )}
          {switching ? (
            info.error ? (
              <LoadError onRetry={() => void info.mutate()}>
                <Trans>The forecast could not be loaded.</Trans>
              </LoadError>
            ) : (
              <p className="loading-text" role="status">
                {t`Loading the forecast…`}
              </p>
            )
          ) : null}
          <ForecastFacts data={data} price={price} />
        </section>
        <TrackRecord data={data} price={price} />
      </div>
    );
  }

  return (
    <section className="predict" aria-labelledby="predict-title" aria-busy={!data || switching || undefined}>
      <header className="predict__header">
        <h1 id="predict-title" className="page__title">
          {title}
        </h1>
        {marketStatus}
        {data && !unknownCoin ? (
          <ShareForecast coinAbbr={abbr} interval={data.interval} beforeOpen={shareGate} />
        ) : null}
      </header>
      {picker}
      <Caveat />
      {body}
    </section>
  );
}
