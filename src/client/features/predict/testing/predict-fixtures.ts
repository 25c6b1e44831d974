import {
  PREDICT_HISTORY_STEPS,
  PREDICT_HORIZON,
  type PredictInfoData,
  type PredictInterval,
  predictInfoDataSchema,
  WIN_RATE_WINDOW_MS,
} from "../../../../contract/predict.ts";

const HOUR_MS = 3_600_000;
const STEP_MS: Record<PredictInterval, number> = { "1h": HOUR_MS, "1d": 24 * HOUR_MS };

/** The market time of the fixtures (the replay's 2026-03-02 noon) and the last completed candle before it. */
export const MARKET_AT = "2026-03-02T12:00:00.000Z";
const ORIGIN_TIME: Record<PredictInterval, number> = {
  "1h": Date.parse("2026-03-02T11:00:00.000Z"),
  "1d": Date.parse("2026-03-01T00:00:00.000Z"),
};
const ORIGIN_CLOSE = 66_234.5;

/**
 * A forecast answer shaped as the server sends it, checked by the contract's own schema so that it stays valid as
 * the contract changes: BTC, a drifting forecast whose band widens with the square root of the step, a record
 * slightly better than "no change" in the backtest and slightly worse live, and three judged forecasts (right,
 * wrong, and a flat one that made no call).
 */
export function predictInfo(
  interval: PredictInterval = "1h",
  overrides: Partial<PredictInfoData> = {},
): PredictInfoData {
  const step = STEP_MS[interval];
  const originTime = ORIGIN_TIME[interval];
  const history = Array.from({ length: PREDICT_HISTORY_STEPS[interval] }, (_, index) => {
    const back = PREDICT_HISTORY_STEPS[interval] - 1 - index;
    return { time: originTime - back * step, close: ORIGIN_CLOSE - back * 12.5 + (index % 3) * 40 };
  });
  const lastClose = history.at(-1)?.close ?? ORIGIN_CLOSE;
  const steps = Array.from({ length: PREDICT_HORIZON[interval] }, (_, index) => {
    const ahead = index + 1;
    const forecast = lastClose + ahead * 9.25;
    const half = 180 * Math.sqrt(ahead);
    return { step: ahead, time: originTime + ahead * step, forecast, lo80: forecast - half, hi80: forecast + half };
  });
  const judgedAt = originTime - 2 * step;
  const data: PredictInfoData = {
    coinAbbr: "BTC",
    coinName: "Bitcoin",
    interval,
    intervals: ["1h", "1d"],
    origin: { time: originTime, close: lastClose },
    steps,
    history,
    model: { name: "theta", version: "forecast-1.0.0", beatsNaive: true },
    backtest: {
      from: "2025-09-01T00:00:00.000Z",
      to: "2026-02-28T00:00:00.000Z",
      origins: 1_200,
      horizon: PREDICT_HORIZON[interval],
      model: {
        mae: 812.4,
        mape: 1.21,
        directionAccuracy: 0.5234,
        directionCalls: 1_187,
        directionCi95: [0.4951, 0.5516],
        coverage80: 0.82,
        similarity: 98.79,
      },
      naive: { mae: 829.1, mape: 1.24 },
      maeRatio: 0.98,
    },
    live: {
      windowMs: WIN_RATE_WINDOW_MS[interval],
      judged: 24,
      calls: 22,
      winRate: 0.5455,
      winRateCi95: [0.3466, 0.7314],
      coverage80: 0.79,
      similarity: 98.9,
      maeRatio: 1.03,
      recent: [
        {
          originTime: judgedAt - PREDICT_HORIZON[interval] * step,
          targetTime: judgedAt,
          originClose: 65_010,
          forecast: 65_420.75,
          lo80: 64_180,
          hi80: 66_660,
          actual: 65_980.25,
          direction: "up",
          correct: true,
          inBand: true,
          similarity: 99.15,
        },
        {
          originTime: judgedAt - (PREDICT_HORIZON[interval] + 1) * step,
          targetTime: judgedAt - step,
          originClose: 65_300,
          forecast: 65_150.5,
          lo80: 64_900,
          hi80: 65_400,
          actual: 65_710,
          direction: "down",
          correct: false,
          inBand: false,
          similarity: 99.15,
        },
        {
          originTime: judgedAt - (PREDICT_HORIZON[interval] + 2) * step,
          targetTime: judgedAt - 2 * step,
          originClose: 65_120,
          forecast: 65_120,
          lo80: 64_200,
          hi80: 66_040,
          actual: 65_300,
          direction: "flat",
          correct: null,
          inBand: true,
          similarity: 99.72,
        },
      ],
    },
    source: { mode: "replay", provider: "Binance (replay)", at: MARKET_AT },
    ...overrides,
  };
  return predictInfoDataSchema.parse(data);
}

/**
 * A coin on which no model beat "no change": the forecast is the last close, the naive model makes no direction
 * call, and its error ratio is 1 by definition.
 */
export function naivePredictInfo(interval: PredictInterval = "1d"): PredictInfoData {
  const base = predictInfo(interval);
  const close = base.origin.close;
  return predictInfoDataSchema.parse({
    ...base,
    coinAbbr: "DOGE",
    coinName: "Dogecoin",
    intervals: ["1d"],
    origin: { time: base.origin.time, close: 0.1234 },
    history: base.history.map((point) => ({ time: point.time, close: (point.close / close) * 0.1234 })),
    steps: base.steps.map((step) => ({
      ...step,
      forecast: 0.1234,
      lo80: 0.1234 - 0.004 * Math.sqrt(step.step),
      hi80: 0.1234 + 0.004 * Math.sqrt(step.step),
    })),
    model: { name: "naive", version: "forecast-1.0.0", beatsNaive: false },
    backtest: {
      ...base.backtest,
      model: { ...base.backtest.model, directionAccuracy: null, directionCalls: 0, directionCi95: null },
      maeRatio: 1,
    },
    live: {
      ...base.live,
      judged: 0,
      calls: 0,
      winRate: null,
      winRateCi95: null,
      coverage80: null,
      similarity: null,
      maeRatio: null,
      recent: [],
    },
  });
}
