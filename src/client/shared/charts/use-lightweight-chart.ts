import { type RefObject, useEffect, useState } from "react";
import { useDisplayPrice } from "../currency/use-display-price.ts";
import { formatPrice } from "../format/price.ts";

export type ChartModule = typeof import("lightweight-charts");
export type ChartApi = ReturnType<ChartModule["createChart"]>;
export type ChartSeries = ReturnType<ChartApi["addSeries"]>;
type ChartTime = import("lightweight-charts").UTCTimestamp;

/** A time in milliseconds as the chart takes it: whole seconds, UTC. */
export const chartTime = (ms: number) => Math.floor(ms / 1000) as ChartTime;

// The chart library is big; it loads only when a chart is on screen, never with the first page.
let chartModule: Promise<ChartModule> | undefined;
function loadChartModule(): Promise<ChartModule> {
  chartModule ??= import("lightweight-charts");
  return chartModule;
}

/** A theme colour as the element sees it (the variables change with the theme), or the dark theme's own. */
export function cssVar(element: Element, name: string, fallback: string): string {
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
 * What one kind of chart draws. Declared once at module level, so the chart is built once per mount; each
 * function reads the theme's colours from the chart's element.
 */
export interface ChartSpec<S> {
  /** adds the chart's series, in drawing order */
  addSeries(module: ChartModule, api: ChartApi, element: HTMLElement): S;
  /** gives the series the theme's colours again after a theme switch */
  repaint(series: S, element: HTMLElement): void;
  /** the series whose values are prices, shown in the currency chosen in Settings */
  priced(series: S): readonly ChartSeries[];
}

/** Declares a kind of chart, its series' types read from what `addSeries` returns. */
export function defineChart<S>(spec: ChartSpec<S>): ChartSpec<S> {
  return spec;
}

export interface LightweightChart<S> {
  /** the chart and its series, once the library has loaded */
  chart: { api: ChartApi; series: S } | undefined;
  /** the library could not be loaded (the chart says so instead) */
  failed: boolean;
}

/**
 * A lightweight-charts chart in `container`, loaded on demand: it resizes with its container, follows the theme's
 * CSS variables and shows its USDT prices (scale and crosshair) in the currency chosen in Settings. The caller
 * hands the series their data.
 */
export function useLightweightChart<S>(
  container: RefObject<HTMLElement | null>,
  spec: ChartSpec<S>,
): LightweightChart<S> {
  const [chart, setChart] = useState<{ api: ChartApi; series: S }>();
  const [failed, setFailed] = useState(false);
  const { perUsd } = useDisplayPrice();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let api: ChartApi | undefined;
    let observer: MutationObserver | undefined;
    loadChartModule().then(
      (module) => {
        if (disposed) return;
        const created = module.createChart(element, {
          autoSize: true,
          localization: { priceFormatter: formatPrice },
          ...themeOptions(element),
        });
        api = created;
        const series = spec.addSeries(module, created, element);
        setChart({ api: created, series });
        // The theme switch changes the variables on <html>; repaint with the new colours.
        observer = new MutationObserver(() => {
          created.applyOptions(themeOptions(element));
          spec.repaint(series, element);
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
  }, [container, spec]);

  useEffect(() => {
    if (!chart) return;
    const formatter = (price: number) => formatPrice(price * perUsd);
    const priceFormat = { type: "custom", formatter, minMove: 0.00000001 } as const;
    chart.api.applyOptions({ localization: { priceFormatter: formatter } });
    for (const series of spec.priced(chart.series)) series.applyOptions({ priceFormat });
  }, [chart, spec, perUsd]);

  return { chart, failed };
}
