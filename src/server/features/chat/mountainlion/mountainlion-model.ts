import { randomUUID } from "node:crypto";
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3Message,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { CHART_REQUEST } from "../chat-prompt.ts";
import { agentLead, agentOf, agentQuestion, agentStep } from "./agents.ts";
import { answerFromResults, answerWithoutData, type PlannedCall, plannedCalls, type ToolResult } from "./compose.ts";
import type { AnswerLanguage } from "./format.ts";
import { parseQuestion, type Question } from "./intent.ts";
import { chatModeOf, modeStep } from "./modes.ts";
import { estimateTokens, segments } from "./segments.ts";
import { texts } from "./texts.ts";

export const MOUNTAINLION_PROVIDER = "mountainlion";
export const MOUNTAINLION_MODEL_ID = "mountainlion-1";

/** Nothing to configure yet: the analyst reads the data only through the tools it is given. */
export type MountainLionOptions = Record<string, never>;

/**
 * MountainLion: the project's own offline analyst, an AI SDK language model (specification v3) with no network and
 * no randomness in what it says.
 *
 * A call whose prompt ends with the user's question reads its intent (intent.ts) and asks for the tools it needs
 * (finish reason "tool-calls"); a call whose prompt holds the tools' results after the question composes the answer
 * from them (compose.ts) in the question's language, and streams it a word (or two Chinese characters) at a time,
 * as fast as the reader takes them. Questions it cannot read get an honest "cannot answer" with what it can do,
 * never a figure. Earlier questions in the prompt lend a follow-up ("and ETH?") its kind or its coins.
 */
export function createMountainLion(_options: MountainLionOptions = {}): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: MOUNTAINLION_PROVIDER,
    modelId: MOUNTAINLION_MODEL_ID,
    supportedUrls: {},

    async doGenerate(call) {
      call.abortSignal?.throwIfAborted();
      const turn = decide(call);
      const content: LanguageModelV3Content[] =
        turn.kind === "text"
          ? [{ type: "text", text: turn.text }]
          : turn.calls.map((c) => ({ type: "tool-call", toolCallId: c.id, toolName: c.toolName, input: c.input }));
      return {
        content,
        finishReason: finishReason(turn),
        usage: usage(call.prompt, turn),
        response: { modelId: MOUNTAINLION_MODEL_ID, timestamp: new Date() },
        warnings: [],
      };
    },

    async doStream(call) {
      const signal = call.abortSignal;
      signal?.throwIfAborted();
      const turn = decide(call);
      const parts = streamParts(call, turn);
      let next = 0;
      let ended = false;
      let onAbort: (() => void) | undefined;
      const end = () => {
        ended = true;
        if (onAbort) signal?.removeEventListener("abort", onAbort);
      };
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          if (!signal) return;
          onAbort = () => {
            if (ended) return;
            end();
            controller.error(abortError());
          };
          signal.addEventListener("abort", onAbort, { once: true });
        },
        // one part per read: the text goes out as fast as it is read, and an abort stops it between two parts
        pull(controller) {
          if (ended) return;
          const part = parts[next];
          next += 1;
          if (part === undefined) {
            end();
            controller.close();
            return;
          }
          controller.enqueue(part);
        },
        cancel() {
          end();
        },
      });
      return { stream, response: { headers: {} } };
    },
  };
}

type Turn =
  | { kind: "text"; text: string; language: AnswerLanguage }
  | { kind: "tools"; calls: { id: string; toolName: string; input: string }[] };

const abortError = () => new DOMException("The model call was aborted", "AbortError");

const textOf = (message: LanguageModelV3Message) =>
  message.role === "system"
    ? message.content
    : message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");

