import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { InlineKeyboardButton } from "grammy/types";
import { chunks } from "../../chunks.ts";
import type { Database } from "../../db/client.ts";
import { priceAlarms, telegramChats, users } from "../../db/schema.ts";
import { escapeHtml } from "../../escape-html.ts";
import type { AlarmChannel, AlarmSweep, FiredAlarm } from "../../features/alarms/alarm-ports.ts";
import { type AlarmRow, alarmRowOf } from "../../features/alarms/alarms.repository.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { BotLanguage } from "../bot-context.ts";
import { openAppAt } from "../cards/links.ts";
import { displayPrice } from "../cards/price-format.ts";
import type { ChatPusher, OutboundMessage } from "../digest/chat-push.ts";
import { coinStartParam } from "../features/price.ts";
import { type BotTranslator, botLanguageOf } from "../i18n.ts";
import { miniAppButton, miniAppLink } from "../runtime/mini-app.ts";
import { openInApp } from "../welcome-texts.ts";
import { alarmCallback, alarmShortName, movePercent, utcTime } from "./alarm-lines.ts";
import { alarmTexts } from "./alarm-texts.ts";

/**
 * The bot as a way fired alarms reach their owner: an account with a Telegram id gets a message in its private chat
 * with the bot, in the chat's language (its /language choice, else Telegram's language_code, else English), with a
 * button to open the coin in the app (and, for a percent alarm, one to re-arm it). Sending is Telegram's pace
 * (the bot's throttler), so `deliver` only queues a tick's fired alarms and returns: a background worker sends them,
 * a few at a time, and the evaluator moves on to the next tick.
 *
 * Each alarm is claimed in price_alarms.bot_sent_at just before it is sent, so a second delivery of the same fired
 * alarm (another node, the sweep) sends nothing. A send that failed for a reason that may pass gives the claim back;
 * a refusal (blocked, gone) keeps it. After every tick the evaluator calls `sweep`: fired alarms of accounts with
 * Telegram that are still unclaimed and fired within the last SWEEP_AGE_MS of market time (a failed send, a node
 * that stopped between firing and sending, a queue a stop left behind) are queued again. Nothing here throws:
 * failures are logged.
 */

/** how far back (market time) the sweep looks for fired alarms not sent yet; older ones are not news any more */
export const SWEEP_AGE_MS = 3_600_000;
/** fired alarms one sweep takes at most (the next tick's sweep takes the rest) */
const SWEEP_MAX = 1000;
/** ids in one IN (...) list: far below PostgreSQL's limit of parameters a statement */
const IN_CHUNK = 1000;
/** messages in flight at once: the throttler paces them, this only keeps it fed */
const SENDING_AT_ONCE = 8;

export interface AlarmBotChannelDeps {
  db: Database;
  clock: Clock;
  /** the bot's pusher (src/server/bot/digest/chat-push.ts): its limits, and a refusing chat marked inactive */
  pusher: ChatPusher;
  translator: BotTranslator;
  /** what the "Open in app" button opens */
  miniAppUrl: string;
  logger: Logger;
}

interface Recipient {
  chatId: number;
  language: BotLanguage;
}

/** The private chats of the accounts that have Telegram and have not blocked the bot, with their language. */
async function recipientsOf(db: Database, userIds: readonly number[]): Promise<Map<number, Recipient>> {
  const chatOf = new Map<number, number>();
  for (const part of chunks(userIds, IN_CHUNK)) {
    const linked = await db
      .select({ userId: users.id, telegramId: users.telegramId })
      .from(users)
      .where(and(inArray(users.id, part), isNotNull(users.telegramId)));
    for (const row of linked) {
      const chatId = Number(row.telegramId);
      if (Number.isSafeInteger(chatId) && chatId > 0) chatOf.set(row.userId, chatId);
    }
  }
  if (chatOf.size === 0) return new Map();
  const chatRows = new Map<number, { language: BotLanguage | null; languageCode: string | null; active: number }>();
  for (const part of chunks([...chatOf.values()], IN_CHUNK)) {
    const chats = await db
      .select({
        chatId: telegramChats.chatId,
        language: telegramChats.language,
        languageCode: telegramChats.languageCode,
        active: telegramChats.active,
      })
      .from(telegramChats)
      .where(inArray(telegramChats.chatId, part));
    for (const row of chats) chatRows.set(row.chatId, row);
  }
  const recipients = new Map<number, Recipient>();
  for (const [userId, chatId] of chatOf) {
    const chat = chatRows.get(chatId);
    // a chat Telegram refused (blocked, deactivated) takes nothing until the user writes again
    if (chat && chat.active !== 1) continue;
    const language = chat?.language ?? botLanguageOf(chat?.languageCode) ?? "en";
    recipients.set(userId, { chatId, language });
  }
  return recipients;
}

