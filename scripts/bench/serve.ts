// The benchmark's server process: the product's server (same factory as npm start) and, beside it in the
// same process and build, a bare JSON route on the same HTTP stack, so their throughput can be compared.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { startBenchServer } from "./bench-server.ts";

// the bench's visitors all chat from loopback
const { server: running } = await startBenchServer("ml-bench-", { VISITORS_PER_ADDRESS: "100000000" });
const bare = new Hono().get("/bare", (c) => c.json({ code: 200, msg: "success", data: { ok: true } }));
const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: "127.0.0.1" }, () => {
  const { port } = bareServer.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ product: running.url, bare: `http://127.0.0.1:${port}` })}\n`);
});
process.once("SIGTERM", () => {
  bareServer.close();
  running.close().then(() => process.exit(0));
});
