import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { tickEventSchema } from "../../src/contract/market.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  call,
  createTestDatabase,
  newDeviceNo,
  ONE_NODE_PER_PGLITE,
  startTestServer,
  TEST_REDIS_URL,
} from "./harness.ts";
import { readEvents } from "./sse-events.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A push client as the app's fetch-based one: reads events off the streaming body. */
async function openPush(base: string, lang = "en") {
  const controller = new AbortController();
  const res = await fetch(`${base}/v2/api/push?lang=${lang}`, {
    headers: { "x-device-no": newDeviceNo() },
    signal: controller.signal,
  });
  const stream = readEvents(res, { timeout: 60_000, interval: 50 });
  cleanups.push(async () => {
    controller.abort();
    await stream.pump;
  });
  const next = (name: string) => stream.next((event) => event.event === name);
  return { res, next, ended: stream.ended, pump: stream.pump };
}

describe("the live push channel", () => {
  it("says hello with the market status, acknowledges the language and pushes ticks after refreshes", async () => {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    // a stop that waited for open streams would wait the whole shutdown timeout: longer than this test may run
    const srv = await startTestServer({ ...db.env, MARKET_REFRESH_SECONDS: "0.2", SHUTDOWN_TIMEOUT_MS: "600000" });
    let stopped = false;
    cleanups.push(async () => {
      if (!stopped) await srv.stop();
    });
    const client = await openPush(srv.url, "cn");
    expect(client.res.status).toBe(200);
    expect(client.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(client.res.headers.get("content-encoding")).toBeNull();
    const hello = JSON.parse((await client.next("hello")).data);
    expect(hello).toMatchObject({ lang: "cn", market: { mode: "replay" } });
    expect(JSON.parse((await client.next("lang")).data)).toEqual({ lang: "cn" });
    const tick = tickEventSchema.parse(JSON.parse((await client.next("tick")).data));
    expect(tick.ticks.map((t) => t.coinAbbr)).toContain("BTC");
    const french = await fetch(`${srv.url}/v2/api/push?lang=fr`, { headers: { "x-device-no": newDeviceNo() } });
    expect(french.status).toBe(400);
    expect(await french.json()).toMatchObject({ code: 1001, data: { field: "lang" } });
    // EventSource sends no headers: the device number may ride in the query of this route (and only this one)
    const viaQuery = await fetch(`${srv.url}/v2/api/push?lang=en&deviceNo=${newDeviceNo()}`);
    expect(viaQuery.status).toBe(200);
    await viaQuery.body?.cancel();
    const elsewhere = await fetch(`${srv.url}/v2/api/llm/model/list?deviceNo=${newDeviceNo()}`);
    expect(await elsewhere.json()).toMatchObject({ code: 1001, data: { key: "deviceNoMissing" } });
    // closing the server ends open streams instead of waiting for them
    await srv.stop();
    stopped = true;
    await client.pump;
    expect(client.ended()).toBe(true);
  });

  it("delivers a tick published on node A to a client of node B through Redis", async () => {
    // two nodes that share only Redis (each its own database): whatever tick B's client gets came through Redis
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const redis = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `t${randomUUID().slice(0, 8)}:` };
    const [dbA, dbB] = [await createTestDatabase(), await createTestDatabase()];
    cleanups.push(dbA.drop, dbB.drop);
    // Only the holder of the "market-refresh" lease (in Redis, 3 refreshes long) publishes. A refreshes every 15 s,
    // so its lease outlasts B's start-up (a PGlite node migrating its directory can hold this process's event
    // loop for seconds) and B, finding it held, never publishes.
    const a = await startTestServer({ ...dbA.env, ...redis, MARKET_REFRESH_SECONDS: "15" }, { clock });
    cleanups.push(a.stop);
    // B starts an hour of wall time later and refreshes only at start: its own replay runs an hour behind A's
    clock.advance(3_600_000);
    const b = await startTestServer({ ...dbB.env, ...redis, MARKET_REFRESH_SECONDS: "3600" }, { clock });
    cleanups.push(b.stop);
    const client = await openPush(b.url);
    const helloB = JSON.parse((await client.next("hello")).data);
    const tick = tickEventSchema.parse(JSON.parse((await client.next("tick")).data));
    const statusA = (await call(a.url, "/market/status")).json?.data;
    expect(tick.at).toBe(statusA?.at);
    expect(helloB.market.at).not.toBe(statusA?.at);
  });

  it("shows every node of one database the same replay", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const shared = { ...db.env, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `t${randomUUID().slice(0, 8)}:` };
    const a = await startTestServer({ ...shared, MARKET_REFRESH_SECONDS: "0.3" }, { clock });
    cleanups.push(a.stop);
    // B starts an hour of wall time later, yet reads the replay anchor A stored: the same market time
    clock.advance(3_600_000);
    const b = await startTestServer({ ...shared, MARKET_REFRESH_SECONDS: "3600" }, { clock });
    cleanups.push(b.stop);
    const client = await openPush(b.url);
    const helloB = JSON.parse((await client.next("hello")).data);
    const tick = tickEventSchema.parse(JSON.parse((await client.next("tick")).data));
    const statusA = (await call(a.url, "/market/status")).json?.data;
    expect(helloB.market.at).toBe(statusA?.at);
    expect(tick.at).toBe(statusA?.at);
  });
});
