import { tool } from "ai";
import { z } from "zod";
import type { CandleData } from "../../../../contract/market.ts";
import type { ChatListedCoin, ChatMarket, ChatMarketView } from "./chat-data.ts";
import type { CoinProfileOutput, NotFoundOutput } from "./tool-outputs.ts";
import { unknownSymbolOutput } from "./unknown-symbol.ts";

/**
 * A coin's figures for a research report, from its completed daily candles at the market time:
 * - returns over 7, 30 and 90 days: the last close / the close that many days earlier − 1;
 * - volatility: the sample standard deviation of the last 30 simple daily returns, ×√365 annualised;
 * - maximum drawdown over the last 90 days: the largest fall of a close below the highest close before it;
 * - correlation with BTC (ETH for BTC itself): Pearson correlation of the daily returns of the last 90 days on the
 *   days both coins have a candle.
 */
export const COIN_PROFILE_METHOD =
  "Daily candles only. Returns: last close / the close N days earlier − 1. Volatility: sample stdev of the last 30 " +
  "simple daily returns, ×√365 annualised. Max drawdown: largest fall of a close below the highest close before it " +
  "in the last 90 days. Correlation: Pearson correlation of the last 90 daily returns with the benchmark's on the " +
  "same days.";

export const RETURN_DAYS = [7, 30, 90] as const;
const VOLATILITY_DAYS = 30;
const WINDOW_DAYS = 90;
const DAY = 86_400_000;
/** fewer returns than this in common: no correlation */
const MIN_SHARED_RETURNS = 20;

const round2 = (value: number) => Math.round(value * 100) / 100;
const iso = (ms: number) => new Date(ms).toISOString();

export const coinProfileInputSchema = z.object({
  symbol: z.string().trim().min(1).max(40).describe("the coin's symbol, e.g. SOL (or its name, e.g. Solana)"),
});

/** Simple daily returns keyed by the later candle's open time. */
function dailyReturns(candles: readonly CandleData[]): Map<number, number> {
  const returns = new Map<number, number>();
  for (let i = 1; i < candles.length; i += 1) {
    const before = candles[i - 1];
    const now = candles[i];
    if (before && now && now.time - before.time === DAY && before.close > 0) {
      returns.set(now.time, now.close / before.close - 1);
    }
  }
  return returns;
}

export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  const mean = (values: readonly number[]) => values.slice(0, n).reduce((sum, v) => sum + v, 0) / n;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

export function coinProfileTool(deps: {
  market: ChatMarket;
  find: (view: ChatMarketView, query: string) => ChatListedCoin | undefined;
}) {
  const { market, find } = deps;
  return tool({
    description:
      "A coin's profile for a research report: price, rank, market cap and dashboard categories; returns over 7, 30 " +
      "and 90 days; 30-day volatility; 90-day maximum drawdown; correlation of daily returns with BTC (ETH for BTC) " +
      "over 90 days. Completed daily candles at the market time; describes the past, not a forecast.",
    inputSchema: coinProfileInputSchema,
    execute: async ({ symbol }): Promise<CoinProfileOutput | NotFoundOutput> => {
      const view = market.view();
      const listed = find(view, symbol);
      const citation = { tool: "coinProfile", source: view.source.provider, at: view.source.at };
      if (!listed) return unknownSymbolOutput(view, symbol, citation);
      const abbr = listed.coin.coinAbbr;
      const benchmark = abbr === "BTC" ? "ETH" : "BTC";
      const [candles, benchCandles] = await Promise.all([
        market.klines(abbr, "1d", { limit: WINDOW_DAYS + 1 }),
        market.klines(benchmark, "1d", { limit: WINDOW_DAYS + 1 }),
      ]);
      const first = candles[0];
      const last = candles.at(-1);
      if (!first || !last || candles.length < 2) {
        return {
          found: false,
          reason: "noCandles",
          query: `${abbr} 1d`,
          message: `${view.source.provider} has no ${abbr} 1d candles at this time`,
          available: [],
          citation,
        };
      }
      const closeDaysBefore = (days: number) => candles.find((c) => c.time === last.time - days * DAY)?.close;
      const returns = RETURN_DAYS.map((days) => {
        const before = closeDaysBefore(days);
        return { days, change: before ? round2((last.close / before - 1) * 100) : null };
      });

      const coinReturns = dailyReturns(candles);
      const recent = [...coinReturns.values()].slice(-VOLATILITY_DAYS);
      let volatility: CoinProfileOutput["volatility"] = null;
      if (recent.length >= 2) {
        const mean = recent.reduce((sum, r) => sum + r, 0) / recent.length;
        const stdev = Math.sqrt(recent.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (recent.length - 1));
        volatility = {
          days: recent.length,
          dailyPercent: round2(stdev * 100),
          annualizedPercent: round2(stdev * Math.sqrt(365) * 100),
        };
      }

      const window = candles.slice(-WINDOW_DAYS);
      let peak = window[0] ?? last;
      let drawdown = { percent: 0, peak, trough: peak };
      for (const candle of window) {
        if (candle.close > peak.close) peak = candle;
        const fall = candle.close / peak.close - 1;
        if (fall < drawdown.percent) drawdown = { percent: fall, peak, trough: candle };
      }

      const benchReturns = dailyReturns(benchCandles);
      const shared = [...coinReturns.keys()].filter((time) => benchReturns.has(time)).slice(-WINDOW_DAYS);
      const value =
        shared.length >= MIN_SHARED_RETURNS
          ? pearson(
              shared.map((t) => coinReturns.get(t) ?? 0),
              shared.map((t) => benchReturns.get(t) ?? 0),
            )
          : null;

      const { ticker, meta } = listed;
      const categories = view.categories
        ? Object.entries(view.categories).flatMap(([category, coins]) =>
            category !== "total" && coins?.some((c) => c.coinAbbr === abbr) ? [category] : [],
          )
        : null;
      return {
        found: true,
        symbol: abbr,
        name: listed.coin.coinName,
        price: ticker.lastPrice,
        priceTime: iso(ticker.priceTime),
        rank: meta?.rank ?? null,
        marketCap: meta?.circulatingSupply ? Math.round(meta.circulatingSupply * ticker.lastPrice) : null,
        rankAsOf: meta ? iso(meta.statsAsOf) : null,
        categories,
        asOf: view.source.at,
        returns,
        volatility,
        maxDrawdown: {
          days: window.length,
          percent: round2(drawdown.percent * 100),
          peak: drawdown.peak.close,
          peakAt: iso(drawdown.peak.time),
          trough: drawdown.trough.close,
          troughAt: iso(drawdown.trough.time),
        },
        correlation: value === null ? null : { benchmark, days: shared.length, value: round2(value) },
        from: iso(first.time),
        to: iso(last.time + DAY),
        method: COIN_PROFILE_METHOD,
        // the figures refer to the time up to the last daily candle's close
        citation: { tool: "coinProfile", source: view.source.provider, at: iso(last.time + DAY) },
      };
    },
  });
}
