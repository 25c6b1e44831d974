import type { CandleData, KlineInterval } from "../../../contract/market.ts";
import { escapeHtml } from "../../escape-html.ts";
import { formatPercent, formatTime } from "../../features/chat/mountainlion/format.ts";
import type { ListedCoin, MarketSource, MarketView } from "../../features/market/market-view.ts";
import type { KlineRange } from "../../providers/market/market-provider.ts";
import type { BotContextFlavor, BotLanguage, BotMessage } from "../bot-context.ts";
import { displayPrice } from "./price-format.ts";
import { sparkline } from "./sparkline.ts";

/**
 * A coin's price card: name, price, 24 h change and range, what the chart shows, and where and when the figures
 * come from. Figures are written by MountainLion's formatter (the one the chat's answers use); the source line says
 * "Replay of Binance … candles" for the shipped replay (with the time of the candle the price is the close of) and
 * names the live source otherwise. Every interpolated value is HTML-escaped.
 */

/** What the price card reads: MarketService fits as it is. */
export interface PriceMarket {
  /** throws while the market has no data yet */
  view(): MarketView;
  /** completed candles, ascending, never later than the view's time */
  klines(abbr: string, interval: KlineInterval, range: KlineRange): Promise<CandleData[]>;
}

export type Translate = BotContextFlavor["t"];

export interface PriceChartSeries {
  interval: "1h" | "1d";
  /** closes, oldest first */
  closes: number[];
}

export interface PriceCardData {
  listed: ListedCoin;
  source: MarketSource;
  /** undefined when the data has fewer than two candles of the coin */
  chart: PriceChartSeries | undefined;
}

/** The chart: a week of hourly closes, or a month of daily ones where the hourly data does not reach. */
const CHART_WINDOWS = [
  { interval: "1h", limit: 7 * 24 },
  { interval: "1d", limit: 30 },
] as const;

export async function loadPriceCard(market: PriceMarket, listed: ListedCoin): Promise<PriceCardData> {
  const { source } = market.view();
  for (const window of CHART_WINDOWS) {
    const candles = await market.klines(listed.coin.coinAbbr, window.interval, { limit: window.limit });
    if (candles.length >= 2) {
      return { listed, source, chart: { interval: window.interval, closes: candles.map((c) => c.close) } };
    }
  }
  return { listed, source, chart: undefined };
}

const texts = {
  change24h: /*i18n*/ { id: "{change} in 24h", message: "{change} in 24h" },
  range24h: /*i18n*/ { id: "24h range: {low} – {high} USDT", message: "24h range: {low} – {high} USDT" },
  noChange: /*i18n*/ {
    id: "24h change: no data",
    message: "24h change: no data",
    comment: "the data has no price 24 hours back",
  },
  chartHourly: /*i18n*/ {
    id: "Chart: hourly closes, last {days} days",
    message: "Chart: hourly closes, last {days} days",
  },
  chartDaily: /*i18n*/ {
    id: "Chart: daily closes, last {days} days",
    message: "Chart: daily closes, last {days} days",
  },
  replayHourly: /*i18n*/ {
    id: "Replay of Binance hourly candles, as of {time}",
    message: "Replay of Binance hourly candles, as of {time}",
    comment: "the shipped market data: real Binance history replayed, not live prices",
  },
  replayDaily: /*i18n*/ {
    id: "Replay of Binance daily candles, as of {time}",
    message: "Replay of Binance daily candles, as of {time}",
    comment: "the shipped market data: real Binance history replayed, not live prices",
  },
  live: /*i18n*/ { id: "Live data from {source}, as of {time}", message: "Live data from {source}, as of {time}" },
} satisfies Record<string, BotMessage>;

/** "Bitcoin (BTC)", or the symbol alone when the data has no other name. */
export function coinTitle(listed: ListedCoin): string {
  const { coinName, coinAbbr } = listed.coin;
  return coinName && coinName !== coinAbbr ? `${coinName} (${coinAbbr})` : coinAbbr;
}

/** Where the price comes from and when it was observed (the close time of its candle), not escaped. */
export function sourceText(listed: ListedCoin, source: MarketSource, t: Translate): string {
  const time = formatTime(new Date(listed.ticker.priceTime).toISOString());
  if (source.mode === "live") return t(texts.live, { source: source.provider, time });
  return t(listed.ticker.resolution === "1d" ? texts.replayDaily : texts.replayHourly, { time });
}

/** "▲ +4.11% in 24h"; the words for "no data" when the data has no price 24 hours back. Not escaped. */
export function changeText(listed: ListedCoin, language: BotLanguage, t: Translate): string {
  const change = listed.ticker.change24h;
  if (change === null) return t(texts.noChange);
  const rounded = Math.round(change * 100) / 100;
  const arrow = rounded > 0 ? "▲" : rounded < 0 ? "▼" : "▬";
  return `${arrow} ${t(texts.change24h, { change: formatPercent(rounded, language) })}`;
}

function chartText(chart: PriceChartSeries, t: Translate): string {
  const hours = chart.interval === "1h" ? chart.closes.length : chart.closes.length * 24;
  const days = Math.max(1, Math.round(hours / 24));
  return t(chart.interval === "1h" ? texts.chartHourly : texts.chartDaily, { days });
}

/** Up to `width` values spread evenly over the series, the last one always kept. */
export function sampled(values: readonly number[], width: number): number[] {
  if (values.length <= width) return [...values];
  const step = (values.length - 1) / (width - 1);
  return Array.from({ length: width }, (_, i) => values[Math.round(i * step)] ?? 0);
}

export interface PriceCardOptions {
  language: BotLanguage;
  t: Translate;
  /** a text sparkline of the chart in the card (where no image goes with it: inline results) */
  sparkline?: boolean;
}

/** The card as Telegram HTML (fits a photo caption: well under 1024 characters). */
export function priceCardHtml(card: PriceCardData, options: PriceCardOptions): string {
  const { listed, source, chart } = card;
  const { ticker } = listed;
  const { t, language } = options;
  const lines = [
    `<b>${escapeHtml(coinTitle(listed))}</b>`,
    `<b>${escapeHtml(displayPrice(ticker.lastPrice))} USDT</b>  ${escapeHtml(changeText(listed, language, t))}`,
  ];
  if (ticker.low24h !== null && ticker.high24h !== null) {
    lines.push(escapeHtml(t(texts.range24h, { low: displayPrice(ticker.low24h), high: displayPrice(ticker.high24h) })));
  }
  if (chart) {
    if (options.sparkline) lines.push(`<code>${escapeHtml(sparkline(sampled(chart.closes, 28), 28))}</code>`);
    lines.push(escapeHtml(chartText(chart, t)));
  }
  lines.push(`<i>${escapeHtml(sourceText(listed, source, t))}</i>`);
  return lines.join("\n");
}

/** The one-line summary of an inline result: "66,468.03 USDT · ▲ +4.11% in 24h". Plain text. */
export function priceSummary(listed: ListedCoin, language: BotLanguage, t: Translate): string {
  return `${displayPrice(listed.ticker.lastPrice)} USDT · ${changeText(listed, language, t)}`;
}
