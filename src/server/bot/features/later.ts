import { Composer } from "grammy";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { appReply } from "../runtime/mini-app.ts";

/**
 * Commands whose features come with later issues: each says plainly that it is not available yet (no made-up
 * alarms) and offers the app.
 */
const notes: readonly { command: string; note: BotMessage }[] = [
  {
    command: "alerts",
    note: /*i18n*/ {
      id: "Price alerts are not available yet: they come with a later update. Meanwhile the app has the market, the news and the AI chat.",
      message:
        "Price alerts are not available yet: they come with a later update. Meanwhile the app has the market, the news and the AI chat.",
    },
  },
];

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
