import { Composer, GrammyError } from "grammy";
import type { InlineKeyboardButton, User } from "grammy/types";
import { type AddAlarmBody, type AlarmListData, alarmLimitTexts, type PriceAlarm } from "../../../contract/alarms.ts";
import { ApiError } from "../../api-error.ts";
import { escapeHtml } from "../../escape-html.ts";
import type { AlarmService } from "../../features/alarms/alarm-ports.ts";
import type { Logger } from "../../logger.ts";
import { type AlarmTarget, parseAlarmCommand } from "../alerts/alarm-command.ts";
import { alarmButtons, alarmCallback, alarmListHtml, alarmShortName, pairOf, utcTime } from "../alerts/alarm-lines.ts";
import { alarmErrorTexts, alarmTexts, isAlarmErrorKey } from "../alerts/alarm-texts.ts";
import type { BotContext } from "../bot-context.ts";
import { openAppAt } from "../cards/links.ts";
import type { PriceMarket } from "../cards/price-card.ts";
import { displayPrice } from "../cards/price-format.ts";
import { lookUpCoin, normaliseSymbol } from "../cards/symbols.ts";
import { miniAppButton, miniAppLink } from "../runtime/mini-app.ts";
import { safeError } from "../runtime/safe-error.ts";
import { openInApp } from "../welcome-texts.ts";
import { coinStartParam, viewOf } from "./price.ts";

/**
 * /alerts: the price alarms of the account linked to the Telegram user (the mini app's Telegram sign-in makes it),
 * through the same alarm service as the app. `/alerts` lists them (armed, then fired) with a button to delete each
 * and to re-arm each fired one the service would take now (a percent alarm, or a price alarm whose price is back
 * on the side it watches from); `/alerts ETH below 3000`, `/alerts SOL -5%` sets one (alarm-command.ts). The
 * service's refusals are answered with the app's words for them. A user without an account is told to open the app
 * once; in groups the bot asks for a private chat, since alarms are personal. Each button names only an alarm id,
 * which the service looks up within the presser's own account.
 */

export interface AlertsFeatureDeps {
  alarms: Pick<AlarmService, "list" | "add" | "remove" | "rearm">;
  /** the id of the account linked to a Telegram user, when there is one */
  accountOf(from: User): Promise<number | undefined>;
  /** reads "bitcoin", "$eth" or "BTCUSDT" as the market's symbol */
  market: PriceMarket;
  miniAppUrl: string;
  logger: Logger;
}

const COIN_SYMBOL = /^[A-Z0-9]{1,20}$/;

/** The market's symbol of what the user typed; without market data, the symbol as typed (the service checks it). */
function coinAbbrOf(deps: AlertsFeatureDeps, typed: string): string | undefined {
  const view = viewOf(deps.market, deps.logger);
  if (view) {
    const found = lookUpCoin(view, typed);
    if (found.kind === "found") return found.listed.coin.coinAbbr;
  }
  const symbol = normaliseSymbol(typed);
  return COIN_SYMBOL.test(symbol) ? symbol : undefined;
}

function bodyOf(coinAbbr: string, target: AlarmTarget): AddAlarmBody {
  return target.kind === "percent"
    ? { coinAbbr, kind: "percent", percent: target.percent }
    : { coinAbbr, kind: "price", price: target.price, ...(target.direction ? { direction: target.direction } : {}) };
}

/** A message with the app's button under it, or the app's address where Telegram takes no button (loopback). */
function withApp(
  ctx: BotContext,
  miniAppUrl: string,
  html: string,
  rows: InlineKeyboardButton[][],
  startParam?: string,
) {
  const button = miniAppButton(ctx.chat?.type, miniAppUrl, ctx.t(openInApp), startParam);
  const text = button
    ? html
    : `${html}\n\n${escapeHtml(ctx.t(openAppAt, { url: miniAppLink(miniAppUrl, startParam) }))}`;
  const keyboard = button ? [...rows, [button]] : rows;
  return {
    text,
    other: {
      parse_mode: "HTML" as const,
      link_preview_options: { is_disabled: true },
      ...(keyboard.length > 0 ? { reply_markup: { inline_keyboard: keyboard } } : {}),
    },
  };
}

/** The words for a refusal of the alarm service, or undefined for a failure that is not the user's. */
function refusalOf(ctx: BotContext, error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (isAlarmErrorKey(error.key)) return ctx.t(alarmErrorTexts[error.key], alarmLimitTexts);
  if (error.key === "invalidValue" || error.key === "required") return ctx.t(alarmTexts.notUnderstood);
  return undefined;
}

function listMessage(ctx: BotContext, deps: AlertsFeatureDeps, data: AlarmListData) {
  const view = viewOf(deps.market, deps.logger);
  const priceNow = (coinAbbr: string) => view?.byAbbr.get(coinAbbr)?.coin.lastPrice;
  return withApp(ctx, deps.miniAppUrl, alarmListHtml(data, ctx.t, ctx.lang), alarmButtons(data, ctx.t, priceNow));
}

