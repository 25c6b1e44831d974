import type { ChatAttachment, ChatCitation, ChatMessage } from "../../../../contract/chat.ts";
import type { ChatStreamEvent, ChatStreamOutcome } from "../api/chat-stream.ts";

export type ChatItemStatus = "streaming" | "complete" | "stopped" | "error" | "interrupted";

/** One "looked up …" line of an answer: a tool the model called, with the source and time of its data. */
export interface ToolLine {
  name: string;
  summary: string;
  citation: ChatCitation | null;
}

export interface ChatItemError {
  /**
   * answer: the server's error event (chat answer error, maybe with a partial answer);
   * stream: the stream broke (refresh to read what was stored); rejected: refused before any answer.
   */
  kind: "answer" | "stream" | "rejected";
  code: number;
  key: string;
}

/** A question or an answer as the chat shows it: from the stored list or being streamed. */
export interface ChatItem {
  /** stable React key: a local id while streaming, kept once the server's code is known */
  id: string;
  /** the server's message code; null until the start event names it */
  code: string | null;
  role: "user" | "assistant";
  content: string;
  status: ChatItemStatus;
  rate: number;
  tools: readonly ToolLine[];
  citations: readonly ChatCitation[];
  related: readonly string[];
  attachments: readonly ChatAttachment[];
  error: ChatItemError | null;
  createTime: string;
}

export function itemFromMessage(message: ChatMessage): ChatItem {
  return {
    id: message.code,
    code: message.code,
    role: message.role,
    content: message.content,
    status: message.status,
    rate: message.rate,
    tools: [],
    citations: message.citations,
    related: message.related,
    attachments: message.attachments,
    error: message.status === "error" ? { kind: "answer", code: 1001, key: "Serverbusy" } : null,
    createTime: message.create_time,
  };
}

let localIds = 0;
export function localId(prefix: string): string {
  localIds += 1;
  return `${prefix}-${Date.now().toString(36)}-${localIds}`;
}

export function newQuestion(content: string, attachments: readonly ChatAttachment[], now = new Date()): ChatItem {
  return {
    id: localId("q"),
    code: null,
    role: "user",
    content,
    status: "complete",
    rate: 0,
    tools: [],
    citations: [],
    related: [],
    attachments,
    error: null,
    createTime: now.toISOString(),
  };
}

export function newAnswer(now = new Date()): ChatItem {
  return { ...newQuestion("", [], now), id: localId("a"), role: "assistant", status: "streaming" };
}

/**
 * The user pressed Stop: the answer ends where the screen shows it, at once, without waiting for the server to
 * confirm. What still arrives on the stream afterwards is not shown (see applyChatEvent).
 */
export function stopAnswer(answer: ChatItem): ChatItem {
  return answer.status === "streaming" ? { ...answer, status: "stopped" } : answer;
}

/**
 * Folds one stream event into the answer being written: deltas accumulate, tools add lines, done/error end it.
 * An answer the user stopped keeps its text and status: late deltas and tool lines are dropped, and the end of the
 * stream only brings the message code and what goes under the answer (related questions, sources).
 */
export function applyChatEvent(answer: ChatItem, event: ChatStreamEvent): ChatItem {
  if (answer.status === "stopped") return applyAfterStop(answer, event);
  switch (event.type) {
    case "start":
      return { ...answer, code: event.data.code };
    case "text":
      return { ...answer, content: answer.content + event.data.delta };
    case "tool":
      return { ...answer, tools: [...answer.tools, event.data] };
    case "done":
      return {
        ...answer,
        code: event.data.code || answer.code,
        status: event.data.finishReason === "stopped" ? "stopped" : "complete",
        related: event.data.related,
        citations: event.data.citations,
      };
    case "error":
      return {
        ...answer,
        code: event.data.partialCode ?? answer.code,
        status: "error",
        error: { kind: "answer", code: event.data.code, key: event.data.key },
      };
  }
}

function applyAfterStop(answer: ChatItem, event: ChatStreamEvent): ChatItem {
  switch (event.type) {
    case "start":
      return { ...answer, code: event.data.code };
    case "text":
    case "tool":
      return answer;
    case "done":
      return {
        ...answer,
        code: event.data.code || answer.code,
        related: event.data.related,
        citations: event.data.citations,
      };
    case "error":
      return { ...answer, code: event.data.partialCode ?? answer.code };
  }
}

/** The end of a stream that had no done or error event of its own. */
export function applyOutcome(answer: ChatItem, outcome: ChatStreamOutcome): ChatItem {
  if (answer.status !== "streaming") return answer;
  switch (outcome.kind) {
    case "done":
    case "error":
      return answer;
    case "aborted":
      return { ...answer, status: "stopped" };
    case "broken":
      return { ...answer, status: "error", error: { kind: "stream", code: 1001, key: "Serverbusy" } };
    case "rejected":
      return {
        ...answer,
        status: "error",
        error: { kind: "rejected", code: outcome.error.code, key: outcome.error.key },
      };
  }
}

/** The quota codes of spec §8: 5004 no free chats left, 20006 redeem more with points. */
export function quotaCode(code: number): 5004 | 20006 | undefined {
  return code === 5004 || code === 20006 ? code : undefined;
}