/** The users' Telegram id as the chat's id (a private chat's id is its user's), null when it is not one. */
const chatIdOfUser = sql`case when ${users.telegramId} ~ '^[1-9][0-9]{0,17}$' then ${users.telegramId}::bigint end`;

/**
 * Fired alarms not sent to Telegram yet, fired within SWEEP_AGE_MS before `at` (market time), of accounts with
 * Telegram whose chat has not refused the bot; oldest first.
 */
async function unsent(db: Database, at: Date): Promise<AlarmRow[]> {
  const rows = await db
    .select({ alarm: priceAlarms })
    .from(priceAlarms)
    .innerJoin(users, eq(users.id, priceAlarms.userId))
    .leftJoin(telegramChats, eq(telegramChats.chatId, chatIdOfUser))
    .where(
      and(
        isNotNull(priceAlarms.firedAt),
        isNull(priceAlarms.botSentAt),
        gte(priceAlarms.firedAt, new Date(at.getTime() - SWEEP_AGE_MS)),
        lte(priceAlarms.firedAt, at),
        isNotNull(users.telegramId),
        or(isNull(telegramChats.chatId), eq(telegramChats.active, 1)),
      ),
    )
    .orderBy(asc(priceAlarms.firedAt), asc(priceAlarms.id))
    .limit(SWEEP_MAX);
  return rows.map((row) => alarmRowOf(row.alarm));
}

/** Runs `work` on every item, at most `atOnce` at a time. */
async function eachAtMost<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
}

/** The message of one fired alarm, in the recipient's language. */
export function firedAlarmMessage(
  fired: FiredAlarm,
  language: BotLanguage,
  translator: BotTranslator,
  miniAppUrl: string,
): OutboundMessage {
  const t = (message: Parameters<BotTranslator["translate"]>[1], values?: Record<string, string | number>) =>
    translator.translate(language, message, values);
  const { alarm } = fired;
  const head = t(alarm.direction === "above" ? alarmTexts.firedUp : alarmTexts.firedDown, {
    coin: alarm.coinAbbr,
    price: displayPrice(alarm.firedPrice ?? Number.NaN),
    target: displayPrice(alarm.price),
    source: alarm.source,
    time: utcTime(alarm.firedAt ?? Date.parse(fired.market.at)),
  });
  const lines = [`<b>${escapeHtml(head)}</b>`];
  if (alarm.kind === "percent" && alarm.percent !== null) {
    lines.push(
      escapeHtml(
        t(alarmTexts.firedMove, { percent: movePercent(alarm.percent, language), base: displayPrice(alarm.basePrice) }),
      ),
    );
  }
  // a percent alarm re-arms from the price now; a price alarm's price has just crossed its target, so re-arming it
  // now would be refused (already crossed): it is offered a new alarm instead
  const rearmable = alarm.kind === "percent";
  lines.push(`<i>${escapeHtml(t(rearmable ? alarmTexts.firedHint : alarmTexts.firedHintNew))}</i>`);
  const startParam = coinStartParam(alarm.coinAbbr);
  const rows: InlineKeyboardButton[][] = [];
  if (rearmable) {
    rows.push([
      {
        text: `🔁 ${t(alarmTexts.rearmButton, { alarm: alarmShortName(alarm) })}`,
        callback_data: alarmCallback.rearm(alarm.id),
      },
    ]);
  }
  const open = miniAppButton("private", miniAppUrl, t(openInApp), startParam);
  if (open) rows.push([open]);
  else lines.push("", escapeHtml(t(openAppAt, { url: miniAppLink(miniAppUrl, startParam) })));
  return {
    text: lines.join("\n"),
    parse_mode: "HTML",
    ...(rows.length > 0 ? { reply_markup: { inline_keyboard: rows } } : {}),
    link_preview_options: { is_disabled: true },
  };
}

