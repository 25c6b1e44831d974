import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { ALARM_ARMED_MAX, ALARM_STORED_MAX, priceAlarmSchema } from "../../src/contract/alarms.ts";
import { createAlarmsRepository } from "../../src/server/features/alarms/alarms.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  type Account,
  alarmCall,
  alarmList,
  cleanupsAfter,
  ethCrossing,
  HOUR,
  openStream,
  POLL,
  pushTicket,
  signedInAccount,
  tick,
} from "./alarms-replay.ts";
import {
  createTestDatabase,
  ONE_NODE_PER_PGLITE,
  startTestServer,
  TEST_REDIS_URL,
  type TestServer,
} from "./harness.ts";

// Price alarms across restarts and API nodes (issue 17): the table is the state, so an alarm set before a restart
// fires after it, and nodes sharing one database and Redis fire each alarm once in all.

const crossing = ethCrossing();
const cleanups = cleanupsAfter(afterEach);

/** `count` alarms above the price now and below the next hour's price: the next hour's tick fires them all */
async function addCrossingAlarms(srv: TestServer, account: Account, count: number) {
  const [now, next] = [crossing.priceAfter(0), crossing.priceAfter(1)];
  const ids: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    const res = await alarmCall(srv, "/priceAlarm/add", account, {
      coinAbbr: "ETH",
      price: now + ((next - now) * n) / (count + 1),
    });
    expect(res.status, res.text).toBe(200);
    ids.push(priceAlarmSchema.parse(res.json?.data).id);
  }
  return ids;
}

const firedLogLines = (...nodes: TestServer[]) =>
  nodes.flatMap((node) => node.logs).filter((line) => line.msg === "price alarms fired");

describe("price alarms over restarts and nodes", () => {
  it("fires an alarm set before a restart on the first tick after it", async () => {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const before = await startTestServer({ ...db.env, ...crossing.env }, { clock });
    let running = true;
    cleanups.push(async () => {
      if (running) await before.stop();
    });
    const me = await signedInAccount(before, clock);
    const [id] = await addCrossingAlarms(before, me, 1);
    await before.stop();
    running = false;

    // the price passes the target while no node runs; the restarted node's first refresh fires it
    clock.advance(HOUR);
    const after = await startTestServer({ ...db.env, ...crossing.env }, { clock });
    cleanups.push(after.stop);
    await after.server.alarms.evaluator.idle();
    expect((await alarmList(after, me)).list).toEqual([
      expect.objectContaining({ id, unused: false, firedPrice: crossing.priceAfter(1) }),
    ]);
    // two starts of a node on a fresh PGlite directory: more than the usual limit on a loaded machine
  }, 240_000);

  it(`keeps ${ALARM_STORED_MAX} alarms an account at most, dropping the oldest fired ones`, async () => {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const srv = await startTestServer({ ...db.env, ...crossing.env }, { clock });
    cleanups.push(srv.stop);
    const me = await signedInAccount(srv, clock);
    const alarms = createAlarmsRepository(srv.server.database.db);
    // three rounds of the armed maximum, each fired by a price above every target before the next round
    const rounds: number[][] = [];
    for (let round = 0; round < 3; round += 1) {
      rounds.push(await addCrossingAlarms(srv, me, ALARM_ARMED_MAX));
      const fired = await alarms.fire(
        [{ coinAbbr: "ETH", price: crossing.priceAfter(1) }],
        new Date(Date.parse("2026-01-01T00:00:00Z") + round * HOUR),
        "Binance (replay)",
      );
      expect(fired).toHaveLength(ALARM_ARMED_MAX);
    }
    const list = await alarmList(srv, me);
    expect(list.list).toHaveLength(ALARM_STORED_MAX);
    // 60 stored, 50 kept: the first round's ten oldest went as the third round was added
    const kept = new Set(list.list.map((alarm) => alarm.id));
    const [first = [], second = [], third = []] = rounds;
    expect(first.filter((id) => kept.has(id))).toEqual(first.slice(3 * ALARM_ARMED_MAX - ALARM_STORED_MAX));
    expect([...second, ...third].every((id) => kept.has(id))).toBe(true);
  });

  it("fires each alarm once in all across two API nodes sharing a database and Redis", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const shared = {
      ...db.env,
      ...crossing.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: `t${randomUUID().slice(0, 8)}:`,
    };
    // A refreshes first and keeps the refresh lease (three hour-long intervals): every tick comes from A through Redis
    const a = await startTestServer(shared, { clock });
    cleanups.push(a.stop);
    const b = await startTestServer(shared, { clock });
    cleanups.push(b.stop);
    const one = await signedInAccount(a, clock);
    const two = await signedInAccount(b, clock);
    const onesAlarms = await addCrossingAlarms(a, one, 10);
    const twosAlarms = await addCrossingAlarms(b, two, 10);
    const streams = {
      oneOnA: await openStream(a, cleanups, await pushTicket(a, one)),
      oneOnB: await openStream(b, cleanups, await pushTicket(b, one)),
      twoOnA: await openStream(a, cleanups, await pushTicket(b, two)),
      twoOnB: await openStream(b, cleanups, await pushTicket(a, two)),
    };

    clock.advance(HOUR);
    await tick(a);
    await expect.poll(async () => (await alarmList(b, two)).armed, POLL).toBe(0);
    expect((await alarmList(a, one)).armed).toBe(0);
    for (const stream of [streams.oneOnA, streams.oneOnB, streams.twoOnA, streams.twoOnB]) {
      await expect.poll(() => stream.alarms().length, POLL).toBe(10);
    }
    // more ticks, through both nodes' hubs: nothing fires again
    await tick(a);
    const seen = Math.max(...Object.values(streams).map((stream) => stream.tickCount()));
    await tick(a);
    for (const stream of Object.values(streams)) await stream.ticks(seen + 1);
    const ids = (stream: (typeof streams)["oneOnA"]) =>
      stream
        .alarms()
        .map((event) => event.alarm.id)
        .sort((x, y) => x - y);
    expect(ids(streams.oneOnA)).toEqual(onesAlarms);
    expect(ids(streams.oneOnB)).toEqual(onesAlarms);
    expect(ids(streams.twoOnA)).toEqual(twosAlarms);
    expect(ids(streams.twoOnB)).toEqual(twosAlarms);
    // one evaluation fired them, on one node
    expect(firedLogLines(a, b)).toEqual([expect.objectContaining({ alarms: 20 })]);
  });

  it("fires each alarm once when two nodes run the firing statement at the same moment", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const a = await startTestServer({ ...db.env, ...crossing.env }, { clock });
    cleanups.push(a.stop);
    const b = await startTestServer({ ...db.env, ...crossing.env }, { clock });
    cleanups.push(b.stop);
    const nodes = [a, b].map((node) => createAlarmsRepository(node.server.database.db));
    const prices = [{ coinAbbr: "ETH", price: crossing.priceAfter(1) }];
    for (let round = 0; round < 5; round += 1) {
      const accounts = await Promise.all([signedInAccount(a, clock), signedInAccount(b, clock)]);
      const armed = [
        ...(await addCrossingAlarms(a, accounts[0], ALARM_ARMED_MAX)),
        ...(await addCrossingAlarms(b, accounts[1], ALARM_ARMED_MAX)),
      ];
      const at = new Date(Date.parse("2026-01-01T00:00:00Z") + round * HOUR);
      const fired = (await Promise.all(nodes.map((node) => node.fire(prices, at, "Binance (replay)"))))
        .flat()
        .map((row) => row.id);
      expect(fired.sort((x, y) => x - y)).toEqual(armed.sort((x, y) => x - y));
    }
  });
});
