import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, inject } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../src/server/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    database: "pglite" | "postgres";
  }
}

/**
 * The PostgreSQL server and Redis of the run: `npm test` sets both (servers already there, or throwaway ones it
 * started: scripts/test-services.ts); run alone, the test machine's local ones.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Why a test of several API nodes on one database does not run on PGlite. */
export const ONE_NODE_PER_PGLITE =
  "PGlite: one process owns a data directory, so two API nodes cannot share a database (runs on PostgreSQL)";

export interface TestServer {
  url: string;
  server: RunningServer;
  /** every log line the server wrote, parsed */
  logs: Record<string, unknown>[];
  /** the settings this server was started with, to start another on the same data */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface TestDatabase {
  env: Record<string, string>;
  /** removes the data directory or schema */
  drop(): Promise<void>;
}

/** A fresh database for one test: a PGlite directory, or a new schema on the local PostgreSQL server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject("database") === "postgres") {
    const schema = `t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    return {
      env: { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema },
      drop: async () => {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), "ml-api-"));
  return { env: { DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
}

/** Starts the server through the same factory `npm start` uses, on a free port. */
export async function startTestServer(
  env: Record<string, string>,
  options: Pick<ServerOptions, "clock" | "telegram" | "timers" | "aiSwapFaults"> = {},
): Promise<TestServer> {
  const fullEnv = {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "info",
    STATIC_DIR: path.join(tmpdir(), "ml-no-static"),
    REDIS_KEY_PREFIX: `t${randomUUID().slice(0, 8)}:`,
    // Tests call sign-in routes many times from one address; the limiter's own test sets its numbers.
    RATE_LIMIT_POINTS: "10000",
    AUTH_RATE_LIMIT_POINTS: "10000",
    // the shipped market and news, never the network (the default, auto, probes the live sources at start);
    // tests of the live and auto sources point them at loopback stand-ins
    MARKET_PROVIDER: "replay",
    NEWS_PROVIDER: "archive",
    // no quote source leaves the machine; swap tests name theirs (a local router, loopback stand-ins)
    SWAP_SOURCES: "none",
    ...env,
  };
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const config = loadConfig(fullEnv);
  const server = await startServer(config, { logger: pino({ level: "info" }, sink), ...options });
  return { url: server.url, server, logs, env: fullEnv, stop: () => server.close() };
}

let deviceCounter = 0;
/** A device number as the app creates one. */
export function newDeviceNo(): string {
  deviceCounter += 1;
  return `dev${deviceCounter}${randomUUID().replaceAll("-", "")}`.slice(0, 40);
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  deviceNo?: string | null;
}

/** One HTTP call to the API with the headers the app sends. */
export async function call(base: string, apiPath: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.deviceNo !== null) headers["x-device-no"] = options.deviceNo ?? newDeviceNo();
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${base}/v2/api${apiPath}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await response.text();
  let json: { code: number; msg: string; data: Record<string, unknown> & unknown } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/**
 * A world (a server with what it talks to) started before the file's tests and stopped after them: the object
 * returned stands for the started one, so its fields and methods are usable once the tests run. `timeout` (ms)
 * bounds the start and the stop, slow on a loaded machine.
 */
export function startedForTests<T extends object>(
  start: () => Promise<T>,
  stop: (world: T) => Promise<void>,
  timeout?: number,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeout);
  afterAll(async () => {
    if (started) await stop(started);
  }, timeout);
  const current = (): T => {
    if (!started) throw new Error("the world is used before it started");
    return started;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(current(), key),
    set: (_target, key, value) => Reflect.set(current(), key, value),
    has: (_target, key) => Reflect.has(current(), key),
  });
}
