import { Composer } from "grammy";
import type { Clock } from "../../providers/clock.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import type { DigestChats } from "../digest/digest-chats.ts";

const m = {
  subscribed: /*i18n*/ {
    id: "Subscribed: the daily market digest comes every day at {hour}:00 UTC (it is {now} UTC now). Pick another hour with /subscribe and a number from 0 to 23; stop with /unsubscribe.",
    message:
      "Subscribed: the daily market digest comes every day at {hour}:00 UTC (it is {now} UTC now). Pick another hour with /subscribe and a number from 0 to 23; stop with /unsubscribe.",
  },
  badHour: /*i18n*/ {
    id: "The hour is a whole number from 0 to 23, in UTC: for example /subscribe 8.",
    message: "The hour is a whole number from 0 to 23, in UTC: for example /subscribe 8.",
  },
  unsubscribed: /*i18n*/ {
    id: "Unsubscribed: no more daily digests. /subscribe starts them again.",
    message: "Unsubscribed: no more daily digests. /subscribe starts them again.",
  },
  privateOnly: /*i18n*/ {
    id: "The daily digest comes in a private chat with me: open it and send /subscribe there.",
    message: "The daily digest comes in a private chat with me: open it and send /subscribe there.",
  },
} satisfies Record<string, BotMessage>;

/** "/subscribe", "/subscribe 8", "/subscribe 08": undefined keeps the chat's hour; NaN is not an hour. */
export function parseDigestHour(argument: string): number | undefined {
  const text = argument.trim();
  if (text === "") return undefined;
  if (!/^\d{1,2}$/.test(text)) return Number.NaN;
  const hour = Number(text);
  return hour <= 23 ? hour : Number.NaN;
}

/**
 * /subscribe [hour] and /unsubscribe: the daily market digest (top movers, sentiment, headlines) in the private
 * chat, at the hour given in UTC (08:00 when none was ever given). The app's settings change the same row.
 */
export function subscribeFeature(deps: { chats: Pick<DigestChats, "subscribe" | "unsubscribe">; clock: Clock }) {
  const feature = new Composer<BotContext>();
  const privateOnly = feature.chatType(["group", "supergroup", "channel"]);
  privateOnly.command(["subscribe", "unsubscribe"], (ctx) => ctx.reply(ctx.t(m.privateOnly)));

  const direct = feature.chatType("private");
  direct.command("subscribe", async (ctx) => {
    const hour = parseDigestHour(ctx.match);
    if (Number.isNaN(hour)) return ctx.reply(ctx.t(m.badHour));
    const now = deps.clock.now();
    const subscription = await deps.chats.subscribe({
      chatId: ctx.chat.id,
      kind: "private",
      telegramUserId: ctx.from.id,
      hour,
      userIsPresent: true,
      now,
    });
    return ctx.reply(
      ctx.t(m.subscribed, {
        hour: String(subscription.hour).padStart(2, "0"),
        now: now.toISOString().slice(11, 16),
      }),
    );
  });
  direct.command("unsubscribe", async (ctx) => {
    await deps.chats.unsubscribe(ctx.chat.id, deps.clock.now());
    return ctx.reply(ctx.t(m.unsubscribed));
  });
  return feature;
}
