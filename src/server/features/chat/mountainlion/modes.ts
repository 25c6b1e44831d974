import type { ChatMode } from "../../../../contract/chat.ts";
import { MODE_HINT } from "../chat-prompt.ts";
import { aiBuyStep } from "./ai-buy.ts";
import type { ToolResult } from "./compose.ts";
import { deepThinkStep } from "./deep-think.ts";
import type { Question } from "./intent.ts";
import type { ModeStep } from "./mode-step.ts";

/**
 * The chat's input mode (search, deepThink, aiSwap) as it reaches a model: one line of the system prompt
 * (chat-prompt.ts MODE_HINT). Search when no mode line is there (a prompt without the chat's system prompt).
 */
export function chatModeOf(system: string | undefined): ChatMode {
  if (!system) return "search";
  if (system.includes(MODE_HINT.deepThink)) return "deepThink";
  if (system.includes(MODE_HINT.aiSwap)) return "aiSwap";
  return "search";
}

/** What MountainLion does next in a mode other than search; search mode and the questions a mode leaves alone: search. */
export function modeStep(
  mode: ChatMode,
  question: Question,
  results: readonly ToolResult[],
  offered: ReadonlySet<string>,
): ModeStep {
  switch (mode) {
    case "deepThink":
      return deepThinkStep(question, results, offered);
    case "aiSwap":
      return aiBuyStep(question, results, offered);
    default:
      return { kind: "search" };
  }
}
