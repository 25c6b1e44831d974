import { Composer, GrammyError } from "grammy";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { placeOf } from "../cards/links.ts";
import { loadPriceCard, priceCardHtml } from "../cards/price-card.ts";
import { safeError } from "../runtime/safe-error.ts";
import {
  cardPhoto,
  type PriceFeatureDeps,
  priceCallback,
  priceKeyboard,
  priceTexts,
  sendPriceCard,
  viewOf,
  withAppAddress,
} from "./price.ts";

/**
 * The price card's buttons: Refresh redraws the card in place (the photo and its caption, or the text of a card
 * sent through inline mode), a coin button sends that coin's card. Every callback query is answered, whatever
 * happens: Telegram shows a spinner on the button until it is. Data the bot no longer knows (a coin gone from the
 * market, a message too old to edit) gets a short "This button has expired" alert.
 * Callback data no feature takes is answered by the bot's last handler (runtime/fallbacks.ts).
 */

export const callbackTexts = {
  expired: /*i18n*/ { id: "This button has expired", message: "This button has expired" },
  updated: /*i18n*/ { id: "Updated", message: "Updated" },
  failed: /*i18n*/ {
    id: "Could not update the card just now. Please try again.",
    message: "Could not update the card just now. Please try again.",
  },
  upToDate: /*i18n*/ { id: "Already up to date", message: "Already up to date" },
} satisfies Record<string, BotMessage>;

/** Telegram's answer when an edit would leave the message as it is. */
const NOT_MODIFIED = /message is not modified/i;

async function answer(ctx: BotContext, logger: Logger, text?: string, alert = false): Promise<void> {
  try {
    await ctx.answerCallbackQuery(text === undefined ? {} : { text, show_alert: alert });
  } catch (error) {
    // a query older than Telegram keeps (about a quarter of an hour) cannot be answered any more
    logger.warn({ err: safeError(error, ctx.api.token) }, "bot: callback query not answered");
  }
}

async function refreshCard(ctx: BotContext, deps: PriceFeatureDeps, symbol: string): Promise<string | undefined> {
  const { t } = ctx;
  const view = viewOf(deps.market, deps.logger);
  if (!view) return t(priceTexts.unavailable);
  const listed = view.byAbbr.get(symbol);
  if (!listed) return t(callbackTexts.expired);
  const card = await loadPriceCard(deps.market, listed);
  const message = ctx.callbackQuery?.message;
  const place = message ? placeOf(message.chat.type) : "inline";
  const reply_markup = priceKeyboard(ctx, deps.links, symbol, place);
  const photo = message && "photo" in message && message.photo ? cardPhoto(card) : undefined;
  try {
    if (photo) {
      const caption = withAppAddress(ctx, deps.links, symbol, place, priceCardHtml(card, { language: ctx.lang, t }));
      await ctx.editMessageMedia({ type: "photo", media: photo, caption, parse_mode: "HTML" }, { reply_markup });
    } else {
      const text = withAppAddress(
        ctx,
        deps.links,
        symbol,
        place,
        priceCardHtml(card, { language: ctx.lang, t, sparkline: true }),
      );
      await ctx.editMessageText(text, {
        parse_mode: "HTML",
        reply_markup,
        link_preview_options: { is_disabled: true },
      });
    }
  } catch (error) {
    if (error instanceof GrammyError && NOT_MODIFIED.test(error.description)) return t(callbackTexts.upToDate);
    throw error;
  }
  return t(callbackTexts.updated);
}

export function createCallbacksFeature(deps: PriceFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(priceCallback.pattern, async (ctx) => {
    const [, action, symbol = ""] = ctx.match;
    let reply: { text: string; alert: boolean } = { text: ctx.t(callbackTexts.expired), alert: true };
    let answered = false;
    try {
      if (action === "r") {
        const text = await refreshCard(ctx, deps, symbol);
        if (text !== undefined) reply = { text, alert: text === ctx.t(callbackTexts.expired) };
      } else {
        const view = viewOf(deps.market, deps.logger);
        const listed = view?.byAbbr.get(symbol);
        if (!view) reply = { text: ctx.t(priceTexts.unavailable), alert: true };
        else if (listed && ctx.chat) {
          // answered first: the card takes a moment, and the button should stop spinning at once
          await answer(ctx, deps.logger);
          answered = true;
          await sendPriceCard(ctx, deps, listed);
        }
      }
    } catch (error) {
      deps.logger.warn(
        { err: safeError(error, ctx.api.token), data: ctx.callbackQuery.data },
        "bot: price button failed",
      );
      reply = { text: ctx.t(callbackTexts.failed), alert: false };
    }
    if (!answered) await answer(ctx, deps.logger, reply.text, reply.alert);
  });
  return composer;
}