/** What to do with this prompt: ask for tools, or answer. */
function decide(call: LanguageModelV3CallOptions): Turn {
  const { prompt } = call;
  const lastUser = prompt.findLastIndex((m) => m.role === "user");
  const system = prompt.find((m) => m.role === "system");
  // the chat's language, for a question with no words to tell (a bare "BTC"); the question's own language wins
  const fallback: AnswerLanguage = system && /Simplified Chinese|简体中文/.test(textOf(system)) ? "zh" : "en";
  const user = prompt[lastUser];
  if (user?.role !== "user") {
    return { kind: "text", text: texts.cannotAnswer(fallback), language: fallback };
  }
  const history = prompt
    .slice(0, lastUser)
    .filter((m) => m.role === "user")
    .map(textOf)
    .reverse();
  const attached = user.content.some((part) => part.type === "file");
  const systemText = system ? textOf(system) : undefined;
  // the chat's agent (its line in the system prompt) reads the question its own way, or answers on its own
  const agent = agentOf(systemText);
  const question = agentQuestion(agent, parseQuestion(textOf(user), history, fallback, attached));
  const after = prompt.slice(lastUser + 1);
  const results = toolResults(after);
  const offered = new Set(
    call.toolChoice?.type === "none"
      ? []
      : (call.tools ?? []).flatMap((tool) => (tool.type === "function" ? [tool.name] : [])),
  );
  const own = agentStep(agent, question, results, offered);
  if (own?.kind === "answer") return { kind: "text", text: own.text, language: question.language };
  if (own?.kind === "calls") return toolCalls(own.calls);
  // deep think and AI one-click buy (the mode travels in the system prompt) plan and answer on their own; a forecast
  // request, and a price alarm to set, are answered the same way in every mode
  const sameInEveryMode = question.intent.kind === "predict" || question.intent.kind === "alarm";
  const mode = sameInEveryMode ? "search" : chatModeOf(systemText);
  const step = modeStep(mode, question, results, offered);
  if (step.kind === "answer") return { kind: "text", text: step.text, language: question.language };
  if (step.kind === "calls") return toolCalls(step.calls);

  const lead = agentLead(agent, question);
  if (results.length > 0 || after.some((m) => m.role === "tool")) return answer(question, results, lead);

  // the chat's request for a chart ("generate image") travels in the system prompt, as it does for every model
  const chart = systemText?.includes(CHART_REQUEST) === true;
  const planned = plannedCalls(question.intent, { chart });
  if (planned.length === 0) return answer(question, undefined, lead);
  const calls = planned.filter((c) => offered.has(c.toolName));
  if (calls.length === 0) {
    return { kind: "text", text: texts.noTools(question.language), language: question.language };
  }
  return toolCalls(calls);
}

const toolCalls = (calls: readonly PlannedCall[]): Turn => ({
  kind: "tools",
  calls: calls.map((c) => ({ id: `ml_${randomUUID()}`, toolName: c.toolName, input: JSON.stringify(c.input) })),
});

function answer(question: Question, results: readonly ToolResult[] | undefined, lead?: string): Turn {
  const text = results ? answerFromResults(question, results) : answerWithoutData(question);
  return {
    kind: "text",
    text: lead
      ? `${lead}

${text}`
      : text,
    language: question.language,
  };
}

/** The tools' results after the question, in the order they came. */
function toolResults(messages: readonly LanguageModelV3Message[]): ToolResult[] {
  const results: ToolResult[] = [];
  for (const message of messages) {
    if (message.role !== "tool" && message.role !== "assistant") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") results.push({ toolName: part.toolName, output: part.output });
    }
  }
  return results;
}

const finishReason = (turn: Turn): LanguageModelV3FinishReason =>
  turn.kind === "tools" ? { unified: "tool-calls", raw: "tool-calls" } : { unified: "stop", raw: "stop" };

/** Approximate token counts (see estimateTokens): MountainLion has no tokenizer, and no bill. */
function usage(prompt: LanguageModelV3CallOptions["prompt"], turn: Turn): LanguageModelV3Usage {
  let input = 0;
  for (const message of prompt) {
    if (message.role === "system") {
      input += estimateTokens(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text" || part.type === "reasoning") input += estimateTokens(part.text);
      else if (part.type === "tool-result") input += estimateTokens(JSON.stringify(part.output));
      else if (part.type === "tool-call") input += estimateTokens(JSON.stringify(part.input) ?? "");
    }
  }
  const output = estimateTokens(turn.kind === "text" ? turn.text : turn.calls.map((c) => c.input).join(""));
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
    raw: { estimated: true },
  };
}

function streamParts(call: LanguageModelV3CallOptions, turn: Turn): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", modelId: MOUNTAINLION_MODEL_ID, timestamp: new Date() },
  ];
  if (turn.kind === "tools") {
    for (const c of turn.calls) {
      parts.push({ type: "tool-call", toolCallId: c.id, toolName: c.toolName, input: c.input });
    }
  } else {
    const id = "text-0";
    parts.push({ type: "text-start", id });
    for (const delta of segments(turn.text)) parts.push({ type: "text-delta", id, delta });
    parts.push({ type: "text-end", id });
  }
  parts.push({ type: "finish", usage: usage(call.prompt, turn), finishReason: finishReason(turn) });
  return parts;
}
