import { Composer } from "grammy";
import type { BotContext, BotMessage } from "../bot-context.ts";

const noLongerAvailable: BotMessage = /*i18n*/ {
  id: "This button is no longer available.",
  message: "This button is no longer available.",
};

/** Answers a button press nothing handles (old messages, changed buttons) so the client stops its spinner. */
export async function staleButton(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t(noLongerAvailable) });
}

/**
 * Last in the chain: a button press no feature took (unknown or stale callback data) gets a clear answer; any other
 * update nothing took is dropped without a word.
 */
export function fallbacks(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("callback_query", staleButton);
  return composer;
}
