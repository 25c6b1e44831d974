import { Composer } from "grammy";
import type { ChatMemberUpdated } from "grammy/types";
import type { UsersRepository } from "../../features/accounts/users.repository.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext } from "../bot-context.ts";
import type { InactiveReason, TelegramChats } from "../chats.ts";
import { accountOfTelegramUser } from "../identity.ts";
import { safeError } from "./safe-error.ts";

export interface ChatTrackingDeps {
  chats: TelegramChats;
  users: UsersRepository;
  logger: Logger;
  token: string;
}

/** The bot's own membership change: removed or blocked (inactive, and why), or back in (active). */
function membership(update: ChatMemberUpdated): { active: boolean; reason?: InactiveReason } {
  const status = update.new_chat_member.status;
  if (status === "kicked") return { active: false, reason: update.chat.type === "private" ? "blocked" : "kicked" };
  if (status === "left") return { active: false, reason: "left" };
  if (status === "restricted" && !update.new_chat_member.is_member) return { active: false, reason: "left" };
  return { active: true };
}

/**
 * Runs first for every update that has a chat: records the chat (its kind, the private chat's Telegram user and
 * language_code), keeps `active` right (any update from the chat makes it active again; my_chat_member says when
 * the bot was blocked, removed or let back in), and links a private chat to its user's account once the mini
 * app's sign-in has created it (src/server/bot/identity.ts).
 */
export function chatTracking(deps: ChatTrackingDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(async (ctx, next) => {
    const chat = ctx.chat;
    if (chat) {
      const isPrivate = chat.type === "private";
      const from = ctx.from;
      const state = ctx.myChatMember ? membership(ctx.myChatMember) : { active: true };
      const row = await deps.chats.sighted({
        chatId: chat.id,
        kind: chat.type,
        telegramUserId: isPrivate ? chat.id : undefined,
        languageCode: isPrivate ? from?.language_code : undefined,
        active: state.active,
        inactiveReason: state.reason,
      });
      if (isPrivate && from && from.id === chat.id && !from.is_bot && row.userId === null) {
        try {
          const account = await accountOfTelegramUser(deps.users, from);
          if (account) await deps.chats.linkUser(chat.id, account.id);
        } catch (error) {
          // the reply matters more than the link, which the next update tries again
          deps.logger.warn({ err: safeError(error, deps.token) }, "telegram chat not linked to an account");
        }
      }
    }
    await next();
  });
  return composer;
}
