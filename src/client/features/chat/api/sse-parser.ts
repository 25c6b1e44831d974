import { createParser } from "eventsource-parser";

export interface SseMessage {
  /** the `event:` field; "message" when absent */
  event: string;
  /** the `data:` lines joined with "\n" */
  data: string;
  /** the last event id the stream set (it carries over to later events, as in EventSource) */
  id: string | undefined;
}

export interface SseParser {
  /** feeds the next decoded text chunk; complete messages go to `onMessage` */
  feed(chunk: string): void;
  /** the stream ended: a message not closed by a blank line is dropped, as the standard says */
  end(): void;
}

/**
 * A text/event-stream reader on eventsource-parser (the WHATWG parsing rules: LF, CRLF or CR line ends, also
 * split across chunks; comments and unknown fields ignored; a message without data not dispatched). It adds
 * what EventSource does on top: the "message" default name, the last event id carried over, a leading BOM dropped.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let lastId: string | undefined;
  let first = true;
  const parser = createParser({
    onEvent(message) {
      lastId = message.id ?? lastId;
      onMessage({ event: message.event ?? "message", data: message.data, id: lastId });
    },
  });
  return {
    feed(chunk) {
      let text = chunk;
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      parser.feed(text);
    },
    end() {
      parser.reset();
    },
  };
}