/** "Alarm set: ETH/USDT below 3,000." with the price now, its source and time. */
function setMessage(ctx: BotContext, deps: AlertsFeatureDeps, alarm: PriceAlarm) {
  const view = viewOf(deps.market, deps.logger);
  const at = view ? Date.parse(view.source.at) : alarm.time;
  const head = ctx.t(alarm.direction === "above" ? alarmTexts.setAbove : alarmTexts.setBelow, {
    pair: pairOf(alarm, ctx.lang),
    target: displayPrice(alarm.price),
  });
  const now = ctx.t(alarmTexts.setNow, {
    coin: alarm.coinAbbr,
    price: displayPrice(alarm.basePrice),
    source: alarm.source,
    time: utcTime(Number.isFinite(at) ? at : alarm.time),
  });
  const rows: InlineKeyboardButton[][] = [
    [
      {
        text: `🗑 ${ctx.t(alarmTexts.deleteButton, { alarm: alarmShortName(alarm) })}`,
        callback_data: alarmCallback.remove(alarm.id),
      },
      { text: ctx.t(alarmTexts.allAlarms), callback_data: alarmCallback.list },
    ],
  ];
  return withApp(
    ctx,
    deps.miniAppUrl,
    `<b>${escapeHtml(head)}</b>\n${escapeHtml(now)}`,
    rows,
    coinStartParam(alarm.coinAbbr),
  );
}

async function answerCommand(ctx: BotContext, deps: AlertsFeatureDeps, from: User, typed: string): Promise<void> {
  const userId = await deps.accountOf(from);
  if (userId === undefined) {
    const reply = withApp(ctx, deps.miniAppUrl, escapeHtml(ctx.t(alarmTexts.unlinked)), []);
    await ctx.reply(reply.text, reply.other);
    return;
  }
  const command = parseAlarmCommand(typed);
  if (command.kind === "bad") {
    const text = `${escapeHtml(ctx.t(alarmTexts.notUnderstood))}\n${escapeHtml(ctx.t(alarmTexts.usage))}`;
    await ctx.reply(text, { parse_mode: "HTML" });
    return;
  }
  try {
    if (command.kind === "list") {
      const reply = listMessage(ctx, deps, await deps.alarms.list(userId));
      await ctx.reply(reply.text, reply.other);
      return;
    }
    const coinAbbr = coinAbbrOf(deps, command.coin);
    if (coinAbbr === undefined) {
      await ctx.reply(escapeHtml(ctx.t(alarmErrorTexts.alarmUnknownCoin)), { parse_mode: "HTML" });
      return;
    }
    const alarm = await deps.alarms.add(userId, bodyOf(coinAbbr, command.target));
    const reply = setMessage(ctx, deps, alarm);
    await ctx.reply(reply.text, reply.other);
  } catch (error) {
    const refusal = refusalOf(ctx, error);
    if (refusal === undefined) {
      deps.logger.warn({ err: safeError(error, ctx.api.token), userId }, "bot: price alarms not reached");
      await ctx.reply(escapeHtml(ctx.t(alarmTexts.failed)), { parse_mode: "HTML" });
      return;
    }
    await ctx.reply(escapeHtml(refusal), { parse_mode: "HTML" });
  }
}

/** Telegram's answer when an edit would leave the message as it is. */
const NOT_MODIFIED = /message is not modified/i;

async function answerQuery(ctx: BotContext, logger: Logger, text?: string, alert = false): Promise<void> {
  try {
    await ctx.answerCallbackQuery(text === undefined ? {} : { text, show_alert: alert });
  } catch (error) {
    logger.warn({ err: safeError(error, ctx.api.token) }, "bot: alarm button not answered");
  }
}

/** Redraws the message the button was on as the list now is; a message too old to edit gets the list anew. */
async function redrawList(ctx: BotContext, deps: AlertsFeatureDeps, userId: number): Promise<void> {
  const reply = listMessage(ctx, deps, await deps.alarms.list(userId));
  try {
    await ctx.editMessageText(reply.text, reply.other);
  } catch (error) {
    if (error instanceof GrammyError && NOT_MODIFIED.test(error.description)) return;
    if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
    await ctx.reply(reply.text, reply.other);
  }
}

/** Delete, re-arm or list: the alarm is looked up within the presser's own account, so another's id is not found. */
async function answerButton(
  ctx: BotContext,
  deps: AlertsFeatureDeps,
  from: User,
  match: RegExpMatchArray,
): Promise<void> {
  const [, action, id] = match;
  const userId = await deps.accountOf(from);
  if (userId === undefined) {
    await answerQuery(ctx, deps.logger, ctx.t(alarmTexts.unlinked), true);
    return;
  }
  let done: string | undefined;
  try {
    if (action === "d") {
      await deps.alarms.remove(userId, Number(id));
      done = ctx.t(alarmTexts.deleted);
    } else if (action === "r") {
      await deps.alarms.rearm(userId, Number(id));
      done = ctx.t(alarmTexts.rearmed);
    }
  } catch (error) {
    const refusal = refusalOf(ctx, error);
    if (refusal === undefined) {
      deps.logger.warn({ err: safeError(error, ctx.api.token), data: match[0] }, "bot: alarm button failed");
    }
    await answerQuery(ctx, deps.logger, refusal ?? ctx.t(alarmTexts.failed), true);
    return;
  }
  await answerQuery(ctx, deps.logger, done);
  try {
    await redrawList(ctx, deps, userId);
  } catch (error) {
    deps.logger.warn({ err: safeError(error, ctx.api.token), data: match[0] }, "bot: alarm list not redrawn");
  }
}

export function createAlertsFeature(deps: AlertsFeatureDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature
    .chatType(["group", "supergroup", "channel"])
    .command("alerts", (ctx) => ctx.reply(ctx.t(alarmTexts.privateOnly)));
  feature.chatType("private").command("alerts", (ctx) => answerCommand(ctx, deps, ctx.from, ctx.match));
  feature.callbackQuery(alarmCallback.pattern, async (ctx) => {
    const match = alarmCallback.pattern.exec(ctx.callbackQuery.data);
    if (match) await answerButton(ctx, deps, ctx.callbackQuery.from, match);
  });
  return feature;
}
