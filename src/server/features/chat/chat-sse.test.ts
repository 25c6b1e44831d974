import { afterEach, describe, expect, it, vi } from "vitest";
import { createSseChannel, createSseReader, encodeSseComment, encodeSseEvent, parseSseEvents } from "./chat-sse.ts";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

afterEach(() => {
  vi.useRealTimers();
});

describe("SSE encoding", () => {
  it("writes the event name, one data line of JSON and a blank line", () => {
    expect(encodeSseEvent("text", { delta: "a\nb" })).toBe('event: text\ndata: {"delta":"a\\nb"}\n\n');
  });

  it("splits a value with line breaks into data lines, and parses them back", () => {
    const encoded = encodeSseEvent("note", "one\ntwo\r\nthree");
    expect(encoded).toBe("event: note\ndata: one\ndata: two\ndata: three\n\n");
    expect(parseSseEvents(encoded + encodeSseComment("ping"))).toEqual([{ event: "note", data: "one\ntwo\nthree" }]);
  });

  it("refuses an event name with a line break, and keeps comments on one line", () => {
    expect(() => encodeSseEvent("a\nevent: b", {})).toThrow();
    expect(encodeSseComment("a\nb")).toBe(": a b\n\n");
  });

  it("leaves out a partial last event", () => {
    expect(parseSseEvents('event: start\ndata: {}\n\nevent: text\ndata: {"de')).toEqual([
      { event: "start", data: "{}" },
    ]);
  });

  it("reads events cut anywhere across chunks, with CRLF line ends, comments and multi-line data", () => {
    const text = `: hi\r\n${encodeSseEvent("note", "one\ntwo").replace(/\n/g, "\r\n")}${encodeSseComment("ping")}data: x\n\n`;
    for (let cut = 1; cut < text.length; cut++) {
      const reader = createSseReader();
      const events = [...reader.feed(text.slice(0, cut)), ...reader.feed(text.slice(cut))];
      expect(events).toEqual([
        { event: "note", data: "one\ntwo" },
        { event: "message", data: "x" },
      ]);
    }
  });
});

describe("SSE channel", () => {
  it("streams what is sent, in order, and ends on close", async () => {
    const channel = createSseChannel({ pingMs: 60_000 });
    expect(channel.send("text", { delta: "Hel" })).toBe(true);
    channel.send("text", { delta: "lo" });
    channel.send("done", { code: "c1", finishReason: "stop", related: [], citations: [] });
    channel.close();
    expect(channel.send("text", { delta: "late" })).toBe(false);
    const events = parseSseEvents(await readAll(channel.stream));
    expect(events.map((e) => e.event)).toEqual(["text", "text", "done"]);
    expect(events.map((e) => JSON.parse(e.data))).toMatchObject([{ delta: "Hel" }, { delta: "lo" }, { code: "c1" }]);
  });

  it("pings with a comment while open", async () => {
    vi.useFakeTimers();
    const channel = createSseChannel({ pingMs: 15_000 });
    const reader = channel.stream.getReader();
    vi.advanceTimersByTime(15_000);
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe(": ping\n\n");
    channel.close();
    vi.advanceTimersByTime(60_000);
    expect((await reader.read()).done).toBe(true);
  });

  it("aborts its signal when the reader cancels, and drops what is sent after", async () => {
    const channel = createSseChannel({ pingMs: 60_000 });
    expect(channel.signal.aborted).toBe(false);
    await channel.stream.cancel("gone");
    expect(channel.signal.aborted).toBe(true);
    expect(channel.send("text", { delta: "x" })).toBe(false);
  });

  it("cancel() ends the stream quietly and aborts the signal", async () => {
    const channel = createSseChannel({ pingMs: 60_000 });
    channel.send("text", { delta: "partial" });
    channel.cancel(new Error("client went away"));
    expect(channel.signal.aborted).toBe(true);
    expect(parseSseEvents(await readAll(channel.stream))).toEqual([{ event: "text", data: '{"delta":"partial"}' }]);
  });
});
