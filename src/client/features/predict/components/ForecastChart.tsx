import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import type { PredictInfoData } from "../../../../contract/predict.ts";
import { chartTime, cssVar, defineChart, useLightweightChart } from "../../../shared/charts/use-lightweight-chart.ts";

/**
 * The band is drawn as two areas filled down to the chart's foot: the high's in the band colour, then the low's in
 * the card's own colour over it, which leaves the band between them showing.
 */
function seriesColours(element: Element) {
  const accent = cssVar(element, "--accent", "#f2a93b");
  const band = cssVar(element, "--accent-soft", "rgb(242 169 59 / 0.12)");
  const surface = cssVar(element, "--surface", "#161a22");
  const text = cssVar(element, "--text", "#e9ecf2");
  return {
    high: { topColor: band, bottomColor: band, lineColor: band },
    low: { topColor: surface, bottomColor: surface, lineColor: band },
    history: { color: text },
    forecast: { color: accent },
  };
}

const forecastChart = defineChart({
  addSeries({ AreaSeries, LineSeries, LineStyle }, api, element) {
    const colours = seriesColours(element);
    const quiet = { lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false };
    // added in drawing order: the band below, the lines over it
    return {
      high: api.addSeries(AreaSeries, { ...colours.high, lineWidth: 1, ...quiet }),
      low: api.addSeries(AreaSeries, { ...colours.low, lineWidth: 1, ...quiet }),
      history: api.addSeries(LineSeries, { ...colours.history, lineWidth: 2, priceLineVisible: false }),
      forecast: api.addSeries(LineSeries, {
        ...colours.forecast,
        lineWidth: 2,
        lineStyle: LineStyle.Dashed,
        priceLineVisible: false,
      }),
    };
  },
  repaint(series, element) {
    const next = seriesColours(element);
    series.high.applyOptions(next.high);
    series.low.applyOptions(next.low);
    series.history.applyOptions(next.history);
    series.forecast.applyOptions(next.forecast);
  },
  priced: (series) => [series.high, series.low, series.history, series.forecast],
});

/** The past closes up to the origin, and the forecast and its band from the origin on (where they all meet). */
export function chartLines(data: Pick<PredictInfoData, "history" | "origin" | "steps">) {
  const past = data.history.filter((point) => point.time < data.origin.time);
  const origin = { time: chartTime(data.origin.time), value: data.origin.close };
  const ahead = data.steps.filter((step) => step.time > data.origin.time);
  return {
    history: [...past.map((point) => ({ time: chartTime(point.time), value: point.close })), origin],
    forecast: [origin, ...ahead.map((step) => ({ time: chartTime(step.time), value: step.forecast }))],
    high: [origin, ...ahead.map((step) => ({ time: chartTime(step.time), value: step.hi80 }))],
    low: [origin, ...ahead.map((step) => ({ time: chartTime(step.time), value: step.lo80 }))],
  };
}

/**
 * The forecast chart (lightweight-charts, loaded on demand): the past closes as a line, the forecast as a dashed
 * line from the last close and the 80 % band shaded around it. It follows the theme, resizes with its container
 * and is named for assistive technology; the table beside it holds the same figures.
 */
export function ForecastChart({ data, label }: { data: PredictInfoData; label: string }) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const { chart, failed } = useLightweightChart(container, forecastChart);

  useEffect(() => {
    if (!chart) return;
    const lines = chartLines(data);
    chart.series.high.setData(lines.high);
    chart.series.low.setData(lines.low);
    chart.series.history.setData(lines.history);
    chart.series.forecast.setData(lines.forecast);
    chart.api.timeScale().fitContent();
  }, [chart, data]);

  return (
    <div className="forecast-chart">
      <div
        ref={container}
        className="forecast-chart__canvas"
        role="img"
        aria-label={label}
        data-testid="forecast-chart"
      />
      <p className="forecast-chart__legend" aria-hidden="true">
        <span className="forecast-chart__key forecast-chart__key--history" />
        {t`Past closes`}
        <span className="forecast-chart__key forecast-chart__key--forecast" />
        {t`Forecast`}
        <span className="forecast-chart__key forecast-chart__key--band" />
        {t`80% band`}
      </p>
      {failed ? (
        <p role="alert" className="forecast-chart__error">
          {t`The chart could not be loaded.`}
        </p>
      ) : null}
    </div>
  );
}
