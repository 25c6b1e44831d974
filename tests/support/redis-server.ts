import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import { freePort } from "./free-port.ts";

/**
 * A throwaway Redis for tests: Debian's `redis-server` as a child process on a free loopback port, without
 * persistence, in its own temp directory. A test can stop it (an outage) and start it again on the same port.
 */
export interface RedisChild {
  url: string;
  port: number;
  /** kills the server; the port stays this child's, so start() brings it back at the same URL */
  stop(): Promise<void>;
  /** starts the server again on the same port and resolves once it answers PING */
  start(): Promise<void>;
  /** stops the server for good and removes its directory */
  close(): Promise<void>;
}

const READY_ATTEMPTS = 400;
const READY_INTERVAL_MS = 25;

/**
 * One PING on a fresh connection that neither retries nor queues; true when the server answered PONG and is the
 * process `pid` (not another server that holds the port).
 */
async function answersPing(url: string, pid: number | undefined): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    if ((await client.ping()) !== "PONG") return false;
    return /^process_id:(\d+)/m.exec(await client.info("server"))?.[1] === String(pid);
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startRedisServer(options: { port?: number } = {}): Promise<RedisChild> {
  const port = options.port ?? (await freePort());
  const url = `redis://127.0.0.1:${port}`;
  const dir = await mkdtemp(path.join(tmpdir(), "ml-redis-"));
  let child: ChildProcess | undefined;
  let closed = false;

  const running = (proc: ChildProcess | undefined): proc is ChildProcess =>
    proc !== undefined && proc.exitCode === null && proc.signalCode === null;

  async function start(): Promise<void> {
    if (closed) throw new Error("this redis-server child is closed");
    if (running(child)) return;
    const args = ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1", "--dir", dir];
    // redis-server logs to stdout: read it (a full pipe would stall the server) and keep the end for errors
    const proc = spawn("redis-server", args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-2_000);
    };
    proc.stdout?.on("data", keep);
    proc.stderr?.on("data", keep);
    // a test run that ends without close() must not leave the server behind
    const killOnExit = () => proc.kill("SIGKILL");
    process.once("exit", killOnExit);
    let failure: Error | undefined;
    proc.once("error", (error: NodeJS.ErrnoException) => {
      failure =
        error.code === "ENOENT"
          ? new Error("redis-server is not installed (Debian: apt-get install redis-server)")
          : error;
    });
    proc.once("exit", () => process.off("exit", killOnExit));
    // "close" comes once its output is read to the end, so the error carries the server's last words
    proc.once("close", (code) => {
      failure ??= new Error(`redis-server exited (${String(code)}): ${output.slice(-500)}`);
    });
    // bounded poll: each attempt is a real PING; a child that died ends the wait at once
    for (let attempt = 0; attempt < READY_ATTEMPTS; attempt += 1) {
      if (failure) throw failure;
      if (await answersPing(url, proc.pid)) return;
      await delay(READY_INTERVAL_MS);
    }
    await stop();
    throw new Error(`redis-server on :${port} did not answer PING`);
  }

  async function stop(): Promise<void> {
    const proc = child;
    if (!running(proc)) return;
    const gone = once(proc, "exit");
    proc.kill("SIGKILL");
    await gone;
  }

  await start().catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    url,
    port,
    stop,
    start,
    async close() {
      closed = true;
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
