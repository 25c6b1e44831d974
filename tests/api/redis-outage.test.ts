import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tickEventSchema } from "../../src/contract/market.ts";
import { TICK_CHANNEL } from "../../src/server/features/market/market.service.ts";
import { freePort } from "../support/free-port.ts";
import { type RedisChild, startRedisServer } from "../support/redis-server.ts";
import { type LoopbackModel, startLoopbackModel } from "./chat-loopback.ts";
import { call, createTestDatabase, newDeviceNo, startTestServer, type TestServer } from "./harness.ts";
import { readEvents } from "./sse-events.ts";

/** A call that waited on Redis would take 10 s or more; one that does without it answers well within this. */
const WITHOUT_WAITING_MS = 1_000;
/** How long a test waits for an event on a stream. */
const EVENT_POLL = { timeout: 15_000, interval: 20 };
const OUTAGE_LOG = "redis unreachable: rate limits and pushes run in process until it is back";

let model: LoopbackModel;
let redis: RedisChild;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  model = await startLoopbackModel();
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.close();
  await model?.close();
});
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
  // each test starts with its Redis running
  await redis.start();
});

async function server(env: Record<string, string>): Promise<TestServer> {
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  const srv = await startTestServer({
    ...db.env,
    RATE_LIMIT_POINTS: "4",
    VISITORS_PER_ADDRESS: "10000",
    LLM_GPT_BASE_URL: model.baseUrl,
    LLM_GPT_API_KEY: "test",
    ...env,
  });
  cleanups.push(srv.stop);
  return srv;
}

