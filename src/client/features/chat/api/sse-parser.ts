export interface SseMessage {
  /** the `event:` field; "message" when absent */
  event: string;
  /** the `data:` lines joined with "\n" */
  data: string;
  id: string | undefined;
}

export interface SseParser {
  /** feeds the next decoded text chunk; complete messages go to `onMessage` */
  feed(chunk: string): void;
  /** the stream ended: a message not closed by a blank line is dropped, as the standard says */
  end(): void;
}

/**
 * A minimal text/event-stream parser (the WHATWG rules that matter here): lines end with LF, CRLF or CR;
 * `field: value` with one optional space; a blank line dispatches; comments (":") and unknown fields are
 * ignored; a message without data is not dispatched.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let buffer = "";
  let started = false;
  let event = "";
  let data: string[] = [];
  let id: string | undefined;
  let lastId: string | undefined;

  const dispatch = () => {
    if (data.length > 0) {
      lastId = id ?? lastId;
      onMessage({ event: event || "message", data: data.join("\n"), id: lastId });
    }
    event = "";
    data = [];
    id = undefined;
  };

  const line = (text: string) => {
    if (text === "") {
      dispatch();
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) id = value;
  };

  return {
    feed(chunk) {
      buffer += chunk;
      if (!started && buffer.length > 0) {
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
        started = buffer.length > 0;
      }
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== "\n" && char !== "\r") continue;
        // a CR at the very end may be the first half of a CRLF split across chunks: wait for the next one
        if (char === "\r" && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (char === "\r" && buffer[i + 1] === "\n") i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer.endsWith("\r")) {
        line(buffer.slice(0, -1));
        buffer = "";
      }
      buffer = "";
      event = "";
      data = [];
      id = undefined;
    },
  };
}
