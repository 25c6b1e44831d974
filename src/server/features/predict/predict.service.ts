import type { z } from "zod";
import type { CandleData, KlineInterval, marketSourceSchema } from "../../../contract/market.ts";
import {
  PREDICT_HISTORY_STEPS,
  PREDICT_HORIZON,
  type PredictInfoData,
  type PredictInterval,
  predictIntervals,
  type WeekPriceData,
  WIN_RATE_WINDOW_MS,
} from "../../../contract/predict.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import type { KlineRange } from "../../providers/market/market-provider.ts";
import type { Bar, EngineForecast, Forecaster } from "./engine/index.ts";
import type { PredictionsRepository, StoredPrediction } from "./predictions.repository.ts";
import { backtestRecord, judgedPrediction, type OriginSummary, recordFigures, summariseOrigin } from "./record.ts";
import { summariesOfBacktest } from "./summaries.ts";

/**
 * Price predictions: the forecast of a coin from the market's completed candles, never sent without its record.
 *
 * - The forecast comes from the forecasting port (the engine, project code, no network) at the last completed candle
 *   (the origin), is kept in memory per origin, and stored when made (one row per coin, interval, origin and model
 *   version), so it can be judged when the market has its candles.
 * - The backtest record: the summaries shipped with the history (data/predict, written by the engine's walk-forward
 *   code), counted only for origins judged by the market time; for a coin the shipped data lacks (a live-only coin), a
 *   shorter walk-forward over its candles, computed once per coin, interval and day.
 * - The live record: the stored forecasts judged within the win-rate window (24 h hourly, 90 d daily).
 * - A coin whose history is too short for a tested forecast gets no forecast (notEnoughHistory), never an untested one.
 */

/** What the service reads of the market (MarketService fits it). */
type MarketSource = z.infer<typeof marketSourceSchema>;

export interface PredictMarket {
  view(): { at: number; source: MarketSource; listed: readonly { coin: { coinAbbr: string } }[] };
  /** the listed coin (1001 invalidValue, 404, when unknown) */
  coin(abbr: string): { coin: { coinAbbr: string; coinName: string }; intervals: readonly KlineInterval[] };
  klines(abbr: string, interval: KlineInterval, range: KlineRange): Promise<CandleData[]>;
}

/** The walk-forward summaries shipped for a coin and interval, oldest origin first; undefined when none. */
export type ShippedSummaries = (
  symbol: string,
  interval: PredictInterval,
) => Promise<readonly OriginSummary[] | undefined>;

export interface PredictServiceDeps {
  market: PredictMarket;
  forecaster: Forecaster;
  repository: PredictionsRepository;
  shipped: ShippedSummaries;
  logger: Logger;
}

export interface PredictService {
  info(abbr: string, interval?: PredictInterval): Promise<PredictInfoData>;
  week(abbr: string): Promise<WeekPriceData>;
  /** judges the stored forecasts whose candles the market now has; returns how many were judged */
  judgeDue(): Promise<number>;
  /** forecasts every listed coin at its current origin (stored for the live record), then judges what is due */
  sweep(): Promise<void>;
}

const STEP_MS: Readonly<Record<PredictInterval, number>> = { "1h": 3_600_000, "1d": 86_400_000 };
/** candles the forecast is given: the engine uses the most recent of them */
const HISTORY_LIMIT: Readonly<Record<PredictInterval, number>> = { "1h": 720, "1d": 1000 };
/** a coin without shipped summaries is tested over at most this many recent origins */
const FALLBACK_ORIGINS: Readonly<Record<PredictInterval, number>> = { "1h": 240, "1d": 120 };
/** forecasts kept in memory (one per coin, interval and origin) */
const FORECAST_CACHE = 1_000;
/** the judged forecasts the live record lists */
const RECENT_JUDGED = 30;

export const notEnoughHistory = (abbr: string) =>
  new ApiError(
    1001,
    "notEnoughHistory",
    422,
    [{ field: "coinAbbr", key: "notEnoughHistory" }],
    `${abbr}: too little history to test a forecast`,
  );

