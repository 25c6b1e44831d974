import { afterEach, describe, expect, it, vi } from "vitest";
import { type ChatStreamEvent, startChatStream } from "./chat-stream.ts";

const encoder = new TextEncoder();

function sseResponse(chunks: readonly string[], { hold = false } = {}) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      if (!hold) c.close();
    },
  });
  const response = new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  return { response, error: (reason: unknown) => controller?.error(reason) };
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const start = event("start", {
  msggroup: "1700000000000u1",
  questionCode: "q1",
  code: "a1",
  model: 6,
  answeredBy: "MountainLion",
  remaining: 0,
});
const body = { msggroup: "1700000000000u1", question: "BTC price?" };
const headers = () => ({ "x-device-no": "device-0001" });

function run(fetch: typeof globalThis.fetch, idleTimeoutMs?: number) {
  const events: ChatStreamEvent[] = [];
  const handle = startChatStream(body, {
    fetch,
    headers,
    onEvent: (e) => events.push(e),
    ...(idleTimeoutMs ? { idleTimeoutMs } : {}),
  });
  return { events, handle };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("chat answer stream", () => {
  it("posts the question with the API headers and hands over start, text, tool and done in order", async () => {
    const done = { code: "a1", finishReason: "stop", related: ["ETH price?"], citations: [] };
    const tool = {
      name: "price",
      summary: "BTC price",
      citation: { tool: "price", source: "Binance", at: "2024-05-01T10:00:00Z" },
    };
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        sseResponse([
          start,
          event("text", { delta: "BTC is " }),
          event("tool", tool),
          event("text", { delta: "$60,000." }),
          event("done", done),
        ]).response,
    );
    const { events, handle } = run(fetch);
    expect(await handle.result).toEqual({ kind: "done", event: done });
    expect(events.map((e) => e.type)).toEqual(["start", "text", "tool", "text", "done"]);
    const text = events.flatMap((e) => (e.type === "text" ? [e.data.delta] : [])).join("");
    expect(text).toBe("BTC is $60,000.");
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/v2/api/chat/send");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("x-device-no")).toBe("device-0001");
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it("ends with the error event, naming the partial answer kept", async () => {
    const error = { code: 1001, key: "chatAnswerError", partialCode: "a1" };
    const { events, handle } = run(
      async () => sseResponse([start, event("text", { delta: "Half" }), event("error", error)]).response,
    );
    expect(await handle.result).toEqual({ kind: "error", event: error });
    expect(events.at(-1)).toEqual({ type: "error", data: error });
  });

  it("skips unknown and malformed events", async () => {
    const done = { code: "a1", finishReason: "stop", related: [], citations: [] };
    const { events, handle } = run(
      async () =>
        sseResponse([
          event("usage", { tokens: 3 }),
          "event: text\ndata: {not json}\n\n",
          event("text", { nope: 1 }),
          event("done", done),
        ]).response,
    );
    expect((await handle.result).kind).toBe("done");
    expect(events.map((e) => e.type)).toEqual(["done"]);
  });

  it("turns a refusal answered as an envelope into a rejection with its code and key", async () => {
    const { handle } = run(
      async () =>
        new Response(JSON.stringify({ code: 5004, msg: "no chats", data: { key: "noFreeChat" } }), {
          status: 400,
          headers: { "content-type": "application/json" },
        }),
    );
    const outcome = await handle.result;
    expect(outcome.kind).toBe("rejected");
    if (outcome.kind === "rejected") {
      expect(outcome.error.code).toBe(5004);
      expect(outcome.error.key).toBe("noFreeChat");
    }
  });

  it("calls a stream that closes without done or error broken", async () => {
    const { handle } = run(async () => sseResponse([start, event("text", { delta: "Hal" })]).response);
    expect((await handle.result).kind).toBe("broken");
  });

  it("calls a network failure broken, and the user's abort aborted", async () => {
    expect((await run(async () => Promise.reject(new TypeError("Failed to fetch"))).handle.result).kind).toBe("broken");

    const stream = sseResponse([start], { hold: true });
    const { handle } = run(async (_input, init) => {
      init?.signal?.addEventListener("abort", () => stream.error(new DOMException("aborted", "AbortError")));
      return stream.response;
    });
    handle.abort();
    expect(await handle.result).toEqual({ kind: "aborted" });
  });

  it("gives up as broken when no byte arrives for the idle timeout", async () => {
    vi.useFakeTimers();
    const stream = sseResponse([start], { hold: true });
    const { handle } = run(async (_input, init) => {
      init?.signal?.addEventListener("abort", () => stream.error(new DOMException("aborted", "AbortError")));
      return stream.response;
    }, 1_000);
    await vi.advanceTimersByTimeAsync(1_001);
    const outcome = await handle.result;
    expect(outcome.kind).toBe("broken");
  });
});
