import { Composer } from "grammy";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { appReply } from "../runtime/mini-app.ts";

/**
 * Commands whose features come with later issues: each says plainly that it is not available yet and offers the
 * app. None at present (/alerts has its feature, alerts.ts).
 */
const notes: readonly { command: string; note: BotMessage }[] = [];

export function laterFeature(deps: { miniAppUrl: string }): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  for (const { command, note } of notes) {
    composer.command(command, async (ctx) => {
      const reply = appReply(ctx, deps.miniAppUrl, ctx.t(note));
      await ctx.reply(reply.text, reply.other);
    });
  }
  return composer;
}
