// The benchmark's server process: the product's server (same factory as npm start) and, beside it in the
// same process and build, a bare JSON route on the same HTTP stack, so their throughput can be compared.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { startBenchServer } from "./bench-server.ts";
import { BENCH_BOT_TOKEN } from "./home-heading.ts";

// The bench's visitors all chat from loopback. The bot token lets the server check the init data the home-heading
// bench signs (Telegram's silent sign-in); no bot runs (BOT_MODE off), so no Bot API call is made.
const { server: running } = await startBenchServer("ml-bench-", {
  VISITORS_PER_ADDRESS: "100000000",
  BOT_TOKEN: BENCH_BOT_TOKEN,
  BOT_MODE: "off",
});
// the coin list's two pages as bytes, for a bare route that sends as much as the product's list does: the ratio to
// it leaves out what moving the bytes costs both ends (the load generator shares the machine)
const listPages = await Promise.all(
  [1, 2].map(async (page) => {
    const response = await fetch(`${running.url}/v2/api/getCoinList?pageSize=100&page=${page}`, {
      headers: { "x-device-no": "benchdevice0001" },
    });
    return new Uint8Array(await response.arrayBuffer());
  }),
);
const json = { "content-type": "application/json; charset=UTF-8" };
const bare = new Hono()
  .get("/bare", (c) => c.json({ code: 200, msg: "success", data: { ok: true } }))
  .get("/bare/list/:page", (c) =>
    c.body(listPages[c.req.param("page") === "2" ? 1 : 0] ?? new Uint8Array(), 200, json),
  );
const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: "127.0.0.1" }, () => {
  const { port } = bareServer.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ product: running.url, bare: `http://127.0.0.1:${port}` })}\n`);
});
process.once("SIGTERM", () => {
  bareServer.close();
  running.close().then(() => process.exit(0));
});
