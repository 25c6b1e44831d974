// Price alarms evaluated per market tick (issue 17): 100,000 armed alarms over the shipped universe's coins, both
// sides, their targets 0.5 % to 30 % from the coin's replay price (log-uniform, so most do not cross), and ticks
// that move every coin by a random step from the last (σ 0.1 %: a volatile 15 s, the default refresh, for coins
// that move 5 % a day in 15 s steps): each tick is handed to the server's own evaluator (tick parsed, lease, the one
// firing UPDATE, fired alarms shaped and published on the push channel). Budget: the median tick under 50 ms on the
// embedded database (PGlite, the default). Reported beside it: one burst tick that moves every coin 5 % at once (the
// replay's daily candles step once a day), and the same on PostgreSQL when one answers (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local test server; a throwaway schema).
// npm run bench runs it with the rest; `node --import tsx scripts/bench/alarms.ts` runs only this part.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { ALARM_ARMED_MAX } from "../../src/contract/alarms.ts";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client.ts";
import { createAlarmEvaluator } from "../../src/server/features/alarms/alarm-evaluator.ts";
import { createAlarmsRepository } from "../../src/server/features/alarms/alarms.repository.ts";
import { createPushAlarmChannel } from "../../src/server/features/alarms/push-channel.ts";
import { buildMarketView } from "../../src/server/features/market/market-view.ts";
import { systemClock } from "../../src/server/providers/clock.ts";
import { openReplayMarket } from "../../src/server/providers/market/replay-market.ts";
import { createMemoryPubSub } from "../../src/server/providers/pubsub.ts";

export const ALARMS = 100_000;
export const ALARM_TICK_BUDGET_MS = 50;
const WARM_UP_TICKS = 5;
const TICKS = 40;
/** a tick's step of every coin: σ of the relative move */
const TICK_STEP = 0.001;
/** the burst tick's move of every coin (half of them up, half down) */
const BURST_MOVE = 0.05;
const SEED_BATCH = 10_000;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface AlarmTickTimings {
  database: "PGlite" | "PostgreSQL";
  ticks: number;
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  /** this process's CPU time per tick, median: PGlite runs in it, so this is the database's work too, whatever else
   * the machine runs (undefined for PostgreSQL, whose work is the server's) */
  cpuMedianMs: number | undefined;
  /** alarms fired per tick, on average */
  firedPerTick: number;
  /** armed alarms left after the ticks */
  armedAfter: number;
  /** the burst tick after them */
  burst: { ms: number; fired: number };
}

export type AlarmTickResult = AlarmTickTimings | { database: "PostgreSQL"; skipped: string };

