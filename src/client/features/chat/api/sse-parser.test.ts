import { describe, expect, it } from "vitest";
import { createSseParser, type SseMessage } from "./sse-parser.ts";

function parse(chunks: readonly string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return messages;
}

describe("event-stream parser", () => {
  it("reads named events with their data", () => {
    expect(parse(['event: text\ndata: {"delta":"Hi"}\n\nevent: done\ndata: {}\n\n'])).toEqual([
      { event: "text", data: '{"delta":"Hi"}', id: undefined },
      { event: "done", data: "{}", id: undefined },
    ]);
  });

  it("joins events split anywhere across chunks, including a CRLF cut in half", () => {
    const text = 'event: text\r\ndata: {"delta":"a"}\r\n\r\nevent: text\r\ndata: {"delta":"b"}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).map((m) => m.data)).toEqual([
        '{"delta":"a"}',
        '{"delta":"b"}',
      ]);
    }
  });

  it("reads a stream fed one character at a time, with LF, CRLF and lone CR line ends mixed", () => {
    const text = "event: text\ndata: a\r\ndata: b\r\rdata: c\n: note\ndata: d\n\n";
    expect(parse([...text])).toEqual([
      { event: "text", data: "a\nb", id: undefined },
      { event: "message", data: "c\nd", id: undefined },
    ]);
  });

  it("joins several data lines with newlines and defaults the event name", () => {
    expect(parse(["data: one\ndata:two\ndata\n\n"])).toEqual([{ event: "message", data: "one\ntwo\n", id: undefined }]);
  });

  it("ignores comments (keep-alive pings), unknown fields and a leading BOM", () => {
    expect(parse(["\uFEFF: ping\nretry: 10\nfoo: bar\nevent: start\ndata: x\n\n: ping\n\n"])).toEqual([
      { event: "start", data: "x", id: undefined },
    ]);
  });

  it("does not dispatch an event without data, nor one the stream cut off", () => {
    expect(parse(["event: text\n\nevent: done\ndata: {}"])).toEqual([]);
  });

  it("keeps the last event id", () => {
    expect(parse(["id: 1\ndata: a\n\ndata: b\n\n"]).map((m) => m.id)).toEqual(["1", "1"]);
  });
});
