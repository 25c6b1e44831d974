import { DEFAULT_MODEL_ID } from "../../../contract/model-catalogue.ts";
import { userSubject, visitorSubject } from "../../features/accounts/quota.service.ts";
import type { ChatToolkit } from "../../features/chat/chat.service.ts";
import { buildMessages, systemPrompt } from "../../features/chat/chat-prompt.ts";
import type { ChatOwner, ChatQuota } from "../../features/chat/chat-quota.ts";
import type { ChatEventSink } from "../../features/chat/chat-sse.ts";
import type { ModelRegistry } from "../../features/chat/model-registry.ts";
import { runModel } from "../../features/chat/model-run.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { BotLanguage } from "../bot-context.ts";

/**
 * A question asked in Telegram, answered by MountainLion (the app's default model: the project's offline analyst)
 * with the chat's tools over the product's data, the way the chat service runs a model (the model registry,
 * runModel, the chat's system prompt), but without a stored chat: the answer is the Telegram message, nothing goes
 * to the asker's history.
 *
 * The chat quota is the app's (spec §6, §9): an answer that starts takes one of the day's chats, a run that never
 * started gives it back, and an asker with none left is told so instead of answered. The asker is the account linked
 * to the Telegram user when there is one (`u:<id>`, the app's limits for that account), else a visitor counted by
 * Telegram user (`v:tg:<id>`, which no device number can be: those have no colon).
 */

export type ShortAnswer =
  | { kind: "answer"; markdown: string }
  /** the day's chats are used up: 5004 noFreeChat for a visitor, 20006 chatQuotaRedeem for an account */
  | { kind: "quota"; key: "noFreeChat" | "chatQuotaRedeem" }
  | { kind: "failed" };

export interface AskInput {
  question: string;
  language: BotLanguage;
  owner: ChatOwner;
}

export interface ShortAnswerer {
  answer(input: AskInput): Promise<ShortAnswer>;
}

export interface ShortAnswererDeps {
  /** the chat's model registry: the bot asks for the app's default model, MountainLion */
  models: Pick<ModelRegistry, "resolve">;
  /** the chat's tools (the product's, or a test's) */
  toolkit: ChatToolkit | undefined;
  /** the app's chat quota (the one the chat service takes from) */
  quota: Pick<ChatQuota, "take">;
  clock: Clock;
  logger: Logger;
  /** the model may stay silent this long (config.llmTimeoutMs) */
  timeoutMs: number;
  /** the catalogue id of the model that answers; the app's default (MountainLion) unless set */
  modelId?: number;
}

/** The quota subject of a Telegram user: their linked account, else a visitor of their own. */
export function telegramOwner(telegramUserId: number, userId: number | undefined): ChatOwner {
  return userId === undefined
    ? { subject: visitorSubject(`tg:${telegramUserId}`), userId: undefined }
    : { subject: userSubject(userId), userId };
}

/** Added to the chat's system prompt: the answer is a Telegram message. */
const SHORT_FORM =
  "This answer is read in a Telegram chat: keep it to a few short lines with the key figures, their source and time.";

export function createShortAnswerer(deps: ShortAnswererDeps): ShortAnswerer {
  const { logger, toolkit } = deps;
  const modelId = deps.modelId ?? DEFAULT_MODEL_ID;

  return {
    async answer({ question, language, owner }) {
      const model = deps.models.resolve(modelId, question);
      const grant = await deps.quota.take(owner).catch((error: unknown) => {
        logger.error({ err: error }, "bot: chat quota unavailable");
        return undefined;
      });
      if (!grant) return { kind: "failed" };
      if (!grant.allowed) return { kind: "quota", key: grant.key === "noFreeChat" ? "noFreeChat" : "chatQuotaRedeem" };

      const chatLanguage = language === "zh" ? "cn" : "en";
      const controller = new AbortController();
      // nothing streams anywhere: the whole answer becomes one message
      const sink: ChatEventSink = { send: () => true, signal: controller.signal };
      const outcome = await runModel({
        model,
        system: `${systemPrompt({ language: chatLanguage, mode: "search", now: deps.clock.now(), model })}\n${SHORT_FORM}`,
        messages: buildMessages([], { question, images: [], pdfs: [] }, model, undefined),
        tools: model.tools && toolkit ? toolkit.tools(chatLanguage, owner.userId) : undefined,
        controller,
        timeoutMs: deps.timeoutMs,
        sink,
        describeTool: (name, input) => toolkit?.summary(name, input, chatLanguage) ?? name,
        citationOf: (output) => toolkit?.citation(output) ?? null,
        onText: () => undefined,
        logger,
      });
      // only answers that started count (the chat service's rule)
      if (!outcome.started) {
        await grant.release().catch((error: unknown) => logger.warn({ err: error }, "bot: quota release failed"));
      }
      const markdown = outcome.text.trim();
      if (outcome.status === "error" || !markdown) return { kind: "failed" };
      return { kind: "answer", markdown };
    },
  };
}
