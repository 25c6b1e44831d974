import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { telegramChats } from "../db/schema.ts";
import type { Clock } from "../providers/clock.ts";
import type { BotLanguage } from "./bot-context.ts";

export type TelegramChatRow = typeof telegramChats.$inferSelect;
export type ChatKind = TelegramChatRow["kind"];

/** Why sending to a chat stopped: Telegram's 403 or a my_chat_member update said so. */
export type InactiveReason = "blocked" | "kicked" | "left" | "deactivated" | "forbidden";

/** What an update tells about its chat. */
export interface ChatSighting {
  chatId: number;
  kind: ChatKind;
  /** a private chat's user (its id is the chat's) */
  telegramUserId?: number;
  /** Telegram's language_code of that user */
  languageCode?: string;
  /** false when the update says the bot was blocked or removed (my_chat_member), with why */
  active: boolean;
  inactiveReason?: InactiveReason;
}

/** The telegram_chats table: the chats the bot talks in, their language choice, whether they still take messages. */
export interface TelegramChats {
  /** Records a chat an update came from (kept active unless the update says otherwise); answers its row. */
  sighted(sighting: ChatSighting): Promise<TelegramChatRow>;
  find(chatId: number): Promise<TelegramChatRow | undefined>;
  /** the /language choice of a chat, if any */
  chosenLanguage(chatId: number): Promise<BotLanguage | undefined>;
  setLanguage(chatId: number, language: BotLanguage): Promise<void>;
  /** Telegram refused a message with 403: nothing more is sent until the chat writes again. */
  markInactive(chatId: number, reason: InactiveReason): Promise<void>;
  /** links a private chat to the account of its Telegram user, unless it has one */
  linkUser(chatId: number, userId: number): Promise<void>;
}

export function createTelegramChats(db: Database, clock: Clock): TelegramChats {
  return {
    async sighted(sighting) {
      const now = clock.now();
      const values = {
        chatId: sighting.chatId,
        kind: sighting.kind,
        telegramUserId: sighting.telegramUserId ?? null,
        languageCode: sighting.languageCode ?? null,
        active: sighting.active ? 1 : 0,
        inactiveReason: sighting.active ? null : (sighting.inactiveReason ?? "forbidden"),
        createdAt: now,
        updatedAt: now,
      };
      const [row] = await db
        .insert(telegramChats)
        .values(values)
        .onConflictDoUpdate({
          target: telegramChats.chatId,
          set: {
            kind: values.kind,
            // an update without a user or language (a channel post, a group's service message) keeps what is known
            telegramUserId: sql`coalesce(excluded.telegram_user_id, ${telegramChats.telegramUserId})`,
            languageCode: sql`coalesce(excluded.language_code, ${telegramChats.languageCode})`,
            active: values.active,
            inactiveReason: values.inactiveReason,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error("the chat row was neither inserted nor updated");
      return row;
    },
    async find(chatId) {
      const [row] = await db.select().from(telegramChats).where(eq(telegramChats.chatId, chatId));
      return row;
    },
    async chosenLanguage(chatId) {
      const [row] = await db
        .select({ language: telegramChats.language })
        .from(telegramChats)
        .where(eq(telegramChats.chatId, chatId));
      return row?.language ?? undefined;
    },
    async setLanguage(chatId, language) {
      await db.update(telegramChats).set({ language, updatedAt: clock.now() }).where(eq(telegramChats.chatId, chatId));
    },
    async markInactive(chatId, reason) {
      await db
        .update(telegramChats)
        .set({ active: 0, inactiveReason: reason, updatedAt: clock.now() })
        .where(eq(telegramChats.chatId, chatId));
    },
    async linkUser(chatId, userId) {
      await db
        .update(telegramChats)
        .set({ userId })
        .where(and(eq(telegramChats.chatId, chatId), isNull(telegramChats.userId)));
    },
  };
}

/** What Telegram's 403 description says happened (it is the only place the reason is given). */
export function inactiveReasonOf(description: string): InactiveReason {
  const text = description.toLowerCase();
  if (text.includes("blocked")) return "blocked";
  if (text.includes("kicked") || text.includes("not a member") || text.includes("removed")) return "kicked";
  if (text.includes("deactivated")) return "deactivated";
  return "forbidden";
}
