// The benchmark's server process: the product's server (same factory as npm start) and, beside it in the
// same process and build, a bare JSON route on the same HTTP stack, so their throughput can be compared.
import { mkdtemp } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { loadConfig } from "../../src/server/config.ts";
import { startServer } from "../../src/server/server.ts";

const dataDir = await mkdtemp(path.join(tmpdir(), "ml-bench-"));
const config = loadConfig({
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: "0",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  RATE_LIMIT_POINTS: "100000000",
  // the bench's visitors all chat from loopback
  VISITORS_PER_ADDRESS: "100000000",
});
const running = await startServer(config);
const bare = new Hono().get("/bare", (c) => c.json({ code: 200, msg: "success", data: { ok: true } }));
const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: "127.0.0.1" }, () => {
  const { port } = bareServer.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ product: running.url, bare: `http://127.0.0.1:${port}` })}\n`);
});
process.once("SIGTERM", () => {
  bareServer.close();
  running.close().then(() => process.exit(0));
});
