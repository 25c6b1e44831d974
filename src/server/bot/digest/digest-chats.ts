import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { telegramChats } from "../../db/schema.ts";
import type { BotLanguage } from "../bot-context.ts";

/** The daily digest's default hour (UTC) for a chat that subscribes without naming one. */
export const DEFAULT_DIGEST_HOUR = 8;

/** The UTC day of an instant, as `digest_sent_on` stores it (YYYY-MM-DD). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface DigestSubscription {
  subscribed: boolean;
  /** 0-23, UTC */
  hour: number;
  /** false once Telegram said the bot may not write there (blocked, chat gone) */
  active: boolean;
}

/** A chat claimed for today's digest: what is needed to word it. */
export interface DueChat {
  chatId: number;
  /** the chat's hour (UTC), which the digest's footer names */
  hour: number;
  /** the language chosen with /language or in the app */
  language: BotLanguage | null;
  /** Telegram's language_code of the user */
  languageCode: string | null;
}

export interface SubscribeInput {
  chatId: number;
  kind: "private" | "group" | "supergroup" | "channel";
  telegramUserId?: number;
  userId?: number;
  /** undefined keeps the chat's hour (8 UTC for a new chat) */
  hour?: number;
  /** the user is writing to the bot right now, so it may write back (the bot's /subscribe) */
  userIsPresent: boolean;
  now: Date;
}

/**
 * The digest's view of `telegram_chats`: who subscribed, at which hour, and the claim that makes each chat's digest
 * go out once a day. Rows are shared with the bot's core (which creates and updates a chat on every update); this
 * file only writes the digest's columns, and `active` when Telegram refuses a chat.
 */
export function createDigestChats(db: Database) {
  const dueWhere = (today: string, hour: number) =>
    and(
      eq(telegramChats.digestSubscribed, 1),
      eq(telegramChats.active, 1),
      lte(telegramChats.digestHour, hour),
      or(isNull(telegramChats.digestSentOn), lt(telegramChats.digestSentOn, today)),
    );

  /**
   * The day a (re)subscription counts as already served: a chat whose hour has passed today starts tomorrow, so
   * subscribing at 10:00 for 08:00 does not send at once, and changing the hour after today's digest does not send
   * a second one today. Subscribing again to the same hour changes nothing.
   */
  const sentOnFor = (hour: number | SQL, now: Date) => {
    const today = utcDay(now);
    return sql`case when ${telegramChats.digestSubscribed} = 1 and ${telegramChats.digestHour} = ${hour}
        then ${telegramChats.digestSentOn}
      when ${hour} <= ${now.getUTCHours()} then ${today}::date
      when ${telegramChats.digestSentOn} = ${today}::date then ${telegramChats.digestSentOn} else null end`;
  };

  return {
    async get(chatId: number): Promise<DigestSubscription | undefined> {
      const [row] = await db
        .select({
          subscribed: telegramChats.digestSubscribed,
          hour: telegramChats.digestHour,
          active: telegramChats.active,
        })
        .from(telegramChats)
        .where(eq(telegramChats.chatId, chatId))
        .limit(1);
      return row && { subscribed: row.subscribed === 1, hour: row.hour, active: row.active === 1 };
    },

    /** Subscribes a chat (creating its row when the bot has none yet); answers the subscription now. */
    async subscribe(input: SubscribeInput): Promise<DigestSubscription> {
      const { chatId, now } = input;
      const hour = input.hour ?? sql`${telegramChats.digestHour}`;
      const insertedHour = input.hour ?? DEFAULT_DIGEST_HOUR;
      const [row] = await db
        .insert(telegramChats)
        .values({
          chatId,
          kind: input.kind,
          telegramUserId: input.telegramUserId ?? null,
          userId: input.userId ?? null,
          digestSubscribed: 1,
          digestHour: insertedHour,
          digestSentOn: insertedHour <= now.getUTCHours() ? utcDay(now) : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: telegramChats.chatId,
          set: {
            digestSubscribed: 1,
            digestHour: hour,
            digestSentOn: sentOnFor(input.hour ?? sql`${telegramChats.digestHour}`, now),
            ...(input.userId !== undefined ? { userId: input.userId } : {}),
            ...(input.userIsPresent ? { active: 1, inactiveReason: null } : {}),
            updatedAt: now,
          },
        })
        .returning({
          hour: telegramChats.digestHour,
          active: telegramChats.active,
        });
      return { subscribed: true, hour: row?.hour ?? insertedHour, active: row?.active !== 0 };
    },

    /** Ends a chat's subscription; its hour is kept for a later /subscribe. */
    async unsubscribe(chatId: number, now: Date): Promise<void> {
      await db
        .update(telegramChats)
        .set({ digestSubscribed: 0, updatedAt: now })
        .where(eq(telegramChats.chatId, chatId));
    },

    /**
     * Keeps a chat unsubscribed with an hour chosen for later (the app's hour picker while the digest is off),
     * creating its row when the bot has none yet.
     */
    async setHourUnsubscribed(input: Omit<SubscribeInput, "userIsPresent" | "hour"> & { hour: number }): Promise<void> {
      await db
        .insert(telegramChats)
        .values({
          chatId: input.chatId,
          kind: input.kind,
          telegramUserId: input.telegramUserId ?? null,
          userId: input.userId ?? null,
          digestSubscribed: 0,
          digestHour: input.hour,
          updatedAt: input.now,
        })
        .onConflictDoUpdate({
          target: telegramChats.chatId,
          set: { digestSubscribed: 0, digestHour: input.hour, updatedAt: input.now },
        });
    },

    /** Whether any chat is due: the scheduler words the digest only then. */
    async anyDue(today: string, hour: number): Promise<boolean> {
      const rows = await db
        .select({ chatId: telegramChats.chatId })
        .from(telegramChats)
        .where(dueWhere(today, hour))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Claims up to `limit` chats whose hour has come and that have not had today's digest, marking them sent today
     * in the same statement: a restart (or a second node) never claims them again today. Rows another transaction
     * is claiming are skipped, not waited for.
     */
    async claimDue(today: string, hour: number, limit: number): Promise<DueChat[]> {
      const due = db
        .select({ chatId: telegramChats.chatId })
        .from(telegramChats)
        .where(dueWhere(today, hour))
        .orderBy(asc(telegramChats.chatId))
        .limit(limit)
        .for("update", { skipLocked: true });
      return db
        .update(telegramChats)
        .set({ digestSentOn: today })
        .where(and(inArray(telegramChats.chatId, due), dueWhere(today, hour)))
        .returning({
          chatId: telegramChats.chatId,
          hour: telegramChats.digestHour,
          language: telegramChats.language,
          languageCode: telegramChats.languageCode,
        });
    },
  };
}

export type DigestChats = ReturnType<typeof createDigestChats>;
