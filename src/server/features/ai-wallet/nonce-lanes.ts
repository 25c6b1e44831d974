import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/**
 * One nonce lane per AI wallet: a step that reads the wallet's next nonce, signs with it, stores the signed bytes and
 * broadcasts them runs alone for that wallet, so two transactions of one wallet (a withdrawal and a swap at once, a
 * limit execution beside them) never take the same nonce. On this node the steps of one address queue behind each
 * other; across the API nodes of one PostgreSQL each step also holds a transaction-scoped advisory lock on the
 * address, which PostgreSQL lets go when the step ends or its node dies. PGlite serves one node only, so the queue is
 * the whole lane there (a transaction would hold PGlite's one connection, which the step's own writes need).
 */
export interface NonceLanes {
  /** runs `step` alone in the lane of the wallet `address`; its answer or its error */
  run<T>(address: string, step: () => Promise<T>): Promise<T>;
}

/** The first key of the lane's advisory lock (the ledger uses 727_201, the USDT account 727_202, alarms 727_301). */
const NONCE_LOCK_NAMESPACE = 727_401;
/**
 * Lanes of different wallets holding their lock at once on this node: each holds one pooled connection for its
 * transaction, and the pool must keep connections for the steps' own queries.
 */
const LOCKS_AT_ONCE = 3;

/** `shared`: the PostgreSQL database of every API node; undefined on PGlite (one node), where the queue is the lane */
export function createNonceLanes(shared: Database | undefined): NonceLanes {
  const tails = new Map<string, Promise<void>>();

  /** runs after every step of the same address asked before it, whatever their outcome */
  function queued<T>(key: string, step: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(step);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  }

  let holding = 0;
  const waiting: (() => void)[] = [];
  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (holding < LOCKS_AT_ONCE) holding += 1;
    // a finishing holder hands its place over
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else holding -= 1;
    }
  }

  const locked = <T>(db: Database, key: string, step: () => Promise<T>): Promise<T> =>
    slot(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${NONCE_LOCK_NAMESPACE}::int4, hashtext(${key}))`);
        return step();
      }),
    );

  return {
    run(address, step) {
      const key = address.toLowerCase();
      return queued(key, shared ? () => locked(shared, key, step) : step);
    },
  };
}