const intervalNotForecast = (abbr: string, intervals: readonly PredictInterval[]) =>
  new ApiError(
    1001,
    "invalidValue",
    400,
    [{ field: "interval", key: "invalidValue" }],
    `${abbr} can be forecast in ${intervals.join(", ")} only`,
  );

/** the newest run of candles without a gap (a gap is never bridged) */
export function contiguousTail(candles: readonly CandleData[], stepMs: number): Bar[] {
  let start = candles.length - 1;
  while (start > 0) {
    const previous = candles[start - 1];
    const current = candles[start];
    if (!previous || !current || current.time - previous.time !== stepMs) break;
    start -= 1;
  }
  return candles.slice(Math.max(start, 0)).map((c) => ({ time: c.time, close: c.close }));
}

export function createPredictService(deps: PredictServiceDeps): PredictService {
  const { market, forecaster, repository, logger } = deps;
  const forecasts = new Map<string, EngineForecast | null>();
  const fallbackRecords = new Map<string, readonly OriginSummary[]>();

  const intervalsOf = (abbr: string): PredictInterval[] => {
    const { intervals } = market.coin(abbr);
    return predictIntervals.filter((interval) => intervals.includes(interval));
  };

  /** the forecast at the coin's last completed candle, made once per origin; null when the history is too short */
  async function forecastAt(abbr: string, interval: PredictInterval) {
    const candles = await market.klines(abbr, interval, { limit: HISTORY_LIMIT[interval] });
    const bars = contiguousTail(candles, STEP_MS[interval]);
    const origin = bars.at(-1);
    if (!origin) return { bars, forecast: null };
    const key = `${abbr}:${interval}:${origin.time}`;
    let forecast = forecasts.get(key);
    if (forecast === undefined) {
      forecast =
        bars.length < PREDICT_HORIZON[interval] * 4
          ? null
          : forecaster.forecast(bars, interval, PREDICT_HORIZON[interval]);
      if (forecasts.size >= FORECAST_CACHE) forecasts.clear();
      forecasts.set(key, forecast);
      if (forecast) {
        await repository.save({
          symbol: abbr,
          interval,
          originTime: forecast.originTime,
          originClose: forecast.originClose,
          model: forecast.model,
          modelVersion: forecast.modelVersion,
          steps: forecast.steps.map(({ time, forecast: value, lo80, hi80 }) => ({ time, forecast: value, lo80, hi80 })),
        });
      }
    }
    return { bars, forecast };
  }

  /** the summaries the backtest record counts: shipped, else a walk-forward over the coin's own candles */
  async function summariesFor(abbr: string, interval: PredictInterval, bars: readonly Bar[], at: number) {
    const shipped = await deps.shipped(abbr, interval);
    if (shipped && shipped.length > 0) return shipped;
    const key = `${abbr}:${interval}:${Math.floor(at / STEP_MS["1d"])}`;
    let computed = fallbackRecords.get(key);
    if (!computed) {
      const horizon = PREDICT_HORIZON[interval];
      const firstOrigin = Math.max(0, bars.length - horizon - FALLBACK_ORIGINS[interval]);
      const from = bars[Math.max(firstOrigin, horizon * 3)]?.time ?? Number.POSITIVE_INFINITY;
      computed = summariesOfBacktest(bars, { interval, from, horizon, step: 1 }, forecaster);
      fallbackRecords.set(key, computed);
    }
    return computed;
  }

  async function liveRecord(abbr: string, interval: PredictInterval, at: number) {
    const windowMs = WIN_RATE_WINDOW_MS[interval];
    const rows = await repository.judged(abbr, interval, at - windowMs, at);
    // one forecast per origin (a newer model version's, when both were made)
    const seen = new Set<number>();
    const unique: StoredPrediction[] = [];
    for (const row of rows) {
      if (seen.has(row.originTime)) continue;
      seen.add(row.originTime);
      unique.push(row);
    }
    const summaries = unique.flatMap((row) => {
      const summary = row.actuals
        ? summariseOrigin(row.originTime, row.originClose, row.steps, row.actuals)
        : undefined;
      return summary && summary.steps === row.steps.length ? [summary] : [];
    });
    const figures = recordFigures(summaries);
    const judged = unique.flatMap((row) => {
      const j = judgedPrediction(row);
      return j ? [j] : [];
    });
    return {
      windowMs,
      judged: judged.length,
      calls: figures?.calls ?? 0,
      winRate: figures?.directionAccuracy ?? null,
      winRateCi95: figures?.directionCi95 ?? null,
      coverage80: figures?.coverage80 ?? null,
      similarity: figures?.similarity ?? null,
      maeRatio: figures?.maeRatio ?? null,
      recent: judged.slice(0, RECENT_JUDGED),
    };
  }

  async function info(abbr: string, asked?: PredictInterval): Promise<PredictInfoData> {
    const intervals = intervalsOf(abbr);
    if (asked) return infoIn(abbr, asked, intervals);
    // not asked: hourly where the coin has it, else (or while its hourly record is too short) daily
    const [finest, ...coarser] = intervals;
    if (!finest) throw notEnoughHistory(abbr);
    try {
      return await infoIn(abbr, finest, intervals);
    } catch (error) {
      const next = coarser[0];
      if (!next || !(error instanceof ApiError) || error.key !== "notEnoughHistory") throw error;
      return infoIn(abbr, next, intervals);
    }
  }

  async function infoIn(
    abbr: string,
    interval: PredictInterval,
    intervals: PredictInterval[],
  ): Promise<PredictInfoData> {
    const listed = market.coin(abbr);
    if (!intervals.includes(interval)) throw intervalNotForecast(abbr, intervals);
    const view = market.view();
    const { bars, forecast } = await forecastAt(abbr, interval);
    if (!forecast) throw notEnoughHistory(abbr);
    const horizon = PREDICT_HORIZON[interval];
    const backtest = backtestRecord(await summariesFor(abbr, interval, bars, view.at), horizon, interval, view.at);
    if (!backtest) throw notEnoughHistory(abbr);
    return {
      coinAbbr: listed.coin.coinAbbr,
      coinName: listed.coin.coinName,
      interval,
      intervals,
      origin: { time: forecast.originTime, close: forecast.originClose },
      steps: forecast.steps,
      history: bars.slice(-PREDICT_HISTORY_STEPS[interval] - 1),
      model: { name: forecast.model, version: forecast.modelVersion, beatsNaive: forecast.beatsNaive },
      backtest,
      live: await liveRecord(abbr, interval, view.at),
      source: view.source,
    };
  }

  async function judgeDue(): Promise<number> {
    const at = market.view().at;
    const due = await repository.due(at);
    let judged = 0;
    for (const row of due) {
      const first = row.steps[0];
      const last = row.steps.at(-1);
      if (!first || !last) continue;
      let candles: CandleData[];
      try {
        candles = await market.klines(row.symbol, row.interval, { from: first.time, to: last.time, limit: 1000 });
      } catch (error) {
        // a coin the market no longer lists: judged as unjudgeable (no actuals), so it is not asked again
        if (error instanceof ApiError) {
          await repository.judge(row.id, []);
          continue;
        }
        throw error;
      }
      const byTime = new Map(candles.map((c) => [c.time, c.close]));
      const actuals: number[] = [];
      for (const step of row.steps) {
        const close = byTime.get(step.time);
        if (close === undefined) break;
        actuals.push(close);
      }
      await repository.judge(row.id, actuals);
      judged += 1;
    }
    return judged;
  }

  return {
    info,
    async week(abbr) {
      const data = await info(abbr, "1d");
      return {
        coinAbbr: data.coinAbbr,
        origin: data.origin,
        list: data.steps,
        model: data.model,
        maeRatio: data.backtest.maeRatio,
        directionAccuracy: data.backtest.model.directionAccuracy,
        coverage80: data.backtest.model.coverage80,
        source: data.source,
      };
    },
    judgeDue,
    async sweep() {
      const view = market.view();
      for (const { coin } of view.listed) {
        for (const interval of intervalsOf(coin.coinAbbr)) {
          try {
            await forecastAt(coin.coinAbbr, interval);
          } catch (error) {
            logger.warn({ err: error, coin: coin.coinAbbr, interval }, "forecast not made");
          }
        }
      }
      await judgeDue();
    },
  };
}
