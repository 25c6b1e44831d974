import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { completionEvents, lastUserText, releaseGates } from "../support/loopback-sse.ts";

/**
 * A loopback OpenAI-compatible chat completions server for the chat tests: `POST /v1/chat/completions` streams
 * chunks in OpenAI's format. What it does is chosen by a marker in the last user message:
 *
 * - `[[tool]]`: first a call of the `test_price` tool; once the request carries the tool's result, text and stop
 * - `[[slow]]`: the text chunks "w0 ", "w1 ", "w2 ", then the answer is held open, unfinished, until the caller
 *   closes the connection (for stop, disconnect and a server killed mid-answer)
 * - `[[500]]`: HTTP 500 before anything streams
 * - `[[malformed]]`: two text chunks, then a chunk that is not JSON
 * - `[[hang]]`: one text chunk, then silence (a timeout)
 * - `[[hang-start]]`: silence from the start
 * - `[[drop]]`: one text chunk, then, once the test calls `release("[[drop]]")` (when it has read that chunk),
 *   the connection is cut
 * - otherwise: a short text answer, and it echoes the question's first 40 characters
 *
 * Nothing here waits on a clock: chunks are written at once, and what must come later waits for the test.
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
  /** lets the answers held for the test whose question contains `marker` go on, now and from then on */
  release(marker: string): void;
  close(): Promise<void>;
}

export const LOOPBACK_ANSWER = ["BTC is ", "at $64,000 ", "(test feed, 2025-05-01 00:00 UTC)."];

/** The text chunks of a `[[slow]]` answer before it is held open. */
export const SLOW_WORDS = ["w0 ", "w1 ", "w2 "];

export async function startLoopbackModel(): Promise<LoopbackModel> {
  const requests: LoopbackRequest[] = [];
  let counter = 0;
  const releaseOf = releaseGates();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatCompletionRequest;
    const question = lastUserText(body.messages);
    const closed = new Promise<{ aborted: boolean }>((resolve) => {
      res.on("close", () => resolve({ aborted: !res.writableEnded }));
    });
    requests.push({ body, question, closed });

    counter += 1;
    const { chunk, usage, DONE } = completionEvents(`chatcmpl-${counter}`, body.model, {
      system_fingerprint: "fp_loopback",
    });
    const open = () => res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const streamText = (parts: readonly string[]) => {
      res.write(chunk({ role: "assistant", content: "" }));
      for (const part of parts) res.write(chunk({ content: part }));
      res.write(chunk({}, "stop"));
      res.write(usage);
      res.end(DONE);
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
        res.end(DONE);
        return;
      }
      streamText(LOOPBACK_ANSWER);
      return;
    }
    if (question.includes("[[slow]]")) {
      // held open: the answer ends when the caller stops it, goes away or dies
      res.write(chunk({ role: "assistant", content: "" }));
      for (const word of SLOW_WORDS) res.write(chunk({ content: word }));
      return;
    }
    if (question.includes("[[malformed]]")) {
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: "Partial " }));
      res.write(chunk({ content: "answer" }));
      res.end(`data: {"id": "broken", "choices": [{"delta": {"content": \n\n${DONE}`);
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
      // cut once the test has read the chunk, so the cut cannot overtake it
      await releaseOf("[[drop]]").released;
      res.socket?.destroy();
      return;
    }
    streamText(["Hello ", "from ", "the loopback. ", `You asked: ${question.slice(0, 40)}`]);
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
    release: (marker) => releaseOf(marker).release(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
