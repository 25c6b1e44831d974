import { ErrorCode } from "../../../../contract/errors.ts";
import { PREDICT_HORIZON, type PredictInfoData, type PredictInterval } from "../../../../contract/predict.ts";
import type { AiScore, AiScoreValidation } from "../../../../contract/score.ts";
import { aiScoreBand } from "../../../../contract/score.ts";
import { ApiError } from "../../../api-error.ts";
import type { ChatMarket, ChatPredictions, ChatScoredCoin, ChatScores } from "./chat-data.ts";

/**
 * For tests: stand-ins for the predict and score services, shaped as the chat tools read them. The forecast starts
 * from the coin's real last completed candle in the market given (so an answer's starting price can be checked
 * against the shipped data); its steps, band and record are this fixture's own, fixed figures — test data, never
 * shown as a real record.
 */

const STEP_MS: Readonly<Record<PredictInterval, number>> = { "1h": 3_600_000, "1d": 86_400_000 };

export const FIXTURE_RECORD = {
  from: "2025-06-01T00:00:00.000Z",
  to: "2026-02-28T00:00:00.000Z",
  origins: 270,
  maeRatio: 0.9731,
  directionAccuracy: 0.531,
  directionCalls: 1890,
  directionCi95: [0.508, 0.553] as [number, number],
  coverage80: 0.792,
  live: { judged: 12, calls: 11, winRate: 6 / 11, winRateCi95: [0.28, 0.79] as [number, number], coverage80: 0.75 },
};

/** The fixture's step: a drift of +0.1 % a step when the model beats "no change", else the last close; ±2 %·√step. */
export function fixtureStep(close: number, step: number, beatsNaive: boolean) {
  const forecast = beatsNaive ? close * (1 + 0.001 * step) : close;
  const half = close * 0.02 * Math.sqrt(step);
  return { forecast, lo80: forecast - half, hi80: forecast + half };
}

const apiError = (key: "invalidValue" | "notEnoughHistory", message: string) =>
  new ApiError(ErrorCode.RequestFailed, key, key === "invalidValue" ? 400 : 422, [], message);

export function fixturePredictions(
  market: ChatMarket,
  options: { beatsNaive?: (abbr: string) => boolean; tooNew?: readonly string[] } = {},
): ChatPredictions {
  return {
    async info(abbr, asked) {
      const view = market.view();
      const listed = view.listed.find((l) => l.coin.coinAbbr === abbr.toUpperCase());
      if (!listed) throw apiError("invalidValue", `${abbr} is not listed`);
      if (options.tooNew?.includes(listed.coin.coinAbbr)) throw apiError("notEnoughHistory", `${abbr}: too new`);
      const hourly = (await market.klines(listed.coin.coinAbbr, "1h", { limit: 2 })).length >= 2;
      const intervals: PredictInterval[] = hourly ? ["1h", "1d"] : ["1d"];
      const interval = asked ?? intervals[0] ?? "1d";
      if (!intervals.includes(interval)) throw apiError("invalidValue", `${abbr} has no ${interval} forecast`);
      const candles = await market.klines(listed.coin.coinAbbr, interval, { limit: 60 });
      const origin = candles.at(-1);
      if (!origin) throw apiError("notEnoughHistory", `${abbr}: no candles`);
      const beatsNaive = options.beatsNaive?.(listed.coin.coinAbbr) ?? true;
      const horizon = PREDICT_HORIZON[interval];
      const r = FIXTURE_RECORD;
      return {
        coinAbbr: listed.coin.coinAbbr,
        coinName: listed.coin.coinName,
        interval,
        intervals,
        origin: { time: origin.time, close: origin.close },
        steps: Array.from({ length: horizon }, (_, i) => ({
          step: i + 1,
          time: origin.time + (i + 1) * STEP_MS[interval],
          ...fixtureStep(origin.close, i + 1, beatsNaive),
        })),
        history: candles.slice(-15).map((c) => ({ time: c.time, close: c.close })),
        model: { name: beatsNaive ? "theta" : "naive", version: "fixture-1", beatsNaive },
        backtest: {
          from: r.from,
          to: r.to,
          origins: r.origins,
          horizon,
          model: {
            mae: 1,
            mape: 1,
            directionAccuracy: r.directionAccuracy,
            directionCalls: r.directionCalls,
            directionCi95: r.directionCi95,
            coverage80: r.coverage80,
            similarity: 97,
          },
          naive: { mae: 1, mape: 1 },
          maeRatio: r.maeRatio,
        },
        live: {
          windowMs: interval === "1h" ? 24 * 3_600_000 : 90 * 86_400_000,
          judged: r.live.judged,
          calls: r.live.calls,
          winRate: r.live.winRate,
          winRateCi95: r.live.winRateCi95,
          coverage80: r.live.coverage80,
          similarity: 97,
          maeRatio: 0.98,
          recent: [],
        },
        source: { mode: view.source.mode, provider: view.source.provider, at: view.source.at },
      } satisfies PredictInfoData;
    },
  };
}

export const FIXTURE_VALIDATION: AiScoreValidation = {
  meanSpearman: 0.041,
  weeks: 40,
  positiveWeeks: 24,
  from: "2025-05-05",
  to: "2026-02-02",
};

/** A fixture score: the parts' points as given, weighted equally. */
export function fixtureScore(
  coinAbbr: string,
  points: readonly [number, number, number, number, number],
  volatility: number,
  asOf: string,
): AiScore {
  const ids = ["trend", "volatility", "liquidity", "relativeStrength", "newsFlow"] as const;
  const score = Math.round(points.reduce((sum, p) => sum + p, 0) / points.length);
  return {
    coinAbbr,
    score,
    band: aiScoreBand(score),
    asOf,
    parts: ids.map((id, i) => ({
      id,
      points: points[i] ?? 0,
      weight: 0.2,
      value: id === "volatility" ? volatility : null,
      unit: id === "volatility" ? "%" : "",
    })),
  };
}

/** A score service stand-in: `coins` by category, ranked by score, paged as the service pages. */
export function fixtureScores(
  coins: readonly (ChatScoredCoin & { categories: readonly string[] })[],
  source: { provider: string; at: string },
  validation: AiScoreValidation | null = FIXTURE_VALIDATION,
): ChatScores {
  return {
    async ranking({ category, page, pageSize }) {
      const members = coins
        .filter((c) => category === "total" || c.categories.includes(category))
        .sort((a, b) => b.score.score - a.score.score);
      const first = (page - 1) * pageSize;
      return {
        list: members.slice(first, first + pageSize).map(({ coin, score }) => ({ coin, score })),
        total: members.length,
        validation,
        source,
      };
    },
  };
}
