import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { PredictInfoData } from "../../../../contract/predict.ts";
import { useDisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { formatPrice } from "../../../shared/format/price.ts";

type ChartModule = typeof import("lightweight-charts");
type ChartApi = ReturnType<ChartModule["createChart"]>;
type Series = ReturnType<ChartApi["addSeries"]>;
type Time = import("lightweight-charts").UTCTimestamp;

// The chart library is big; it loads only when a chart is on screen, never with the first page.
let chartModule: Promise<ChartModule> | undefined;
function loadChartModule(): Promise<ChartModule> {
  chartModule ??= import("lightweight-charts");
  return chartModule;
}

function cssVar(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

function themeOptions(element: Element) {
  const text = cssVar(element, "--text-muted", "#a4acbb");
  const border = cssVar(element, "--border", "#2e3542");
  return {
    layout: { background: { color: "transparent" }, textColor: text, attributionLogo: false },
    grid: { vertLines: { color: border }, horzLines: { color: border } },
    rightPriceScale: { borderColor: border },
    timeScale: { borderColor: border, timeVisible: true },
  };
}

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

interface ChartSeries {
  api: ChartApi;
  high: Series;
  low: Series;
  history: Series;
  forecast: Series;
}

const toTime = (ms: number) => Math.floor(ms / 1000) as Time;

/** The past closes up to the origin, and the forecast and its band from the origin on (where they all meet). */
export function chartLines(data: Pick<PredictInfoData, "history" | "origin" | "steps">) {
  const past = data.history.filter((point) => point.time < data.origin.time);
  const origin = { time: toTime(data.origin.time), value: data.origin.close };
  const ahead = data.steps.filter((step) => step.time > data.origin.time);
  return {
    history: [...past.map((point) => ({ time: toTime(point.time), value: point.close })), origin],
    forecast: [origin, ...ahead.map((step) => ({ time: toTime(step.time), value: step.forecast }))],
    high: [origin, ...ahead.map((step) => ({ time: toTime(step.time), value: step.hi80 }))],
    low: [origin, ...ahead.map((step) => ({ time: toTime(step.time), value: step.lo80 }))],
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
  const [chart, setChart] = useState<ChartSeries>();
  const [failed, setFailed] = useState(false);
  // the figures stay in USDT; the scale and crosshair show them in the currency chosen in Settings
  const { perUsd } = useDisplayPrice();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let api: ChartApi | undefined;
    let observer: MutationObserver | undefined;
    loadChartModule().then(
      ({ createChart, AreaSeries, LineSeries, LineStyle }) => {
        if (disposed) return;
        api = createChart(element, {
          autoSize: true,
          localization: { priceFormatter: formatPrice },
          ...themeOptions(element),
        });
        const colours = seriesColours(element);
        const quiet = { lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false };
        // added in drawing order: the band below, the lines over it
        const high = api.addSeries(AreaSeries, { ...colours.high, lineWidth: 1, ...quiet });
        const low = api.addSeries(AreaSeries, { ...colours.low, lineWidth: 1, ...quiet });
        const history = api.addSeries(LineSeries, { ...colours.history, lineWidth: 2, priceLineVisible: false });
        const forecast = api.addSeries(LineSeries, {
          ...colours.forecast,
          lineWidth: 2,
          lineStyle: LineStyle.Dashed,
          priceLineVisible: false,
        });
        const series = { api, high, low, history, forecast };
        setChart(series);
        // The theme switch changes the variables on <html>; repaint with the new colours.
        observer = new MutationObserver(() => {
          const next = seriesColours(element);
          api?.applyOptions(themeOptions(element));
          high.applyOptions(next.high);
          low.applyOptions(next.low);
          history.applyOptions(next.history);
          forecast.applyOptions(next.forecast);
        });
        observer.observe(document.documentElement, {
          attributes: true,
          attributeFilter: ["class", "data-theme", "style"],
        });
      },
      (error: unknown) => {
        console.error("The chart library failed to load", error);
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      api?.remove();
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    const formatter = (price: number) => formatPrice(price * perUsd);
    const priceFormat = { type: "custom", formatter, minMove: 0.00000001 } as const;
    chart.api.applyOptions({ localization: { priceFormatter: formatter } });
    for (const series of [chart.high, chart.low, chart.history, chart.forecast]) series.applyOptions({ priceFormat });
  }, [chart, perUsd]);

  useEffect(() => {
    if (!chart) return;
    const lines = chartLines(data);
    chart.high.setData(lines.high);
    chart.low.setData(lines.low);
    chart.history.setData(lines.history);
    chart.forecast.setData(lines.forecast);
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
