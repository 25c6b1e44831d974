import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import type { CandleData, KlineInterval } from "../../../../contract/market.ts";
import { chartTime, cssVar, defineChart, useLightweightChart } from "../../../shared/charts/use-lightweight-chart.ts";

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

const candleChart = defineChart({
  addSeries: ({ CandlestickSeries }, api, element) => api.addSeries(CandlestickSeries, seriesColours(element)),
  repaint: (series, element) => series.applyOptions(seriesColours(element)),
  priced: (series) => [series],
});

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
  const { chart, failed } = useLightweightChart(container, candleChart);

  useEffect(() => {
    if (!chart || !candles) return;
    chart.series.setData(
      candles.map((candle) => ({
        time: chartTime(candle.time),
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