export function createAlarmBotChannel(deps: AlarmBotChannelDeps): AlarmChannel {
  const { db, clock, pusher, logger } = deps;
  const queue: FiredAlarm[] = [];
  let working: Promise<void> | undefined;
  let stopping = false;

  /** Takes the alarm's bot delivery for this send; false when it was delivered (or taken) already, or is gone. */
  const claim = async (fired: FiredAlarm) => {
    const rows = await db
      .update(priceAlarms)
      .set({ botSentAt: clock.now() })
      .where(
        and(
          eq(priceAlarms.id, fired.alarm.id),
          eq(priceAlarms.userId, fired.userId),
          isNotNull(priceAlarms.firedAt),
          isNull(priceAlarms.botSentAt),
        ),
      )
      .returning({ id: priceAlarms.id });
    return rows.length > 0;
  };
  const release = (fired: FiredAlarm) =>
    db.update(priceAlarms).set({ botSentAt: null }).where(eq(priceAlarms.id, fired.alarm.id));

  const sendOne = async (fired: FiredAlarm, to: Recipient) => {
    if (stopping || !(await claim(fired))) return;
    const message = firedAlarmMessage(fired, to.language, deps.translator, deps.miniAppUrl);
    const outcome = await pusher.send(to.chatId, message);
    // a refusal stays claimed: the chat takes nothing now; any other failure is the next sweep's
    if (outcome === "failed") await release(fired);
  };

  /** Sends what is queued, a batch of accounts at a time; what a stop leaves unsent is a later sweep's. */
  async function work() {
    while (queue.length > 0 && !stopping) {
      const batch = queue.splice(0, IN_CHUNK);
      let recipients: Map<number, Recipient>;
      try {
        recipients = await recipientsOf(db, [...new Set(batch.map((f) => f.userId))]);
      } catch (error) {
        logger.warn({ err: error, alarms: batch.length }, "fired alarms not sent to Telegram: recipients not read");
        continue;
      }
      const sends = batch.flatMap((fired) => {
        const to = recipients.get(fired.userId);
        return to ? [{ fired, to }] : [];
      });
      await eachAtMost(sends, SENDING_AT_ONCE, async ({ fired, to }) => {
        try {
          await sendOne(fired, to);
        } catch (error) {
          logger.warn({ err: error, alarmId: fired.alarm.id }, "fired alarm not sent to Telegram");
        }
      });
    }
    if (stopping) queue.length = 0;
  }

  const run = () => {
    working ??= work().finally(() => {
      working = undefined;
      // alarms queued between the worker's last look and here
      if (queue.length > 0 && !stopping) run();
    });
  };

  const hand = (fired: readonly FiredAlarm[]) => {
    if (stopping || fired.length === 0) return;
    for (const item of fired) queue.push(item);
    run();
  };

  return {
    name: "telegram",
    async deliver(fired) {
      hand(fired);
    },
    async sweep(tick: AlarmSweep) {
      // while the worker sends, what it holds comes first; the sweep of a later tick takes what is left then
      if (stopping || working) return;
      const rows = await unsent(db, tick.at);
      if (rows.length === 0) return;
      logger.info({ alarms: rows.length }, "fired alarms not sent to Telegram yet: sending them");
      hand(tick.firedOf(rows));
    },
    async idle() {
      while (working) await working;
    },
    async stop() {
      stopping = true;
      while (working) await working;
    },
  };
}
