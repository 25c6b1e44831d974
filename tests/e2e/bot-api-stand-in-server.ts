import { createServer } from "node:http";
import { startBotApiStandIn } from "../support/bot-api-stand-in.ts";

/**
 * The Bot API stand-in for the e2e server, as a process Playwright starts before it (playwright.config.ts): the
 * server's bot reaches it through TELEGRAM_API_ROOT at E2E_BOT_API_PORT. The stand-in listens on a port of its own;
 * this front passes every Bot API call through to it and answers GET /__calls?method=... with the calls it
 * recorded, so a test can see what the server asked Telegram for.
 */
const port = Number(process.env.E2E_BOT_API_PORT ?? 18091);
// long polls are held as Telegram holds them, so the polling node is quiet between updates
const standIn = await startBotApiStandIn({ maxPollHoldMs: 25_000 });

const front = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://stand-in");
  if (req.method === "GET" && url.pathname === "/__calls") {
    const method = url.searchParams.get("method");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(method ? standIn.callsOf(method) : standIn.calls));
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const headers: Record<string, string> = {};
    if (req.headers["content-type"]) headers["content-type"] = req.headers["content-type"];
    fetch(`${standIn.apiRoot}${url.pathname}${url.search}`, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
    })
      .then(async (answer) => {
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: false, error_code: 502, description: String(error) }));
      });
  });
});
front.listen(port, "127.0.0.1");

const stop = () => {
  front.close();
  void standIn.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
