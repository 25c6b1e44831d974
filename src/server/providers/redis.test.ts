import { BrokenCircuitError } from "cockatiel";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RedisChild, startRedisServer } from "../../../tests/support/redis-server.ts";
import { createRedisLink, REDIS_CALL_TIMEOUT_MS, RedisTimeoutError, RedisUnavailableError, withinMs } from "./redis.ts";

let redis: RedisChild;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.close();
});
afterEach(async () => {
  vi.useRealTimers();
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const silent = pino({ level: "silent" });

describe("withinMs", () => {
  it("gives up on a call that does not settle in time", async () => {
    // the timer is fake; the event loop's check phase, where the rejection lands, is real
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let settled = false;
    const bounded = withinMs(new Promise<never>(() => undefined), 200).finally(() => {
      settled = true;
    });
    const outcome = expect(bounded).rejects.toBeInstanceOf(RedisTimeoutError);
    await vi.advanceTimersByTimeAsync(199);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it("lets a reply that arrived while this process was busy win over its own late timer", async () => {
    const client = new Redis(redis.url);
    cleanups.push(() => client.disconnect());
    await client.ping();
    const reply = withinMs(client.ping(), 20);
    // the process is held up (a loaded machine): the timer is overdue and Redis's reply waits in the socket
    const until = Date.now() + 150;
    while (Date.now() < until) {
      // busy
    }
    await expect(reply).resolves.toBe("PONG");
  });
});

describe("the Redis link", () => {
  it("refuses at once while disconnected, and opens its breaker when Redis stops answering", async () => {
    const link = createRedisLink(redis.url, silent);
    cleanups.push(() => link.close());
    await link.settled();
    expect(await link.run((client) => client.ping())).toBe("PONG");

    const outside = new Redis(redis.url);
    cleanups.push(() => outside.disconnect());
    await outside.call("CLIENT", "PAUSE", "3000", "ALL");
    for (let i = 0; i < 3; i++) {
      await expect(link.run((client) => client.ping())).rejects.toBeInstanceOf(RedisTimeoutError);
    }
    // open: the next calls are refused without a round trip
    const started = performance.now();
    await expect(link.run((client) => client.ping())).rejects.toBeInstanceOf(BrokenCircuitError);
    expect(performance.now() - started).toBeLessThan(REDIS_CALL_TIMEOUT_MS);
    expect((await link.health()).state).toBe("down");
    await outside.call("CLIENT", "UNPAUSE");
    // after a while one call goes through, and Redis is used again
    await expect.poll(async () => (await link.health()).state, { timeout: 10_000, interval: 100 }).toBe("up");
  });

  it("starts without Redis and uses it once it is there", async () => {
    const late = await startRedisServer();
    cleanups.push(() => late.close());
    await late.stop();
    const link = createRedisLink(late.url, silent);
    cleanups.push(() => link.close());
    await link.settled();
    await expect(link.run((client) => client.ping())).rejects.toBeInstanceOf(RedisUnavailableError);
    link.fellBack("a test");
    expect(await link.health()).toEqual({ state: "down", fallbacks: 1, outages: 1 });
    await late.start();
    await expect.poll(async () => (await link.health()).state, { timeout: 10_000, interval: 50 }).toBe("up");
  });
});