/** a small seeded generator, so every run sets the same alarms and moves the same ticks */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** a standard normal draw (Box–Muller) */
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(handle: DatabaseHandle, database: AlarmTickTimings["database"]): Promise<AlarmTickTimings> {
  const db = handle.db;
  const replay = await openReplayMarket({ wall: systemClock });
  const view = buildMarketView(await replay.snapshot(), await replay.coins(), replay.kind, replay.name);
  const coins = view.listed.map((listed) => ({ coinAbbr: listed.coin.coinAbbr, price: listed.coin.lastPrice }));
  const random = mulberry32(17);

  // the alarms: ALARM_ARMED_MAX an account, as many accounts as it takes
  for (let first = 0; first < ALARMS; first += SEED_BATCH) {
    const rows = Array.from({ length: Math.min(SEED_BATCH, ALARMS - first) }, (_, n) => {
      const coin = coins[Math.floor(random() * coins.length)] ?? { coinAbbr: "BTC", price: 1 };
      const above = random() < 0.5;
      const distance = Math.exp(Math.log(0.005) + random() * Math.log(0.3 / 0.005));
      return {
        userId: 1_000_000 + Math.floor((first + n) / ALARM_ARMED_MAX),
        coinAbbr: coin.coinAbbr,
        direction: above ? "above" : "below",
        target: coin.price * (above ? 1 + distance : 1 - distance),
        base: coin.price,
      };
    });
    const list = (values: (string | number)[]) => `{${values.join(",")}}`;
    await db.execute(sql`insert into price_alarms (user_id, coin_abbr, kind, direction, target_price, base_price)
      select u, c, 'price', d, t, b from unnest(
        ${list(rows.map((r) => r.userId))}::bigint[], ${list(rows.map((r) => r.coinAbbr))}::text[],
        ${list(rows.map((r) => r.direction))}::text[], ${list(rows.map((r) => r.target))}::float8[],
        ${list(rows.map((r) => r.base))}::float8[]
      ) as x(u, c, d, t, b)`);
  }

  const pubsub = createMemoryPubSub();
  const evaluator = createAlarmEvaluator({
    repository: createAlarmsRepository(db),
    market: { view: () => view },
    providerName: () => view.source.provider,
    pubsub,
    logger: pino({ level: "silent" }),
    channels: [createPushAlarmChannel(pubsub)],
    leaseMs: 5_000,
  });
  const prices = coins.map((coin) => ({ ...coin }));
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let fired = 0;
  const evaluate = async (n: number) => {
    const message = JSON.stringify({
      at: new Date(view.at + (n + 1) * 15_000).toISOString(),
      market: view.status,
      ticks: prices.map((coin) => ({ coinAbbr: coin.coinAbbr, lastPrice: coin.price, change: null })),
    });
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const firedNow = await evaluator.evaluate(message);
    const cpu = process.cpuUsage(cpuBefore);
    return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, fired: firedNow.length };
  };
  for (let n = 0; n < WARM_UP_TICKS + TICKS; n += 1) {
    for (const coin of prices) coin.price *= 1 + TICK_STEP * normal(random);
    const tick = await evaluate(n);
    if (n < WARM_UP_TICKS) continue;
    times.push(tick.ms);
    cpuTimes.push(tick.cpuMs);
    fired += tick.fired;
  }
  const [armed] = (
    (await db.execute(sql`select count(*)::int as n from price_alarms where fired_at is null`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  prices.forEach((coin, n) => {
    coin.price *= n % 2 === 0 ? 1 + BURST_MOVE : 1 - BURST_MOVE;
  });
  const burst = await evaluate(WARM_UP_TICKS + TICKS);
  await pubsub.close();
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    database,
    ticks: TICKS,
    medianMs: percentile(times, 50),
    p90Ms: percentile(times, 90),
    maxMs: times.at(-1) ?? 0,
    cpuMedianMs: database === "PGlite" ? percentile(cpuTimes, 50) : undefined,
    firedPerTick: fired / TICKS,
    armedAfter: armed?.n ?? 0,
    burst: { ms: burst.ms, fired: burst.fired },
  };
}

async function onPglite(): Promise<AlarmTickTimings> {
  const dir = await mkdtemp(path.join(tmpdir(), "ml-bench-alarms-"));
  const handle = await openDatabase({ kind: "pglite", dataDir: dir });
  try {
    return await measure(handle, "PGlite");
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<AlarmTickResult> {
  const schema = `bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ kind: "postgres", url: DATABASE_URL, schema });
  } catch (error) {
    return { database: "PostgreSQL", skipped: `not reachable at ${new URL(DATABASE_URL).host}: ${String(error)}` };
  }
  try {
    return await measure(handle, "PostgreSQL");
  } finally {
    await handle.close();
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end());
  }
}

export async function alarmTickTimings(): Promise<AlarmTickResult[]> {
  return [await onPglite(), await onPostgres()];
}

type Row = (name: string, value: string, budget: string, ok: boolean) => void;

export function printAlarmTickTimings(results: AlarmTickResult[], row: Row) {
  console.log(
    `\nprice alarms: ${ALARMS.toLocaleString("en")} armed over the replay's coins, both sides, 0.5-30 % away; ${TICKS} ticks of random steps (σ ${TICK_STEP * 100} %), each through the evaluator`,
  );
  for (const result of results) {
    if ("skipped" in result) {
      console.log(`  ${result.database}: not measured: ${result.skipped}`);
      continue;
    }
    row(
      `evaluation per tick, median (${result.database})`,
      `${result.medianMs.toFixed(1)} ms`,
      `< ${ALARM_TICK_BUDGET_MS} ms`,
      result.medianMs < ALARM_TICK_BUDGET_MS,
    );
    row("  p90 / max", `${result.p90Ms.toFixed(1)} / ${result.maxMs.toFixed(1)} ms`, "", true);
    if (result.cpuMedianMs !== undefined) {
      row("  CPU time per tick, median (in process)", `${result.cpuMedianMs.toFixed(1)} ms`, "", true);
    }
    row(
      "  fired per tick / armed after",
      `${result.firedPerTick.toFixed(0)} / ${result.armedAfter.toLocaleString("en")}`,
      "",
      true,
    );
    row(
      `  burst tick (every coin ${BURST_MOVE * 100} %): ms / fired`,
      `${result.burst.ms.toFixed(0)} / ${result.burst.fired.toLocaleString("en")}`,
      "reported",
      true,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printAlarmTickTimings(await alarmTickTimings(), (name, value, budget, ok) =>
    console.log(`${name.padEnd(46)} ${value.padStart(14)}   budget ${budget.padEnd(12)} ${ok ? "ok" : "OVER"}`),
  );
}
