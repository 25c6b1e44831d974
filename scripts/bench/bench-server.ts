// The product's server as the bench starts it: the same factory as npm start, in production mode on a free loopback
// port, silent, with the rate limit out of reach, its data in a fresh temporary folder.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/server/config.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../src/server/server.ts";

export interface BenchServer {
  server: RunningServer;
  /** the server's data folder; the caller removes it when it should not outlive the run */
  dataDir: string;
}

/** Starts the server with its data under a new folder named from `dataDirPrefix`; `env` adds to the bench's settings. */
export async function startBenchServer(
  dataDirPrefix: string,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), dataDirPrefix));
  const config = loadConfig({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_POINTS: "100000000",
    // measured on the shipped market and news: the network's speed is not the product's
    MARKET_PROVIDER: "replay",
    NEWS_PROVIDER: "archive",
    // no quote source leaves the machine (the swap figures use the local chain's router)
    SWAP_SOURCES: "none",
    ...env,
  });
  return { server: await startServer(config, options), dataDir };
}
