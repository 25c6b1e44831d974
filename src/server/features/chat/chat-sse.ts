import { createParser } from "eventsource-parser";
import type { ChatEventName, ChatEvents } from "../../../contract/chat.ts";

/**
 * Server-Sent Events for chat answers: `event: <name>` and one `data: <json>` line per event, a blank line
 * after each; `: ping` comments keep proxies from closing a quiet stream.
 */

const encoder = new TextEncoder();

/** One event in the text/event-stream format; a value with line breaks takes one data line per line. */
export function encodeSseEvent(event: string, data: unknown): string {
  if (/[\r\n]/.test(event)) throw new Error("an SSE event name cannot hold a line break");
  const text = typeof data === "string" ? data : JSON.stringify(data);
  const lines = text.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
  return `event: ${event}\n${lines.join("\n")}\n\n`;
}

/** A comment line: ignored by EventSource and SSE parsers, but it moves bytes through proxies. */
export function encodeSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, " ")}\n\n`;
}

/** Where the chat service sends an answer's events. */
export interface ChatEventSink {
  /** false once the reader has gone (the event was dropped) */
  send<K extends ChatEventName>(event: K, data: ChatEvents[K]): boolean;
  /** aborted when the reader goes away (client disconnect) */
  readonly signal: AbortSignal;
}

export interface SseChannel extends ChatEventSink {
  /** the response body */
  readonly stream: ReadableStream<Uint8Array>;
  /** ends the stream after what was sent */
  close(): void;
  /** the reader went away: stops the pings and aborts `signal` */
  cancel(reason?: unknown): void;
}

export interface SseChannelOptions {
  /** a comment every this many ms while open */
  pingMs: number;
}

/**
 * An SSE response body fed by `send`. Writes never block: a slow reader buffers in the stream (answers are
 * small). A reader that cancels (the client disconnected) aborts `signal`, so the work behind it stops.
 */
export function createSseChannel(options: SseChannelOptions): SseChannel {
  const gone = new AbortController();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  let ping: ReturnType<typeof setInterval> | undefined;

  const stop = () => {
    open = false;
    if (ping) clearInterval(ping);
    ping = undefined;
  };
  const write = (text: string): boolean => {
    if (!open || !controller) return false;
    try {
      controller.enqueue(encoder.encode(text));
      return true;
    } catch {
      stop();
      return false;
    }
  };

  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      ping = setInterval(() => write(encodeSseComment("ping")), options.pingMs);
      ping.unref?.();
    },
    cancel(reason) {
      stop();
      gone.abort(reason ?? new Error("the reader went away"));
    },
  });

  return {
    stream,
    signal: gone.signal,
    send: (event, data) => write(encodeSseEvent(event, data)),
    close() {
      if (!open) return;
      stop();
      try {
        controller?.close();
      } catch {
        // already closed by a cancel
      }
    },
    cancel(reason) {
      const wasOpen = open;
      stop();
      if (wasOpen) {
        try {
          controller?.close();
        } catch {
          // already closed
        }
      }
      if (!gone.signal.aborted) gone.abort(reason ?? new Error("the reader went away"));
    },
  };
}

export interface ParsedSseEvent {
  event: string;
  data: string;
}

/**
 * Reads SSE text as it arrives, for tests and the bench: `feed` takes each decoded chunk (a line or an event may be
 * cut anywhere) and returns the events it completed; comments and unknown fields are dropped.
 */
export function createSseReader(): { feed(chunk: string): ParsedSseEvent[] } {
  let completed: ParsedSseEvent[] = [];
  const parser = createParser({
    onEvent: (message) => completed.push({ event: message.event ?? "message", data: message.data }),
  });
  return {
    feed(chunk) {
      parser.feed(chunk);
      const events = completed;
      completed = [];
      return events;
    },
  };
}

/** Splits SSE text into events (comments dropped), for tests and the bench; a partial last event is left out. */
export function parseSseEvents(text: string): ParsedSseEvent[] {
  return createSseReader().feed(text);
}
