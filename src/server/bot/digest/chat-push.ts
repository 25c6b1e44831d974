import type { Api } from "grammy";
import { GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Logger } from "../../logger.ts";
import { inactiveReasonOf, type TelegramChats } from "../chats.ts";

/** A message the server sends on its own, not in answer to an update. */
export interface OutboundMessage {
  text: string;
  parse_mode?: "HTML";
  reply_markup?: InlineKeyboardMarkup;
  link_preview_options?: { is_disabled: true };
}

/**
 * - sent: Telegram took it
 * - refused: Telegram will not take messages for this chat (blocked, kicked, gone); the chat is now inactive
 * - failed: any other error (after the API client's own retries of 429s and network errors); logged
 */
export type PushOutcome = "sent" | "refused" | "failed";

/**
 * The one way the server pushes into chats on its own: the daily digest and fired price alarms (the bot's alarm
 * channel hands its messages to `send`, with the same refusal handling and the same limits). Sending
 * goes through the bot's API client, whose throttler keeps Telegram's limits and whose auto-retry waits out 429s.
 */
export interface ChatPusher {
  send(chatId: number, message: OutboundMessage): Promise<PushOutcome>;
}

/** 400s that mean the chat is gone for good, so they count as a refusal, not as a failure to retry. */
const GONE = /chat not found|user is deactivated|bot was kicked|PEER_ID_INVALID|group chat was deactivated/i;

export function createChatPusher(deps: {
  api: Pick<Api, "sendMessage">;
  /** the bot's chats (src/server/bot/chats.ts): a refused chat is marked there, as the bot's core marks any 403 */
  chats: Pick<TelegramChats, "markInactive">;
  logger: Logger;
}): ChatPusher {
  const { api, chats, logger } = deps;
  return {
    async send(chatId, message) {
      try {
        await api.sendMessage(chatId, message.text, {
          ...(message.parse_mode ? { parse_mode: message.parse_mode } : {}),
          ...(message.reply_markup ? { reply_markup: message.reply_markup } : {}),
          ...(message.link_preview_options ? { link_preview_options: message.link_preview_options } : {}),
        });
        return "sent";
      } catch (error) {
        if (error instanceof GrammyError && (error.error_code === 403 || GONE.test(error.description))) {
          // the bot's core marks any 403 as well; a chat that is gone for good (400) is marked here, the same way
          await chats.markInactive(
            chatId,
            error.error_code === 403 ? inactiveReasonOf(error.description) : "deactivated",
          );
          logger.info({ chatId, reason: error.description }, "telegram chat refuses messages; marked inactive");
          return "refused";
        }
        logger.warn({ err: error, chatId }, "telegram push failed");
        return "failed";
      }
    },
  };
}
