import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { z } from "zod";

/**
 * The walk-forward record of the forecasting engine over the shipped market history (data/predict), written by
 * scripts/data/build-backtest-records.ts with the engine's own backtest: one row per origin, its steps summed, so the
 * server can count the origins judged by any market time without running the backtest again.
 */

export const SHIPPED_RECORDS_FILE = fileURLToPath(
  new URL("../../../../data/predict/backtest-records.json.gz", import.meta.url),
);

/** One origin of a walk-forward test, summed over its steps 1..horizon. */
export interface ShippedOrigin {
  originTime: number;
  /** steps judged (the horizon, unless the data lacked some candles) */
  steps: number;
  /** sums over the steps: |forecast − actual|, |origin close − actual| (the naive forecast), and in percent of actual */
  absError: number;
  naiveAbsError: number;
  pctError: number;
  naivePctError: number;
  /** steps whose actual close fell inside the 80 % band */
  inBand: number;
  /** sum of the steps' similarity, percent */
  similarity: number;
  /** the direction call at the last step: 1 right, −1 wrong, 0 no call (a flat forecast) */
  call: 1 | -1 | 0;
}

/** [originTime, steps, absError, naiveAbsError, pctError, naivePctError, inBand, similarity, call] */
const rowSchema = z.tuple([
  z.number(),
  z.number().int(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number().int(),
  z.number(),
  z.union([z.literal(1), z.literal(-1), z.literal(0)]),
]);
export type ShippedRow = z.infer<typeof rowSchema>;

export const shippedRecordsSchema = z.object({
  modelVersion: z.string(),
  /** how the file was made: the command, the data, the walk-forward's from, horizon and step per interval */
  generatedBy: z.string(),
  settings: z.record(z.string(), z.object({ from: z.string(), horizon: z.number().int(), step: z.number().int() })),
  /** symbol -> interval -> rows, oldest origin first */
  coins: z.record(z.string(), z.record(z.string(), z.array(rowSchema))),
});
export type ShippedRecordsFile = z.infer<typeof shippedRecordsSchema>;

export const toRow = (o: ShippedOrigin): ShippedRow => [
  o.originTime,
  o.steps,
  o.absError,
  o.naiveAbsError,
  o.pctError,
  o.naivePctError,
  o.inBand,
  o.similarity,
  o.call,
];

const fromRow = (row: ShippedRow): ShippedOrigin => ({
  originTime: row[0],
  steps: row[1],
  absError: row[2],
  naiveAbsError: row[3],
  pctError: row[4],
  naivePctError: row[5],
  inBand: row[6],
  similarity: row[7],
  call: row[8],
});

export interface ShippedRecords {
  modelVersion: string;
  /** the origins of a coin and interval, oldest first; undefined when the file has none */
  origins(symbol: string, interval: string): readonly ShippedOrigin[] | undefined;
}

/** Reads the shipped records once; each coin's rows are turned into objects when first asked. */
export async function loadShippedRecords(file: string = SHIPPED_RECORDS_FILE): Promise<ShippedRecords> {
  const parsed = shippedRecordsSchema.parse(JSON.parse(gunzipSync(await readFile(file)).toString("utf8")));
  const cache = new Map<string, readonly ShippedOrigin[]>();
  return {
    modelVersion: parsed.modelVersion,
    origins(symbol, interval) {
      const key = `${symbol}:${interval}`;
      let origins = cache.get(key);
      if (!origins) {
        const rows = parsed.coins[symbol]?.[interval];
        if (!rows) return undefined;
        origins = rows.map(fromRow);
        cache.set(key, origins);
      }
      return origins;
    },
  };
}
