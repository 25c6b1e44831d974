import { and, asc, desc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { PredictInterval } from "../../../contract/predict.ts";
import type { Database } from "../../db/client.ts";
import { predictions } from "../../db/schema.ts";

/** A forecast as it was made: what the live record is later computed from. */
export interface StoredForecast {
  symbol: string;
  interval: PredictInterval;
  originTime: number;
  originClose: number;
  model: string;
  modelVersion: string;
  steps: { time: number; forecast: number; lo80: number; hi80: number }[];
}

export interface StoredPrediction extends StoredForecast {
  id: number;
  /** actual closes of steps 1..horizon; null until judged, empty when the market never had those candles */
  actuals: number[] | null;
}

/** Due forecasts read at once by a judging pass. */
const JUDGE_BATCH = 500;

export interface PredictionsRepository {
  /** stores a forecast once per coin, interval, origin and model version (a repeat is ignored) */
  save(forecast: StoredForecast): Promise<void>;
  /** unjudged forecasts whose last step's candle has closed by `marketTime` */
  due(marketTime: number): Promise<StoredPrediction[]>;
  judge(id: number, actuals: number[]): Promise<void>;
  /** judged forecasts of a coin whose last step lies in [from, to], newest first */
  judged(symbol: string, interval: PredictInterval, from: number, to: number): Promise<StoredPrediction[]>;
}

type Row = typeof predictions.$inferSelect;
const toStored = (row: Row): StoredPrediction => ({
  id: row.id,
  symbol: row.symbol,
  interval: row.interval === "1h" ? "1h" : "1d",
  originTime: row.originTime,
  originClose: row.originClose,
  model: row.model,
  modelVersion: row.modelVersion,
  steps: row.steps,
  actuals: row.actuals ?? null,
});

const STEP_MS: Readonly<Record<PredictInterval, number>> = { "1h": 3_600_000, "1d": 86_400_000 };

export function createPredictionsRepository(db: Database): PredictionsRepository {
  return {
    async save(forecast) {
      const last = forecast.steps.at(-1);
      if (!last) return;
      await db
        .insert(predictions)
        .values({ ...forecast, targetTime: last.time })
        .onConflictDoNothing();
    },
    async due(marketTime) {
      // the last step's candle closes one interval after it opens; hourly and daily differ, so both are asked
      const rows = await db
        .select()
        .from(predictions)
        .where(
          and(
            isNull(predictions.judgedAt),
            sql`${predictions.targetTime} + case when ${predictions.interval} = '1h' then ${STEP_MS["1h"]}::bigint else ${STEP_MS["1d"]}::bigint end <= ${marketTime}`,
          ),
        )
        .orderBy(asc(predictions.targetTime))
        .limit(JUDGE_BATCH);
      return rows.map(toStored);
    },
    async judge(id, actuals) {
      await db
        .update(predictions)
        .set({ actuals, judgedAt: new Date() })
        .where(and(eq(predictions.id, id), isNull(predictions.judgedAt)));
    },
    async judged(symbol, interval, from, to) {
      const rows = await db
        .select()
        .from(predictions)
        .where(
          and(
            eq(predictions.symbol, symbol),
            eq(predictions.interval, interval),
            gte(predictions.targetTime, from),
            lte(predictions.targetTime, to),
            sql`${predictions.judgedAt} is not null`,
          ),
        )
        .orderBy(desc(predictions.targetTime), desc(predictions.id));
      return rows.map(toStored);
    },
  };
}
