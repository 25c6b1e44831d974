import { eq } from "drizzle-orm";
import { type Api, GrammyError } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { escapeHtml } from "../../escape-html.ts";
import { userSubject } from "../../features/accounts/quota.service.ts";
import { type SharesService, sharePagePath } from "../../features/chat/extras/shares.ts";
import type { BotLanguage, BotMessage } from "../bot-context.ts";
import type { BotTranslator } from "../i18n.ts";

const m = {
  open: /*i18n*/ { id: "Open", message: "Open" },
  untitled: /*i18n*/ { id: "A chat with MountainLion", message: "A chat with MountainLion" },
  description: /*i18n*/ {
    id: "A chat with MountainLion, the AI assistant for crypto investors",
    message: "A chat with MountainLion, the AI assistant for crypto investors",
  },
  readChat: /*i18n*/ { id: "Read the whole chat", message: "Read the whole chat" },
} satisfies Record<string, BotMessage>;

/** The start parameter of a shared chat: the app opens /chatDetail/<code> when it starts with it. */
export const shareStartParam = (code: string) => `share_${code}`;

/** What to share: a share made before (its code), or messages of one of the caller's chats (as shareMessages). */
export type ShareSource = { code: string } | { msggroup: string; messages: readonly string[] };

export interface PreparedShare {
  /** the prepared message's id, for the mini app's shareMessage */
  id: string;
  /** Unix seconds after which Telegram forgets it */
  expiration_date: number;
  code: string;
  /** the public page's path: /chatDetail/{code} */
  url: string;
}

/** The card a shared chat travels as: its question, a link to its public page, and an Open button. */
export function shareCard(input: {
  code: string;
  summary: string;
  /** the public page's absolute address */
  pageUrl: string;
  botUsername: string;
  language: BotLanguage;
  translator: BotTranslator;
}): InlineQueryResultArticle {
  const t = (message: BotMessage) => input.translator.translate(input.language, message);
  const title = input.summary || t(m.untitled);
  const startParam = shareStartParam(input.code);
  return {
    type: "article",
    // 1-64 bytes: share codes are 22 URL-safe characters
    id: startParam,
    title,
    description: t(m.description),
    url: input.pageUrl,
    input_message_content: {
      message_text: `<b>${escapeHtml(title)}</b>\n\n<a href="${escapeHtml(input.pageUrl)}">${escapeHtml(t(m.readChat))}</a>`,
      parse_mode: "HTML",
      link_preview_options: { url: input.pageUrl, prefer_small_media: true },
    },
    reply_markup: {
      inline_keyboard: [
        [
          {
            text: t(m.open),
            // the bot's deep link opens its mini app from any chat (web_app buttons work only in private chats)
            url: `https://t.me/${encodeURIComponent(input.botUsername)}?startapp=${startParam}`,
          },
        ],
      ],
    },
  };
}

export const telegramAccountRequired = () =>
  new ApiError(
    ErrorCode.RequestFailed,
    "telegramAccountRequired",
    403,
    [],
    "sharing into Telegram needs an account signed in with Telegram",
  );

export interface TelegramShareDeps {
  db: Database;
  api: Pick<Api, "savePreparedInlineMessage">;
  shares: Pick<SharesService, "share" | "get">;
  translator: BotTranslator;
  /** the bot's @username (from getMe), for the card's deep link */
  botUsername(): Promise<string>;
}

/**
 * Sharing a chat into any Telegram chat from the mini app (Bot API 8.0 prepared messages): the server makes (or
 * reuses) the chat's public share, stores the card with savePreparedInlineMessage for the signed-in user's
 * Telegram id, and answers the prepared message's id; the mini app hands it to Telegram's shareMessage, where the
 * user picks the chat. Only accounts with a Telegram identity can: Telegram ties a prepared message to its user.
 */
export function createTelegramShare(deps: TelegramShareDeps) {
  const { db, api, shares } = deps;

  async function telegramIdOf(userId: number): Promise<number> {
    const [row] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId)).limit(1);
    const id = row?.telegramId ? Number(row.telegramId) : Number.NaN;
    if (!Number.isSafeInteger(id) || id <= 0) throw telegramAccountRequired();
    return id;
  }

  async function shareOf(userId: number, source: ShareSource): Promise<{ code: string; summary: string }> {
    if ("code" in source) {
      // a share is a public page: anyone who can open it may pass it on
      const shared = await shares.get(source.code);
      if (!shared) {
        throw new ApiError(
          ErrorCode.RequestFailed,
          "notFound",
          404,
          [{ field: "code", key: "notFound" }],
          "no such share",
        );
      }
      return shared;
    }
    return shares.share(userSubject(userId), source.msggroup, source.messages);
  }

  return {
    /** Prepares the card of a share for the user; `pageOrigin` is where the public page is served. */
    async prepare(input: {
      userId: number;
      source: ShareSource;
      language: BotLanguage;
      pageOrigin: string;
    }): Promise<PreparedShare> {
      const telegramId = await telegramIdOf(input.userId);
      const { code, summary } = await shareOf(input.userId, input.source);
      const path = sharePagePath(code);
      let botUsername: string;
      try {
        botUsername = await deps.botUsername();
      } catch (error) {
        throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 502, [], `Telegram did not answer: ${String(error)}`);
      }
      const card = shareCard({
        code,
        summary,
        pageUrl: `${input.pageOrigin}${path}`,
        botUsername,
        language: input.language,
        translator: deps.translator,
      });
      try {
        const prepared = await api.savePreparedInlineMessage(telegramId, card, {
          allow_user_chats: true,
          allow_group_chats: true,
          allow_channel_chats: true,
        });
        return { id: prepared.id, expiration_date: prepared.expiration_date, code, url: path };
      } catch (error) {
        const detail = error instanceof GrammyError ? error.description : "no answer";
        throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 502, [], `Telegram refused the card: ${detail}`);
      }
    },
  };
}

export type TelegramShare = ReturnType<typeof createTelegramShare>;
