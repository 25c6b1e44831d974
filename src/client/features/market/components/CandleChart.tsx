import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { CandleData, KlineInterval } from "../../../../contract/market.ts";
import { useDisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { formatPrice } from "../../../shared/format/price.ts";

type ChartModule = typeof import("lightweight-charts");
type ChartApi = ReturnType<ChartModule["createChart"]>;

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

function seriesColours(element: Element) {
  const up = cssVar(element, "--success", "#4cd69b");
  const down = cssVar(element, "--danger", "#ff8080");
  return {
    upColor: up,
    borderUpColor: up,
    wickUpColor: up,
    downColor: down,
    borderDownColor: down,
    wickDownColor: down,
  };
}

/**
 * A candlestick chart (lightweight-charts, loaded on demand). It follows the theme's CSS variables,
 * resizes with its container and is named for assistive technology, which cannot read the canvas.
 */
export function CandleChart({
  coinAbbr,
  interval,
  candles,
}: {
  coinAbbr: string;
  /** undefined until the first candles say which interval the coin's data has */
  interval: KlineInterval | undefined;
  candles: readonly CandleData[] | undefined;
}) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<{ api: ChartApi; series: ReturnType<ChartApi["addSeries"]> }>();
  const [failed, setFailed] = useState(false);
  // the candles stay in USDT; the scale and crosshair show them in the currency chosen in Settings
  const { perUsd } = useDisplayPrice();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let api: ChartApi | undefined;
    let observer: MutationObserver | undefined;
    loadChartModule().then(
      ({ createChart, CandlestickSeries }) => {
        if (disposed) return;
        api = createChart(element, {
          autoSize: true,
          localization: { priceFormatter: formatPrice },
          ...themeOptions(element),
        });
        const series = api.addSeries(CandlestickSeries, {
          ...seriesColours(element),
          priceFormat: { type: "custom", formatter: formatPrice, minMove: 0.00000001 },
        });
        setChart({ api, series });
        // The theme switch changes the variables on <html>; repaint with the new colours.
        observer = new MutationObserver(() => {
          api?.applyOptions(themeOptions(element));
          series.applyOptions(seriesColours(element));
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
    chart.api.applyOptions({ localization: { priceFormatter: formatter } });
    chart.series.applyOptions({ priceFormat: { type: "custom", formatter, minMove: 0.00000001 } });
  }, [chart, perUsd]);

  useEffect(() => {
    if (!chart || !candles) return;
    chart.series.setData(
      candles.map((candle) => ({
        time: Math.floor(candle.time / 1000) as import("lightweight-charts").UTCTimestamp,
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
      })),
    );
    chart.api.timeScale().fitContent();
  }, [chart, candles]);

  return (
    <div className="candle-chart">
      <div
        ref={container}
        className="candle-chart__canvas"
        role="img"
        aria-label={interval ? t`${coinAbbr} price chart, ${interval} candles` : t`${coinAbbr} price chart`}
        data-testid="candle-chart"
      />
      {failed ? (
        <p role="alert" className="candle-chart__error">
          {t`The chart could not be loaded.`}
        </p>
      ) : null}
    </div>
  );
}
