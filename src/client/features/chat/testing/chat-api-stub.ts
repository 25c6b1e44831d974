import { vi } from "vitest";
import type { ChatMessage } from "../../../../contract/chat.ts";
import { envelopeResponse, type RecordedCall, recordCall, type StubReply } from "../../../shared/testing/stub-api.ts";

/** A test's hand on one answer stream: events go out as the server would write them. */
export interface StreamControl {
  /** the chat/send call that opened it */
  call: RecordedCall;
  send(event: string, data: unknown): void;
  /** raw text (to split events across chunks) */
  raw(text: string): void;
  close(): void;
  readonly aborted: boolean;
}

export interface ChatApiStub {
  calls: RecordedCall[];
  streams: StreamControl[];
  /** resolves with the next stream opened */
  nextStream(): Promise<StreamControl>;
}

/**
 * A fake /v2/api for chat tests: chat/send answers a text/event-stream the test writes into; every other call
 * gets the envelope `reply` gives (like stubApi). Aborting the request errors the stream, as a browser does.
 */
export function stubChatApi(
  reply: (call: RecordedCall) => StubReply | Promise<StubReply> = () => ({ data: {} }),
): ChatApiStub {
  const calls: RecordedCall[] = [];
  const streams: StreamControl[] = [];
  const waiting: ((stream: StreamControl) => void)[] = [];
  const encoder = new TextEncoder();

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await recordCall(input, init);
    calls.push(call);
    if (call.path === "chat/send") {
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      let aborted = false;
      let closed = false;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      const signal = init?.signal ?? undefined;
      signal?.addEventListener("abort", () => {
        aborted = true;
        if (!closed) controller?.error(new DOMException("The operation was aborted.", "AbortError"));
        closed = true;
      });
      const write = (chunk: string) => {
        if (!closed) controller?.enqueue(encoder.encode(chunk));
      };
      const stream: StreamControl = {
        call,
        send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        raw: write,
        close() {
          if (!closed) controller?.close();
          closed = true;
        },
        get aborted() {
          return aborted;
        },
      };
      streams.push(stream);
      waiting.shift()?.(stream);
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream; charset=utf-8" } });
    }
    return envelopeResponse(await reply(call));
  });
  vi.stubGlobal("fetch", fetch);
  return {
    calls,
    streams,
    nextStream: () =>
      new Promise((resolve) => {
        const unclaimed = streams.find((stream) => !claimed.has(stream));
        if (unclaimed) {
          claimed.add(unclaimed);
          resolve(unclaimed);
          return;
        }
        waiting.push((stream) => {
          claimed.add(stream);
          resolve(stream);
        });
      }),
  };
}

const claimed = new WeakSet<StreamControl>();

/** A stored message as getMessageList answers it. */
export function storedMessage(
  overrides: Partial<ChatMessage> & Pick<ChatMessage, "code" | "role" | "content">,
): ChatMessage {
  return {
    msggroup: "1700000000000u1",
    create_time: "2024-05-01T10:00:00Z",
    model: 6,
    status: "complete",
    rate: 0,
    attachments: [],
    citations: [],
    related: [],
    ...overrides,
  };
}
