import { Composer } from "grammy";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { botCommands } from "../runtime/commands.ts";
import { appReply } from "../runtime/mini-app.ts";

const heading: BotMessage = /*i18n*/ { id: "Here is what I can do:", message: "Here is what I can do:" };
const freeText: BotMessage = /*i18n*/ {
  id: "You can also write a question about the crypto market in your own words.",
  message: "You can also write a question about the crypto market in your own words.",
};

/** /help: the command list (the one Telegram's menu shows) in the user's language, and the open-in-app button. */
export function helpFeature(deps: { miniAppUrl: string }): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("help", async (ctx) => {
    const lines = botCommands.map(({ command, description }) => `/${command} — ${ctx.t(description)}`);
    const text = [ctx.t(heading), "", ...lines, "", ctx.t(freeText)].join("\n");
    const reply = appReply(ctx, deps.miniAppUrl, text);
    await ctx.reply(reply.text, reply.other);
  });
  return composer;
}