async function readiness(base: string) {
  const response = await fetch(`${base}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** getCoinList, timed. */
async function coinList(base: string) {
  const started = performance.now();
  const answer = await call(base, "/getCoinList");
  return { ...answer, ms: performance.now() - started };
}

/** A visitor asks a long question, stops it at its first words, and gets the stop's answer and the stream's end. */
async function askAndStop(base: string) {
  const deviceNo = newDeviceNo();
  const msggroup = `${Date.now()}7`;
  const response = await fetch(`${base}/v2/api/chat/send`, {
    method: "POST",
    headers: { "x-device-no": deviceNo, "content-type": "application/json" },
    body: JSON.stringify({ msggroup, model: 1, question: "a long story please [[slow]]" }),
  });
  expect(response.status).toBe(200);
  const stream = readEvents(response, EVENT_POLL);
  await stream.next((event) => event.event === "text");
  const stop = await call(base, "/chat/stop", { deviceNo, body: { msggroup } });
  const done = await stream.next((event) => event.event === "done");
  await stream.pump;
  return { stop, done: JSON.parse(done.data) as Record<string, unknown> };
}

const outageLogs = (srv: TestServer) => srv.logs.filter((line) => line.msg === OUTAGE_LOG);

// each test starts its own node on a fresh database (a loaded machine takes many seconds for that alone)
describe("a Redis outage", { timeout: 120_000 }, () => {
  it("leaves the node serving at once, limiting in process, stopping answers, and ready but degraded", async () => {
    const srv = await server({ REDIS_URL: redis.url });
    expect(await readiness(srv.url)).toEqual({ status: 200, body: { status: "ready", redis: "up" } });

    await redis.stop();
    await expect
      .poll(async () => (await readiness(srv.url)).body, { timeout: 10_000, interval: 50 })
      .toMatchObject({ status: "degraded", redis: "down" });

    for (let i = 0; i < 3; i++) {
      const coins = await coinList(srv.url);
      expect(coins.json?.code).toBe(200);
      expect(coins.ms).toBeLessThan(WITHOUT_WAITING_MS);
    }

    // the allowance (4 per device) still applies, counted in process
    const deviceNo = newDeviceNo();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(srv.url, "/llm/model/list", { deviceNo })).json?.code ?? 0);
    expect(codes).toEqual([200, 200, 200, 200, 4003, 4003]);

    const { stop, done } = await askAndStop(srv.url);
    expect(stop.status).toBe(200);
    expect(stop.json).toEqual({ code: 200, msg: "success", data: { stopped: true } });
    expect(done).toMatchObject({ finishReason: "stopped" });

    const degraded = await readiness(srv.url);
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatchObject({ status: "degraded", redis: "down", redisOutages: 1 });
    expect(degraded.body.redisFallbacks).toBeGreaterThan(0);
    // many calls went without Redis; the outage was logged once
    expect(outageLogs(srv)).toHaveLength(1);

    await redis.start();
    await expect
      .poll(async () => (await readiness(srv.url)).body, { timeout: 10_000, interval: 50 })
      .toEqual({ status: "ready", redis: "up" });
    expect(srv.logs.some((line) => line.msg === "redis reachable again: rate limits and pushes go through it")).toBe(
      true,
    );
  });

  it("holds no call up while Redis is connected but silent, and goes back to it when it answers again", async () => {
    const srv = await server({ REDIS_URL: redis.url });
    expect(await readiness(srv.url)).toEqual({ status: 200, body: { status: "ready", redis: "up" } });
    const outside = new Redis(redis.url);
    cleanups.push(async () => outside.disconnect());
    // every client's commands wait, the connections stay open: the stall a hung or overloaded Redis causes
    await outside.call("CLIENT", "PAUSE", "4000", "ALL");
    for (let i = 0; i < 4; i++) {
      const coins = await coinList(srv.url);
      expect(coins.json?.code).toBe(200);
      expect(coins.ms).toBeLessThan(WITHOUT_WAITING_MS);
    }
    expect(await readiness(srv.url)).toMatchObject({ status: 200, body: { status: "degraded", redis: "down" } });
    expect(outageLogs(srv)).toHaveLength(1);
    await outside.call("CLIENT", "UNPAUSE");
    await expect
      .poll(async () => (await readiness(srv.url)).body, { timeout: 10_000, interval: 50 })
      .toEqual({ status: "ready", redis: "up" });
  });

  it("with REDIS_REQUIRED=1 makes the node unready (503, redis down) while it still answers", async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    const srv = await server({ REDIS_URL: closed, REDIS_REQUIRED: "1" });
    expect(await readiness(srv.url)).toEqual({ status: 503, body: { status: "unavailable", redis: "down" } });
    const coins = await coinList(srv.url);
    expect(coins.json?.code).toBe(200);
    expect(coins.ms).toBeLessThan(WITHOUT_WAITING_MS);
    const { stop } = await askAndStop(srv.url);
    expect(stop.json).toEqual({ code: 200, msg: "success", data: { stopped: true } });
  });

  it("lets a node start while Redis is down and fan pushes out through it once it is back", async () => {
    await redis.stop();
    const srv = await server({ REDIS_URL: redis.url, MARKET_REFRESH_SECONDS: "0.3" });
    expect(await readiness(srv.url)).toMatchObject({ status: 200, body: { status: "degraded", redis: "down" } });
    expect(outageLogs(srv)).toHaveLength(1);
    const coins = await coinList(srv.url);
    expect(coins.json?.code).toBe(200);
    expect(coins.ms).toBeLessThan(WITHOUT_WAITING_MS);

    // pushes reach this node's clients in process meanwhile
    const controller = new AbortController();
    const push = await fetch(`${srv.url}/v2/api/push?lang=en`, {
      headers: { "x-device-no": newDeviceNo() },
      signal: controller.signal,
    });
    const stream = readEvents(push, EVENT_POLL);
    cleanups.push(async () => {
      controller.abort();
      await stream.pump;
    });
    await stream.next((event) => event.event === "tick");

    await redis.start();
    await expect
      .poll(async () => (await readiness(srv.url)).body, { timeout: 10_000, interval: 50 })
      .toEqual({ status: "ready", redis: "up" });

    // the node subscribes again and publishes its ticks through Redis, as another node would see them
    const channel = `${srv.env.REDIS_KEY_PREFIX}${TICK_CHANNEL}`;
    const outside = new Redis(redis.url);
    const subscriber = new Redis(redis.url);
    cleanups.push(async () => {
      outside.disconnect();
      subscriber.disconnect();
    });
    await expect
      .poll(async () => ((await outside.pubsub("NUMSUB", channel)) as [string, number])[1], {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(1);
    const fromNode = new Promise<string>((resolve) => {
      subscriber.on("message", (_channel: string, message: string) => resolve(message));
    });
    await subscriber.subscribe(channel);
    expect(tickEventSchema.parse(JSON.parse(await fromNode)).ticks.map((tick) => tick.coinAbbr)).toContain("BTC");

    // and a tick another node publishes reaches this node's client
    const marker = JSON.stringify({ at: "2099-01-01T00:00:00.000Z", ticks: [] });
    await outside.publish(channel, marker);
    await stream.next((event) => event.event === "tick" && event.data === marker);
  });
});
