import type { z } from "zod";
import {
  type ChatEventName,
  type ChatEvents,
  chatEventSchemas,
  type chatSendBodySchema,
} from "../../../../contract/chat.ts";
import { API_PREFIX, Headers } from "../../../../contract/constants.ts";
import { ErrorCode, errorEntryFor } from "../../../../contract/errors.ts";
import { isMessageKey, type MessageKey } from "../../../../contract/message-keys.ts";
import { ApiError } from "../../../shared/api/api-error.ts";
import { apiEvents } from "../../../shared/api/api-events.ts";
import { apiRequestHeaders } from "../../../shared/api/http.ts";
import { tokenStore } from "../../../shared/storage/token-store.ts";
import { chatPaths } from "./chat-paths.ts";
import { createSseParser } from "./sse-parser.ts";

export type ChatSendInput = z.input<typeof chatSendBodySchema>;

export type ChatStreamEvent = { [K in ChatEventName]: { type: K; data: ChatEvents[K] } }[ChatEventName];

/**
 * How a send ended: the answer finished (done) or failed on the server (error event, maybe with a partial
 * answer kept); the request was refused before any answer (an envelope: quota, login, validation); the user
 * aborted; or the stream broke (network, idle timeout, closed without done or error).
 */
export type ChatStreamOutcome =
  | { kind: "done"; event: ChatEvents["done"] }
  | { kind: "error"; event: ChatEvents["error"] }
  | { kind: "rejected"; error: ApiError }
  | { kind: "aborted" }
  | { kind: "broken"; reason: string };

export interface ChatStreamHandle {
  readonly result: Promise<ChatStreamOutcome>;
  abort(): void;
}

export interface ChatStreamOptions {
  onEvent: (event: ChatStreamEvent) => void;
  /** no byte for this long ends the stream as broken */
  idleTimeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  headers?: () => Record<string, string>;
}

export const CHAT_IDLE_TIMEOUT_MS = 120_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function keyFor(code: number, candidate: unknown): MessageKey {
  if (typeof candidate === "string" && isMessageKey(candidate)) return candidate;
  return errorEntryFor(code)?.key ?? "Serverbusy";
}

/** A refusal answered as the usual envelope rather than a stream. */
function rejection(payload: unknown, status: number): ApiError {
  if (isRecord(payload) && typeof payload.code === "number" && payload.code !== ErrorCode.Success) {
    const data = isRecord(payload.data) ? payload.data : {};
    return new ApiError({
      code: payload.code,
      key: keyFor(payload.code, data.key),
      msg: typeof payload.msg === "string" ? payload.msg : "",
      field: typeof data.field === "string" ? data.field : undefined,
    });
  }
  const code = status === 429 ? ErrorCode.TooManyRequests : ErrorCode.RequestFailed;
  return new ApiError({ code, key: keyFor(code, undefined), msg: `HTTP ${status} without a stream` });
}

/** Parses one event's data with the contract's schema; an unknown or malformed event is skipped. */
export function parseChatEvent(name: string, data: string): ChatStreamEvent | undefined {
  if (!(name in chatEventSchemas)) return undefined;
  const type = name as ChatEventName;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = chatEventSchemas[type].safeParse(json);
  if (!parsed.success) return undefined;
  return { type, data: parsed.data } as ChatStreamEvent;
}

/**
 * POST chat/send and read its text/event-stream as it arrives (spec §4, contract/chat.ts). A plain function,
 * not a hook: it takes its own abort, has an idle timeout and returns a handle whose `result` never rejects.
 */
export function startChatStream(body: ChatSendInput, options: ChatStreamOptions): ChatStreamHandle {
  const controller = new AbortController();
  const idleMs = options.idleTimeoutMs ?? CHAT_IDLE_TIMEOUT_MS;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const armIdle = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleMs);
  };

  const run = async (): Promise<ChatStreamOutcome> => {
    const headers = (options.headers ?? apiRequestHeaders)();
    const sentToken = Boolean(headers[Headers.authorization]);
    const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    armIdle();
    let response: Response;
    try {
      response = await doFetch(`${API_PREFIX}${chatPaths.send}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      return ended(error);
    }
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes("text/event-stream") || !response.body) {
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        payload = undefined;
      }
      const error = rejection(payload, response.status);
      if (error.code === ErrorCode.LoginInvalid && sentToken) {
        tokenStore.clear();
        apiEvents.emit("loginInvalid", error);
      }
      return { kind: "rejected", error };
    }

    let outcome: ChatStreamOutcome | undefined;
    const parser = createSseParser((message) => {
      if (outcome) return;
      const event = parseChatEvent(message.event, message.data);
      if (!event) return;
      options.onEvent(event);
      if (event.type === "done") outcome = { kind: "done", event: event.data };
      else if (event.type === "error") outcome = { kind: "error", event: event.data };
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      while (!outcome) {
        const { done, value } = await reader.read();
        if (done) break;
        armIdle();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      parser.feed(decoder.decode());
      parser.end();
    } catch (error) {
      return outcome ?? ended(error);
    } finally {
      if (outcome) void reader.cancel().catch(() => undefined);
    }
    return outcome ?? { kind: "broken", reason: "the stream closed without done or error" };
  };

  const ended = (error: unknown): ChatStreamOutcome => {
    if (timedOut) return { kind: "broken", reason: `no data for ${idleMs} ms` };
    if (controller.signal.aborted) return { kind: "aborted" };
    return { kind: "broken", reason: error instanceof Error ? error.message : String(error) };
  };

  const result = run()
    .catch((error: unknown) => ended(error))
    .finally(() => {
      if (idleTimer !== undefined) clearTimeout(idleTimer);
    });
  return { result, abort: () => controller.abort() };
}
