import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { InlineKeyboardButton } from "grammy/types";
import type { Database } from "../../db/client.ts";
import { priceAlarms, telegramChats, users } from "../../db/schema.ts";
import { escapeHtml } from "../../escape-html.ts";
import type { AlarmChannel, FiredAlarm } from "../../features/alarms/alarm-ports.ts";
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
 * button to re-arm the alarm and one to open the coin in the app. Each alarm is claimed in price_alarms.bot_sent_at
 * before it is sent, so a second delivery of the same fired alarm (another node, a retried tick) sends nothing; a
 * send that failed for a reason that may pass gives the claim back. Nothing here throws: failures are logged.
 */

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
  const linked = await db
    .select({ userId: users.id, telegramId: users.telegramId })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNotNull(users.telegramId)));
  const chatOf = new Map<number, number>();
  for (const row of linked) {
    const chatId = Number(row.telegramId);
    if (Number.isSafeInteger(chatId) && chatId > 0) chatOf.set(row.userId, chatId);
  }
  if (chatOf.size === 0) return new Map();
  const chats = await db
    .select({
      chatId: telegramChats.chatId,
      language: telegramChats.language,
      languageCode: telegramChats.languageCode,
      active: telegramChats.active,
    })
    .from(telegramChats)
    .where(inArray(telegramChats.chatId, [...chatOf.values()]));
  const chatRows = new Map(chats.map((row) => [row.chatId, row]));
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
  lines.push(`<i>${escapeHtml(t(alarmTexts.firedHint))}</i>`);
  const startParam = coinStartParam(alarm.coinAbbr);
  const rearm: InlineKeyboardButton = {
    text: `🔁 ${t(alarmTexts.rearmButton, { alarm: alarmShortName(alarm) })}`,
    callback_data: alarmCallback.rearm(alarm.id),
  };
  const open = miniAppButton("private", miniAppUrl, t(openInApp), startParam);
  if (!open) lines.push("", escapeHtml(t(openAppAt, { url: miniAppLink(miniAppUrl, startParam) })));
  return {
    text: lines.join("\n"),
    parse_mode: "HTML",
    reply_markup: { inline_keyboard: open ? [[rearm], [open]] : [[rearm]] },
    link_preview_options: { is_disabled: true },
  };
}

export function createAlarmBotChannel(deps: AlarmBotChannelDeps): AlarmChannel {
  const { db, clock, pusher, logger } = deps;

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

  const deliverOne = async (fired: FiredAlarm, to: Recipient) => {
    if (!(await claim(fired))) return;
    const message = firedAlarmMessage(fired, to.language, deps.translator, deps.miniAppUrl);
    const outcome = await pusher.send(to.chatId, message);
    // a refusal stays claimed: the chat takes nothing now; any other failure may be tried by a later delivery
    if (outcome === "failed") await release(fired);
  };

  return {
    name: "telegram",
    async deliver(fired) {
      if (fired.length === 0) return;
      let recipients: Map<number, Recipient>;
      try {
        recipients = await recipientsOf(db, [...new Set(fired.map((f) => f.userId))]);
      } catch (error) {
        logger.warn({ err: error, alarms: fired.length }, "fired alarms not sent to Telegram: recipients not read");
        return;
      }
      for (const item of fired) {
        const to = recipients.get(item.userId);
        if (!to) continue;
        try {
          await deliverOne(item, to);
        } catch (error) {
          logger.warn({ err: error, alarmId: item.alarm.id }, "fired alarm not sent to Telegram");
        }
      }
    },
  };
}
