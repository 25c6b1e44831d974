import { Trans, useLingui } from "@lingui/react/macro";
import type { ForecastStep, PredictInterval } from "../../../../contract/predict.ts";
import type { DisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { candleDateText } from "./candle-time.ts";

/**
 * The chart's figures as a table (what assistive technology reads, and what anyone can check): each step's time,
 * forecast and 80 % band. The hourly table has 48 rows, so it scrolls inside its own region.
 */
export function ForecastTable({
  steps,
  interval,
  label,
  price,
}: {
  steps: readonly ForecastStep[];
  interval: PredictInterval;
  label: string;
  price: DisplayPrice;
}) {
  const { i18n } = useLingui();
  const withTime = interval === "1h";
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
    <section className="forecast-table__scroll" aria-label={label} tabIndex={0}>
      <table className="forecast-table">
        <caption className="forecast-table__caption">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{withTime ? <Trans>Time</Trans> : <Trans>Date</Trans>}</th>
            <th scope="col">
              <Trans>Forecast</Trans>
            </th>
            <th scope="col">
              <Trans>Low (80%)</Trans>
            </th>
            <th scope="col">
              <Trans>High (80%)</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.step}>
              <th scope="row">{candleDateText(step.time, interval, i18n.locale)}</th>
              <td>{price.format(step.forecast)}</td>
              <td>{price.format(step.lo80)}</td>
              <td>{price.format(step.hi80)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
