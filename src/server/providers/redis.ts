import { CircuitState, ConsecutiveBreaker, circuitBreaker, handleAll } from "cockatiel";
import { Redis, type RedisOptions } from "ioredis";
import type { Logger } from "../logger.ts";

/** The longest any one Redis call may take before the caller goes on without it. */
export const REDIS_CALL_TIMEOUT_MS = 200;
/**
 * The connection's own limit on a command: a backstop behind REDIS_CALL_TIMEOUT_MS (which `run` applies in a way
 * that tolerates this process's own pauses) for commands sent outside `run`, such as subscriptions.
 */
const COMMAND_TIMEOUT_MS = 1_000;
/** Consecutive failed calls (errors or timeouts) that open the breaker. */
const FAILURES_TO_OPEN = 3;
/** How long an open breaker refuses calls before it lets one through to test Redis. */
const HALF_OPEN_AFTER_MS = 1_000;
/** The longest start-up waits for a first connection. */
const SETTLE_MS = 1_000;
/** The longest pause between two reconnection attempts. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/** What readiness reports about Redis: reachable or not, and how often the node did without it. */
export interface RedisHealth {
  state: "up" | "down";
  /** calls served in process (rate limits, pushes, leases) because Redis was unreachable */
  fallbacks: number;
  /** times Redis went away since the start */
  outages: number;
}

/**
 * The node's connection to Redis, built never to hold a request up: it connects in the background (a server
 * starts without Redis and picks it up when it comes back), queues nothing while disconnected, bounds every call
 * by REDIS_CALL_TIMEOUT_MS and opens a circuit breaker after repeated failures. Callers do without Redis when
 * `run` throws, and say so through `fellBack`, which counts and logs the outage once.
 */
export interface RedisLink {
  /** the command connection (for libraries that take an ioredis client); prefer `run` for calls */
  readonly client: Redis;
  /**
   * One call, bounded in time, through the breaker. Throws at once while the connection is down or the breaker
   * open; once it has been open for a while, one call goes through to test Redis.
   */
  run<T>(call: (client: Redis) => Promise<T>): Promise<T>;
  /** a caller did without Redis (`what`: e.g. "rate limits"); counted, and logged once per outage */
  fellBack(what: string): void;
  /** a new connection with the same resilience, for subscriptions (a subscribed connection takes no commands) */
  connection(): Redis;
  /**
   * Resolves once the first connection attempt of `connection` (the command connection by default) is over:
   * ready, refused, or still pending after a second. Start-up waits on it, so a node whose Redis is up uses it
   * from its first request, and a node whose Redis is down starts anyway.
   */
  settled(connection?: Redis): Promise<void>;
  /** pings Redis (bounded) and reports */
  health(): Promise<RedisHealth>;
  close(): Promise<void>;
}

export class RedisUnavailableError extends Error {
  constructor() {
    super("redis unavailable");
    this.name = "RedisUnavailableError";
  }
}

/** Connection options that never wait on Redis: no offline queue, no retried commands, bounded calls. */
function resilientOptions(): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 1_000,
    autoResubscribe: false,
    // reconnect forever, backing off to at most a second, so a Redis that comes back is used within a second
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 5), MAX_RECONNECT_DELAY_MS),
  };
}

export class RedisTimeoutError extends Error {
  constructor() {
    super(`redis call took longer than ${REDIS_CALL_TIMEOUT_MS} ms`);
    this.name = "RedisTimeoutError";
  }
}

/**
 * `call` bounded by `ms`. When the timer fires, the rejection waits for the event loop's next check phase, so a
 * reply that arrived while this process was paused (a loaded machine, a long synchronous task) is read first and
 * wins: only Redis's slowness counts, never the node's own.
 */
export function withinMs<T>(call: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new RedisTimeoutError())), ms);
    call.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const CONNECTING: ReadonlySet<string> = new Set(["wait", "connecting", "connect"]);

function settle(connection: Redis): Promise<void> {
  if (!CONNECTING.has(connection.status)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const event of ["ready", "error", "close"]) connection.off(event, done);
      resolve();
    };
    const timer = setTimeout(done, SETTLE_MS);
    for (const event of ["ready", "error", "close"]) connection.once(event, done);
  });
}

export function createRedisLink(url: string, logger: Logger): RedisLink {
  const connections = new Set<Redis>();
  const open = (): Redis => {
    const connection = new Redis(url, resilientOptions());
    // the reconnection loop reports each failed attempt; the outage itself is logged once, below
    connection.on("error", (error: Error) => logger.debug({ err: error }, "redis connection error"));
    connection.on("end", () => connections.delete(connection));
    connections.add(connection);
    connection.connect().catch(() => undefined);
    return connection;
  };
  const client = open();
  const breaker = circuitBreaker(handleAll, {
    halfOpenAfter: HALF_OPEN_AFTER_MS,
    breaker: new ConsecutiveBreaker(FAILURES_TO_OPEN),
  });

  let down = false;
  let closing = false;
  let fallbacks = 0;
  let outages = 0;
  const wentDown = (reason: string) => {
    if (down) return;
    down = true;
    outages += 1;
    logger.warn(
      { redis: "down", reason, outages },
      "redis unreachable: rate limits and pushes run in process until it is back",
    );
  };
  const cameBack = () => {
    if (!down) return;
    down = false;
    logger.info({ redis: "up", fallbacks }, "redis reachable again: rate limits and pushes go through it");
  };
  breaker.onBreak(() => wentDown("calls failed"));
  client.on("close", () => {
    if (!closing) wentDown("connection closed");
  });
  client.on("ready", () => {
    if (breaker.state !== CircuitState.Open) cameBack();
  });
  breaker.onReset(() => {
    if (client.status === "ready") cameBack();
  });

  const run = async <T>(call: (redis: Redis) => Promise<T>): Promise<T> => {
    if (client.status !== "ready") throw new RedisUnavailableError();
    return breaker.execute(() => withinMs(call(client), REDIS_CALL_TIMEOUT_MS));
  };

  return {
    client,
    run,
    fellBack(what) {
      fallbacks += 1;
      wentDown(`${what} without redis`);
    },
    connection: open,
    settled: (connection = client) => settle(connection),
    async health() {
      const state = await run((redis) => redis.ping()).then(
        () => "up" as const,
        () => "down" as const,
      );
      return { state, fallbacks, outages };
    },
    async close() {
      closing = true;
      await Promise.all(
        [...connections].map(async (connection) => {
          if (connection.status === "ready") await connection.quit().catch(() => undefined);
          connection.disconnect();
        }),
      );
    },
  };
}
