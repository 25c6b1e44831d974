import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { completionEvents, type LoopbackContent, lastUserText, releaseGates } from "../support/loopback-sse.ts";
import { GATED_AFTER, GATED_BEFORE, WIDE_TABLE_ANSWER } from "./model-loopback.ts";

/**
 * A loopback OpenAI-compatible model for the e2e server, as a process Playwright starts before it
 * (playwright.config.ts): the server reaches it as "Perplexity Sonar" (LLM_PERPLEXITY_BASE_URL) at E2E_MODEL_PORT.
 * `POST /v1/chat/completions` streams chunks in OpenAI's format; what it answers is chosen by a marker in the
 * last user message:
 *
 * - `[[table]]`: a short answer holding a table with more columns than a phone's width (WIDE_TABLE_ANSWER)
 * - `[[gated:<id>]]`: GATED_BEFORE, then the answer is held open until the test calls
 *   `POST /__release?marker=[[gated:<id>]]`; then GATED_AFTER, and the answer ends
 * - otherwise: a short text answer
 *
 * `GET /__ready` answers once it listens. Nothing here waits on a clock: what must come later waits for the test.
 */

const port = Number(process.env.E2E_MODEL_PORT);

const gate = releaseGates();

interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: LoopbackContent }[];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

let counter = 0;

async function complete(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = JSON.parse(await readBody(req)) as ChatCompletionRequest;
  const question = lastUserText(body.messages);
  counter += 1;
  const { chunk, usage, DONE } = completionEvents(`chatcmpl-e2e-${counter}`, body.model);
  const end = () => {
    res.write(chunk({}, "stop"));
    res.write(usage);
    res.end(DONE);
  };
  const closed = new Promise<void>((resolve) => res.on("close", () => resolve()));
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(chunk({ role: "assistant", content: "" }));

  const gated = /\[\[gated:[^\]]+\]\]/.exec(question)?.[0];
  if (gated) {
    res.write(chunk({ content: GATED_BEFORE }));
    await Promise.race([gate(gated).released, closed]);
    if (res.writableEnded || res.destroyed) return;
    for (const part of GATED_AFTER) res.write(chunk({ content: part }));
    end();
    return;
  }
  const parts = question.includes("[[table]]") ? WIDE_TABLE_ANSWER : ["Hello ", "from the loopback model."];
  for (const part of parts) res.write(chunk({ content: part }));
  end();
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://loopback");
  if (req.method === "GET" && url.pathname === "/__ready") {
    res.writeHead(200).end("ready");
    return;
  }
  if (req.method === "POST" && url.pathname === "/__release") {
    gate(url.searchParams.get("marker") ?? "").release();
    res.writeHead(204).end();
    return;
  }
  if (req.method === "POST" && url.pathname === "/v1/chat/completions") {
    complete(req, res).catch(() => res.destroy());
    return;
  }
  res.writeHead(404).end();
});
server.listen(port, "127.0.0.1");

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
