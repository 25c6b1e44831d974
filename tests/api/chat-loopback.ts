import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback OpenAI-compatible chat completions server for the chat tests: `POST /v1/chat/completions` streams
 * chunks in OpenAI's format. What it does is chosen by a marker in the last user message:
 *
 * - `[[tool]]`: first a call of the `test_price` tool; once the request carries the tool's result, text and stop
 * - `[[slow]]`: a text chunk every 100 ms for 30 s (for stop and disconnect)
 * - `[[500]]`: HTTP 500 before anything streams
 * - `[[malformed]]`: two text chunks, then a chunk that is not JSON
 * - `[[hang]]`: one text chunk, then silence (a timeout)
 * - `[[hang-start]]`: silence from the start
 * - `[[drop]]`: one text chunk, then the connection is cut
 * - otherwise: a short text answer, and it echoes the question's first 40 characters
 */

export interface LoopbackRequest {
  body: ChatCompletionRequest;
  /** the last user message's text */
  question: string;
  /** settles when the request's connection closes: `aborted` when that happened before the answer ended */
  closed: Promise<{ aborted: boolean }>;
}

export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: {
    role: string;
    content: string | { type: string; text?: string; image_url?: { url: string } }[] | null;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
}

export interface LoopbackModel {
  /** the base URL to configure: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: LoopbackRequest[];
  /** requests whose last user message contains `marker` */
  requestsFor(marker: string): LoopbackRequest[];
  close(): Promise<void>;
}

export const LOOPBACK_ANSWER = ["BTC is ", "at $64,000 ", "(test feed, 2025-05-01 00:00 UTC)."];

function textOf(content: ChatCompletionRequest["messages"][number]["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startLoopbackModel(): Promise<LoopbackModel> {
  const requests: LoopbackRequest[] = [];
  let counter = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatCompletionRequest;
    const lastUser = [...body.messages].reverse().find((message) => message.role === "user");
    const question = textOf(lastUser?.content ?? "");
    const closed = new Promise<{ aborted: boolean }>((resolve) => {
      res.on("close", () => resolve({ aborted: !res.writableEnded }));
    });
    requests.push({ body, question, closed });

    counter += 1;
    const id = `chatcmpl-${counter}`;
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created: 1_746_057_600,
        model: body.model,
        system_fingerprint: "fp_loopback",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    const usage = `data: ${JSON.stringify({
      id,
      object: "chat.completion.chunk",
      created: 1_746_057_600,
      model: body.model,
      choices: [],
      usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
    })}\n\n`;
    const open = () => res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const alive = () => !res.destroyed && !res.writableEnded;
    const streamText = async (parts: readonly string[], delayMs = 5) => {
      res.write(chunk({ role: "assistant", content: "" }));
      for (const part of parts) {
        if (!alive()) return;
        res.write(chunk({ content: part }));
        await sleep(delayMs);
      }
      if (!alive()) return;
      res.write(chunk({}, "stop"));
      res.write(usage);
      res.end("data: [DONE]\n\n");
    };

    if (question.includes("[[500]]")) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "the loopback model failed", type: "server_error", code: null } }));
      return;
    }
    open();
    if (question.includes("[[tool]]")) {
      const toolMessage = body.messages.find((message) => message.role === "tool");
      if (!toolMessage) {
        res.write(
          chunk({
            role: "assistant",
            content: null,
            tool_calls: [
              { index: 0, id: "call_test_1", type: "function", function: { name: "test_price", arguments: "" } },
            ],
          }),
        );
        res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"symbol":' } }] }));
        res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '"BTC"}' } }] }));
        res.write(chunk({}, "tool_calls"));
        res.write(usage);
        res.end("data: [DONE]\n\n");
        return;
      }
      await streamText(LOOPBACK_ANSWER);
      return;
    }
    if (question.includes("[[slow]]")) {
      await streamText(
        Array.from({ length: 300 }, (_, i) => `w${i} `),
        100,
      );
      return;
    }
    if (question.includes("[[malformed]]")) {
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: "Partial " }));
      res.write(chunk({ content: "answer" }));
      await sleep(20);
      res.end('data: {"id": "broken", "choices": [{"delta": {"content": \n\ndata: [DONE]\n\n');
      return;
    }
    if (question.includes("[[hang-start]]")) return;
    if (question.includes("[[hang]]")) {
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: "Before the silence" }));
      return;
    }
    if (question.includes("[[drop]]")) {
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: "Cut " }));
      await sleep(30);
      res.socket?.destroy();
      return;
    }
    await streamText(["Hello ", "from ", "the loopback. ", `You asked: ${question.slice(0, 40)}`]);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    requestsFor: (marker) => requests.filter((request) => request.question.includes(marker)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
