import { sumQuoteVolumes, sumVolumes } from "./aggregate.ts";
import { candleAt, lastClosedIndex } from "./candle-series.ts";
import type { SymbolSeries } from "./market-data.ts";
import { type Candle, INTERVAL_MS, type Ticker } from "./market-provider.ts";

const HOUR = INTERVAL_MS["1h"];
const DAY = INTERVAL_MS["1d"];

const percent = (last: number, reference: Candle | undefined): number | null =>
  reference && reference.close !== 0 ? (last / reference.close - 1) * 100 : null;

/** lastPrice and changes from the last completed hourly candle; 24h figures from the 24 hourly candles ending with it. */
function hourlyTicker(series: SymbolSeries, index: number, last: Candle): Ticker {
  const windowStart = index - 23;
  const first = series.hourly[windowStart];
  // ascending unique open times: 24 candles spanning exactly 23 hours are the whole window, without a hole
  const window = first?.openTime === last.openTime - 23 * HOUR ? series.hourly.slice(windowStart, index + 1) : [];
  const whole = window.length === 24;
  return {
    symbol: series.symbol,
    pair: series.pair,
    lastPrice: last.close,
    priceTime: last.openTime + HOUR,
    resolution: "1h",
    open24h: whole && first ? first.open : null,
    high24h: whole ? Math.max(...window.map((c) => c.high)) : null,
    low24h: whole ? Math.min(...window.map((c) => c.low)) : null,
    volume24h: whole ? sumVolumes(window.map((c) => c.volume)) : null,
    quoteVolume24h: whole ? sumQuoteVolumes(window) : null,
    change1h: percent(last.close, candleAt(series.hourly, last.openTime - HOUR)),
    change24h: percent(last.close, candleAt(series.hourly, last.openTime - 24 * HOUR)),
    change7d: percent(last.close, candleAt(series.hourly, last.openTime - 7 * 24 * HOUR)),
  };
}

/** lastPrice is the close of the last completed daily candle: the data has nothing finer for this time. */
function dailyTicker(series: SymbolSeries, last: Candle): Ticker {
  return {
    symbol: series.symbol,
    pair: series.pair,
    lastPrice: last.close,
    priceTime: last.openTime + DAY,
    resolution: "1d",
    open24h: last.open,
    high24h: last.high,
    low24h: last.low,
    volume24h: last.volume,
    quoteVolume24h: last.quoteVolume,
    change1h: null,
    change24h: percent(last.close, candleAt(series.daily, last.openTime - DAY)),
    change7d: percent(last.close, candleAt(series.daily, last.openTime - 7 * DAY)),
  };
}

/**
 * The ticker of one coin at market time `at`, from real candles only. Hourly resolution applies while hourly
 * candles cover `at` (the last completed one closed less than an hour ago); otherwise the last completed daily
 * candle speaks, e.g. for coins without hourly data or inside the BTC gap of 2026-01-20..27.
 * Undefined before the coin's first completed candle.
 */
export function tickerAt(series: SymbolSeries, at: number): Ticker | undefined {
  const hourIndex = lastClosedIndex(series.hourly, HOUR, at);
  const hour = series.hourly[hourIndex];
  if (hour && hour.openTime + 2 * HOUR > at) return hourlyTicker(series, hourIndex, hour);
  const day = series.daily[lastClosedIndex(series.daily, DAY, at)];
  return day ? dailyTicker(series, day) : undefined;
}
