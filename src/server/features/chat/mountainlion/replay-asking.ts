import { readFile } from "node:fs/promises";
import { generateText, stepCountIs } from "ai";
import type { ChatMode } from "../../../../contract/chat.ts";
import { systemPrompt } from "../chat-prompt.ts";
import { STEP_LIMIT } from "../model-run.ts";
import { type ChatToolsDeps, createChatTools } from "../tools/chat-tools.ts";
import type { ReplayChatData } from "../tools/replay-chat-data.ts";
import { createMountainLion } from "./mountainlion-model.ts";

/**
 * For tests: MountainLion answering over the shipped replay at a fixed market time, and the shipped daily candles
 * the answers' figures can be worked out from again.
 */

const DAY = 86_400_000;

/** MountainLion's answer to a question in a mode, with the replay's tools and the system prompt at market time `at`. */
export function askOverReplay(
  data: ReplayChatData,
  at: string,
  question: string,
  mode: ChatMode,
  language: "en" | "cn",
) {
  return generateText({
    model: createMountainLion(),
    tools: createChatTools({ ...data, language }),
    stopWhen: stepCountIs(STEP_LIMIT),
    system: systemPrompt({ language, mode, now: new Date(at), model: { vision: false, tools: true } }),
    prompt: question,
  });
}

/**
 * MountainLion's answer to a question (up to 4 steps) with the tools over the replay's market, news and FX and the
 * services given (forecasts, alarms, the user), under the system prompt given if any.
 */
export function askWithReplayTools(
  data: ReplayChatData,
  question: string,
  options: {
    language: ChatToolsDeps["language"];
    services?: Pick<ChatToolsDeps, "predictions" | "scores" | "alarms" | "userId">;
    system?: string;
  },
) {
  return generateText({
    model: createMountainLion(),
    tools: createChatTools({
      market: data.market,
      news: data.news,
      fx: data.fx,
      language: options.language,
      ...options.services,
    }),
    stopWhen: stepCountIs(4),
    ...(options.system === undefined ? {} : { system: options.system }),
    prompt: question,
  });
}

/** The rows (t,o,h,l,c,v,qv as numbers) of a pair's daily candles completed at `at`, from data/market/daily/<PAIR>.csv. */
export async function completedDailyRows(pair: string, at: string): Promise<number[][]> {
  const text = await readFile(new URL(`../../../../../data/market/daily/${pair}.csv`, import.meta.url), "utf8");
  return text
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",").map(Number))
    .filter(([time = 0]) => time + DAY <= Date.parse(at));
}
