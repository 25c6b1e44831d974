import { expect } from "vitest";
import { createSseReader, type ParsedSseEvent } from "../../src/server/features/chat/chat-sse.ts";

/** How long, and how often, waiting for an event looks for it. */
export interface EventPoll {
  timeout: number;
  interval: number;
}

/**
 * Reads an event stream as it comes, so a test can wait on an event and act on it. `pump` settles when the stream
 * ends or is aborted; `ended()` tells whether it has.
 */
export function readEvents(response: Response, poll: EventPoll) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const sse = createSseReader();
  const events: ParsedSseEvent[] = [];
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        events.push(...sse.feed(decoder.decode(value, { stream: true })));
      }
    } catch {
      // the test aborted the stream
    }
    ended = true;
  })();
  /** The first event that matches, once one has come. */
  const next = (match: (event: ParsedSseEvent) => boolean) =>
    expect
      .poll(() => events.find(match), poll)
      .toBeDefined()
      .then(() => events.find(match) as ParsedSseEvent);
  return { events, pump, next, ended: () => ended };
}
