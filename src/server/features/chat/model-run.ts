import { type ModelMessage, stepCountIs, streamText, type ToolSet } from "ai";
import type { ChatCitation, ChatEvents } from "../../../contract/chat.ts";
import type { Logger } from "../../logger.ts";
import type { ChatEventSink } from "./chat-sse.ts";
import type { ResolvedModel } from "./model-registry.ts";
import { AbortReason } from "./running-answers.ts";

/** Model steps per answer: tool calls and their results, then the text. */
export const STEP_LIMIT = 5;

export interface ModelRunOptions {
  model: ResolvedModel;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet | undefined;
  /** aborted by stop, a client that went away, shutdown, or the silence timeout set here */
  controller: AbortController;
  /** the model may stay silent this long before the run is aborted with AbortReason.timeout */
  timeoutMs: number;
  sink: ChatEventSink;
  /** a tool call's one-line description and its result's source */
  describeTool(name: string, input: unknown): string;
  citationOf(output: unknown): ChatCitation | null;
  /** the whole text so far, after each piece */
  onText(text: string): void;
  logger: Logger;
}

export interface ModelRunOutcome {
  text: string;
  /** the model produced text or called a tool: the answer counts against the quota */
  started: boolean;
  /** stored status of the answer */
  status: "complete" | "stopped" | "error";
  /** why it was aborted, if it was */
  aborted: AbortReason | undefined;
  finishReason: ChatEvents["done"]["finishReason"];
  citations: ChatCitation[];
  toolInputs: unknown[];
}

function finishReasonOf(reason: string | undefined): ChatEvents["done"]["finishReason"] {
  return reason === "stop" || reason === "length" || reason === "tool-calls" ? reason : "other";
}

const abortReasons: readonly unknown[] = Object.values(AbortReason);
const isAbortReason = (value: unknown): value is AbortReason => abortReasons.includes(value);

/**
 * One answer from the model: streams its text and tool results to the sink as they come, and tells how it ended.
 * Never throws: provider errors, malformed chunks and silence end it as an error with the text so far.
 */
export async function runModel(options: ModelRunOptions): Promise<ModelRunOutcome> {
  const { controller, sink } = options;
  let text = "";
  let started = false;
  let failure: unknown;
  let finishReason: string | undefined;
  const citations: ChatCitation[] = [];
  const toolInputs: unknown[] = [];
  let idle: ReturnType<typeof setTimeout> | undefined;
  const resetIdle = () => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => controller.abort(AbortReason.timeout), options.timeoutMs);
  };

  try {
    resetIdle();
    const result = streamText({
      model: options.model.model,
      system: options.system,
      messages: options.messages,
      tools: options.tools,
      stopWhen: stepCountIs(STEP_LIMIT),
      abortSignal: controller.signal,
      maxRetries: 1,
      // failures arrive as error parts below
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      resetIdle();
      switch (part.type) {
        case "text-delta":
          if (part.text.length === 0) break;
          started = true;
          text += part.text;
          sink.send("text", { delta: part.text });
          options.onText(text);
          break;
        case "tool-call":
          started = true;
          toolInputs.push(part.input);
          break;
        case "tool-result": {
          started = true;
          const citation = options.citationOf(part.output);
          const known = citations.some(
            (c) => c.tool === citation?.tool && c.source === citation.source && c.at === citation.at,
          );
          if (citation && !known) citations.push(citation);
          sink.send("tool", {
            name: part.toolName,
            summary: options.describeTool(part.toolName, part.input),
            citation,
          });
          break;
        }
        case "tool-error":
          started = true;
          options.logger.warn({ err: part.error, tool: part.toolName }, "chat tool failed");
          break;
        case "finish":
          finishReason = part.finishReason;
          break;
        case "error":
          failure ??= part.error;
          break;
        default:
          break;
      }
    }
  } catch (error) {
    failure ??= error;
  } finally {
    if (idle) clearTimeout(idle);
  }

  const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
  const aborted = isAbortReason(reason) ? reason : undefined;
  const status =
    aborted === AbortReason.stopped || aborted === AbortReason.disconnected || aborted === AbortReason.shutdown
      ? "stopped"
      : aborted === AbortReason.timeout || failure !== undefined || finishReason === "error"
        ? "error"
        : "complete";
  if (status === "error") {
    options.logger.warn(
      { err: failure, model: options.model.name, timeout: aborted === AbortReason.timeout, chars: text.length },
      "chat answer failed",
    );
  }
  return { text, started, status, aborted, finishReason: finishReasonOf(finishReason), citations, toolInputs };
}
