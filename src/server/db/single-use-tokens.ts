import { and, eq, gt, lt } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

/**
 * One implementation of single-use, expiring tokens (wallet nonces, TON proof payloads, captchas, spent human
 * checks), each kind in its own table:
 *
 * - issue: stores the token's row (expired rows are swept first, at most every `sweepEveryMs`);
 * - consume: DELETE ... RETURNING of the row while it is unexpired, in one statement, so of any number of
 *   concurrent callers exactly one gets the row and a token serves once;
 * - spend: for a token this server did not store (a signed, stateless one), INSERT ... ON CONFLICT DO NOTHING
 *   RETURNING of its row until it expires, so again exactly one caller is told it is the first;
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
  /** records a stateless token as used (its row says until when); true only for the first caller */
  spend(row: T["$inferInsert"]): Promise<boolean>;
}

export function createSingleUseTokens<T extends PgTable>(
  db: Database,
  clock: { now(): Date },
  spec: SingleUseTable<T>,
): SingleUseTokens<T> {
  let lastSweep = Number.NEGATIVE_INFINITY;
  const sweep = async () => {
    const now = clock.now();
    if (now.getTime() - lastSweep < spec.sweepEveryMs) return;
    lastSweep = now.getTime();
    await db.delete(spec.table).where(lt(spec.expiresAt, now));
  };
  return {
    async issue(row) {
      await sweep();
      await db.insert(spec.table).values(row);
    },

    async spend(row) {
      await sweep();
      const inserted = await db.insert(spec.table).values(row).onConflictDoNothing({ target: spec.token }).returning();
      return inserted.length === 1;
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
