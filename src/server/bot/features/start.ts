import { Composer } from "grammy";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { appReply } from "../runtime/mini-app.ts";
import { safeError } from "../runtime/safe-error.ts";
import { openInApp } from "../welcome-texts.ts";
import { parseStartPayload, type StartPayload, startParamOf } from "./start-payload.ts";
import type { Referrals } from "./start-referrals.ts";

export const welcome: BotMessage = /*i18n*/ {
  id: "Welcome to MountainLion, an AI assistant for crypto investors.\n\nAsk me about the market in your own words, or send /help to see what I can do. The full app opens with the button below.",
  message:
    "Welcome to MountainLion, an AI assistant for crypto investors.\n\nAsk me about the market in your own words, or send /help to see what I can do. The full app opens with the button below.",
};

const coinLine: BotMessage = /*i18n*/ {
  id: "{symbol} opens in the app with the button below.",
  message: "{symbol} opens in the app with the button below.",
};
const coinButton: BotMessage = /*i18n*/ { id: "Open {symbol}", message: "Open {symbol}" };
const chatLine: BotMessage = /*i18n*/ {
  id: "Your chat continues in the app with the button below.",
  message: "Your chat continues in the app with the button below.",
};
const chatButton: BotMessage = /*i18n*/ { id: "Open the chat", message: "Open the chat" };
const shareLine: BotMessage = /*i18n*/ {
  id: "Someone shared a conversation with you: read it in the app with the button below.",
  message: "Someone shared a conversation with you: read it in the app with the button below.",
};
const shareButton: BotMessage = /*i18n*/ { id: "Read the conversation", message: "Read the conversation" };

export interface StartDeps {
  miniAppUrl: string;
  referrals: Referrals;
  logger: Logger;
  token: string;
}

/** What a payload adds to the welcome: a line about where the button leads, and the button's label. */
function target(ctx: BotContext, payload: StartPayload): { line?: string; label?: string } {
  switch (payload.kind) {
    case "coin":
      return {
        line: ctx.t(coinLine, { symbol: payload.symbol }),
        label: ctx.t(coinButton, { symbol: payload.symbol }),
      };
    case "chat":
      return { line: ctx.t(chatLine), label: ctx.t(chatButton) };
    case "share":
      return { line: ctx.t(shareLine), label: ctx.t(shareButton) };
    default:
      return {};
  }
}

/**
 * /start and /start <payload>: the welcome in the user's language with a button opening the mini app; a deep
 * link's payload opens the app on a coin, a chat or a shared conversation (`?startapp=...`, which the client
 * routes), or records an invitation (`ref_<code>`, once per Telegram user). A payload that is none of these
 * gets the plain welcome.
 */
export function startFeature(deps: StartDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("start", async (ctx) => {
    const payload = parseStartPayload(ctx.match);
    if (payload.kind === "ref" && ctx.from && !ctx.from.is_bot) {
      await deps.referrals.record(ctx.from.id, payload.invitationCode).catch((error: unknown) => {
        deps.logger.warn({ err: safeError(error, deps.token) }, "telegram referral not recorded");
      });
    }
    const { line, label } = target(ctx, payload);
    const text = line ? `${ctx.t(welcome)}\n\n${line}` : ctx.t(welcome);
    const reply = appReply(ctx, deps.miniAppUrl, text, { label, startParam: startParamOf(payload) });
    await ctx.reply(reply.text, reply.other);
    // the chat's menu button opens the app too, labelled in the chat's language (the default one is English)
    const chat = ctx.chat;
    if (chat?.type === "private" && new URL(deps.miniAppUrl).protocol === "https:") {
      const menuButton = { type: "web_app" as const, text: ctx.t(openInApp), web_app: { url: deps.miniAppUrl } };
      await ctx.api.setChatMenuButton({ chat_id: chat.id, menu_button: menuButton }).catch((error: unknown) => {
        deps.logger.warn({ err: safeError(error, deps.token) }, "telegram chat menu button not set");
      });
    }
  });
  return composer;
}
