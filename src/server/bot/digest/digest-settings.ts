import { eq } from "drizzle-orm";
import type { TelegramNotificationsData } from "../../../contract/telegram.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";
import { telegramAccountRequired } from "../share/telegram-share.ts";
import { DEFAULT_DIGEST_HOUR, type DigestChats } from "./digest-chats.ts";

/** What the app's settings show when this server has no bot (no BOT_TOKEN). */
export const noBotNotifications: TelegramNotificationsData = {
  available: false,
  reason: "noBot",
  subscribed: false,
  hour: DEFAULT_DIGEST_HOUR,
  active: false,
  bot_url: null,
};

/**
 * The digest from the app's settings: the signed-in user's private chat with the bot is the chat whose id is
 * their Telegram id, the same row /subscribe and /unsubscribe change.
 */
export function createDigestSettings(deps: {
  db: Database;
  chats: Pick<DigestChats, "get" | "subscribe" | "unsubscribe" | "setHourUnsubscribed">;
  clock: Clock;
  /** https://t.me/<bot>, or undefined while the bot's name is not known */
  botUrl(): Promise<string | undefined>;
}) {
  const { db, chats, clock } = deps;

  async function telegramIdOf(userId: number): Promise<number | undefined> {
    const [row] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId)).limit(1);
    const id = row?.telegramId ? Number(row.telegramId) : Number.NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  }

  const botUrl = () => deps.botUrl().catch(() => undefined);

  async function read(userId: number): Promise<TelegramNotificationsData> {
    const telegramId = await telegramIdOf(userId);
    if (telegramId === undefined) {
      return { ...noBotNotifications, reason: "noTelegram", bot_url: (await botUrl()) ?? null };
    }
    const subscription = await chats.get(telegramId);
    return {
      available: true,
      reason: null,
      subscribed: subscription?.subscribed ?? false,
      hour: subscription?.hour ?? DEFAULT_DIGEST_HOUR,
      // a chat the bot never saw is one it may write to until Telegram says otherwise
      active: subscription?.active ?? true,
      bot_url: (await botUrl()) ?? null,
    };
  }

  return {
    read,
    async update(userId: number, change: { subscribed: boolean; hour?: number }): Promise<TelegramNotificationsData> {
      const telegramId = await telegramIdOf(userId);
      if (telegramId === undefined) throw telegramAccountRequired();
      const now = clock.now();
      if (change.subscribed) {
        await chats.subscribe({
          chatId: telegramId,
          kind: "private",
          telegramUserId: telegramId,
          userId,
          hour: change.hour,
          // the app is not the chat: a chat Telegram refused stays refused until the user writes to the bot
          userIsPresent: false,
          now,
        });
      } else if (change.hour !== undefined) {
        await chats.setHourUnsubscribed({
          chatId: telegramId,
          kind: "private",
          telegramUserId: telegramId,
          userId,
          hour: change.hour,
          now,
        });
      } else {
        await chats.unsubscribe(telegramId, now);
      }
      return read(userId);
    },
  };
}

export type DigestSettings = ReturnType<typeof createDigestSettings>;
