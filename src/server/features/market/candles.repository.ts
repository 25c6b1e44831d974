import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { candles } from "../../db/schema.ts";
import type { Candle, Interval } from "../../providers/market/market-provider.ts";

/** Any constant; it keeps two nodes from writing the same candles at once (PGlite takes it too, trivially). */
const CANDLE_WRITE_LOCK_ID = 727_101;
const BATCH = 500;

export interface CandleRows {
  symbol: string;
  interval: Interval;
  candles: readonly Candle[];
}

export interface CandlesRepository {
  /** the newest stored open time per "SYMBOL:interval" */
  latest(): Promise<Map<string, number>>;
  /**
   * Upserts the candles inside one transaction that first takes a transaction-scoped advisory lock; false when
   * another node holds it (that node is writing the same facts).
   */
  upsert(rows: readonly CandleRows[]): Promise<boolean>;
}

export function createCandlesRepository(db: Database): CandlesRepository {
  return {
    async latest() {
      const rows = await db
        .select({ symbol: candles.symbol, interval: candles.interval, last: sql<string>`max(${candles.openTime})` })
        .from(candles)
        .groupBy(candles.symbol, candles.interval);
      return new Map(rows.map((row) => [`${row.symbol}:${row.interval}`, Number(row.last)]));
    },
    async upsert(rows) {
      const values = rows.flatMap(({ symbol, interval, candles: list }) =>
        list.map((c) => ({
          symbol,
          interval,
          openTime: c.openTime,
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: c.volume,
          quoteVolume: c.quoteVolume,
        })),
      );
      if (values.length === 0) return true;
      return db.transaction(async (tx) => {
        const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${CANDLE_WRITE_LOCK_ID}) as locked`);
        const locked = (lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
        if (!locked) return false;
        for (let i = 0; i < values.length; i += BATCH) {
          await tx
            .insert(candles)
            .values(values.slice(i, i + BATCH))
            .onConflictDoUpdate({
              target: [candles.symbol, candles.interval, candles.openTime],
              set: {
                open: sql`excluded.open`,
                high: sql`excluded.high`,
                low: sql`excluded.low`,
                close: sql`excluded.close`,
                volume: sql`excluded.volume`,
                quoteVolume: sql`excluded.quote_volume`,
              },
            });
        }
        return true;
      });
    },
  };
}
