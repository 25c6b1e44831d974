import { and, eq, gt, lt } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

/**
 * One implementation of single-use, expiring tokens (wallet nonces, TON proof payloads, captchas), each kind in
 * its own table:
 *
 * - issue: stores the token's row (expired rows are swept first, at most every `sweepEveryMs`);
 * - consume: DELETE ... RETURNING of the row while it is unexpired, in one statement, so of any number of
 *   concurrent callers exactly one gets the row and a token serves once;
 * - expire: a token past its `expiresAt` is never returned, and its row goes with the next sweep.
 */

export interface SingleUseTable<T extends PgTable> {
  table: T;
  /** the token's column, the table's primary key */
  token: PgColumn;
  expiresAt: PgColumn;
  /** expired rows are deleted at most this often (by the process that issues the next token) */
  sweepEveryMs: number;
}

export interface SingleUseTokens<T extends PgTable> {
  issue(row: T["$inferInsert"]): Promise<void>;
  /** the token's row, removed; undefined when the token is unknown, expired or already consumed */
  consume(token: string): Promise<T["$inferSelect"] | undefined>;
}

export function createSingleUseTokens<T extends PgTable>(
  db: Database,
  clock: { now(): Date },
  spec: SingleUseTable<T>,
): SingleUseTokens<T> {
  let lastSweep = Number.NEGATIVE_INFINITY;
  return {
    async issue(row) {
      const now = clock.now();
      if (now.getTime() - lastSweep >= spec.sweepEveryMs) {
        lastSweep = now.getTime();
        await db.delete(spec.table).where(lt(spec.expiresAt, now));
      }
      await db.insert(spec.table).values(row);
    },

    async consume(token) {
      if (!token) return undefined;
      const [row] = await db
        .delete(spec.table)
        .where(and(eq(spec.token, token), gt(spec.expiresAt, clock.now())))
        .returning();
      return row as T["$inferSelect"] | undefined;
    },
  };
}
