// Points ledger writes per second on PostgreSQL: 50 accounts at once, each sending its next change as soon as the last
// one is in (credits and smaller debits in turn), through the server's own ledger and connection pool, each change a
// transaction under the account's advisory lock with its idempotency key. A figure to report (no budget).
// npm run bench runs it with the rest; `node --import tsx scripts/bench/ledger.ts` runs only this part.
// The database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test server; a throwaway schema.
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client.ts";
import { createPointsLedger } from "../../src/server/features/points/ledger.ts";
import { systemClock } from "../../src/server/providers/clock.ts";

export const LEDGER_ACCOUNTS = 50;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type LedgerThroughput =
  | { ok: false; reason: string }
  | {
      ok: true;
      accounts: number;
      seconds: number;
      writes: number;
      perSecond: number;
      p50Ms: number;
      p99Ms: number;
      /** balances that differ from the sum of what each account sent: 0 */
      wrongBalances: number;
    };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function ledgerWriteThroughput(seconds: number, accounts = LEDGER_ACCOUNTS): Promise<LedgerThroughput> {
  const schema = `bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ kind: "postgres", url: DATABASE_URL, schema });
  } catch (error) {
    return { ok: false, reason: `PostgreSQL not reachable at ${new URL(DATABASE_URL).host}: ${String(error)}` };
  }
  try {
    const ledger = createPointsLedger(handle.db, systemClock);
    const latencies: number[] = [];
    const expected = new Map<number, number>();
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: accounts }, async (_, index) => {
        const userId = 1_000_000 + index;
        let sum = 0;
        for (let n = 0; performance.now() < until; n += 1) {
          // credit 10, then take 5 back: the balance grows, never below 0
          const amount = n % 2 === 0 ? 10 : -5;
          const started = performance.now();
          await ledger.apply({ userId, amount, reason: "bench", idempotencyKey: `bench:${userId}:${n}` });
          latencies.push(performance.now() - started);
          sum += amount;
        }
        expected.set(userId, sum);
      }),
    );
    let wrongBalances = 0;
    for (const [userId, sum] of expected) if ((await ledger.balance(userId)) !== sum) wrongBalances += 1;
    latencies.sort((a, b) => a - b);
    return {
      ok: true,
      accounts,
      seconds,
      writes: latencies.length,
      perSecond: latencies.length / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      wrongBalances,
    };
  } finally {
    await handle.close();
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end());
  }
}

type Row = (name: string, value: string, budget: string, ok: boolean) => void;

export function printLedgerThroughput(result: LedgerThroughput, row: Row) {
  console.log(`\npoints ledger on PostgreSQL: ${LEDGER_ACCOUNTS} accounts writing at once (one change in flight each)`);
  if (!result.ok) {
    console.log(`  not measured: ${result.reason}`);
    return;
  }
  row("ledger writes per second", `${result.perSecond.toFixed(0)} /s`, "reported", result.wrongBalances === 0);
  row("  write latency, median / p99", `${result.p50Ms.toFixed(1)} / ${result.p99Ms.toFixed(1)} ms`, "", true);
  row(
    "  writes / balances off their sum",
    `${result.writes} / ${result.wrongBalances}`,
    "0 off",
    result.wrongBalances === 0,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.argv.find((arg) => arg.startsWith("--seconds="))?.split("=")[1] ?? 3);
  printLedgerThroughput(await ledgerWriteThroughput(seconds), (name, value, budget, ok) =>
    console.log(`${name.padEnd(46)} ${value.padStart(14)}   budget ${budget.padEnd(12)} ${ok ? "ok" : "OVER"}`),
  );
}
