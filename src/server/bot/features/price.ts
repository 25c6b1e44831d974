import { Composer, GrammyError, InputFile } from "grammy";
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { escapeHtml } from "../../escape-html.ts";
import type { ListedCoin, MarketView } from "../../features/market/market-view.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { priceChartPng } from "../cards/chart-png.ts";
import { appAddressHtml, type BotLinks, type ButtonPlace, placeOf } from "../cards/links.ts";
import { loadPriceCard, type PriceCardData, type PriceMarket, priceCardHtml } from "../cards/price-card.ts";
import { lookUpCoin } from "../cards/symbols.ts";
import { safeError } from "../runtime/safe-error.ts";
import { openInApp } from "../welcome-texts.ts";

/**
 * /price <coin>: the coin's price card as a photo (a mini chart drawn on the server) with its figures, source and
 * time in the caption, an "Open in app" button to the coin's page and a Refresh button. /price alone asks which
 * coin (with the top coins as buttons); a coin the market does not have is answered with what was asked (escaped)
 * and the closest matches the market's search finds, as buttons.
 */

export interface PriceFeatureDeps {
  market: PriceMarket;
  links: BotLinks;
  logger: Logger;
}

export const priceTexts = {
  which: /*i18n*/ {
    id: "Which coin? Send /price with a symbol, for example /price BTC.",
    message: "Which coin? Send /price with a symbol, for example /price BTC.",
  },
  unknown: /*i18n*/ {
    id: "No coin “{asked}” in the market data.",
    message: "No coin “{asked}” in the market data.",
    comment: "asked: what the user typed after /price",
  },
  closest: /*i18n*/ { id: "Closest matches: {list}", message: "Closest matches: {list}" },
  trySymbol: /*i18n*/ {
    id: "Try a symbol such as BTC or ETH.",
    message: "Try a symbol such as BTC or ETH.",
  },
  unavailable: /*i18n*/ {
    id: "Market data is not available right now. Please try again in a minute.",
    message: "Market data is not available right now. Please try again in a minute.",
  },
  refresh: /*i18n*/ { id: "Refresh", message: "Refresh" },
} satisfies Record<string, BotMessage>;

/** How many coins /price alone offers as buttons. */
const TOP_COINS = 4;

/** Callback data of the price card's buttons (at most 64 bytes; symbols are at most 20 characters). */
export const priceCallback = {
  /** redraws the card in place */
  refresh: (symbol: string) => `px:r:${symbol}`,
  /** sends the coin's card (a suggestion or top-coin button) */
  show: (symbol: string) => `px:s:${symbol}`,
  pattern: /^px:([rs]):([A-Z0-9]{1,20})$/,
};

/** The coin's page in the app: the start parameter the app reads as /tokensData/<symbol>. */
export const coinStartParam = (symbol: string) => `coin_${symbol}`;

export function priceKeyboard(ctx: BotContext, links: BotLinks, symbol: string, place: ButtonPlace) {
  const open = links.appButton(ctx.t(openInApp), place, ctx.me.username, coinStartParam(symbol));
  const refresh: InlineKeyboardButton = {
    text: `🔄 ${ctx.t(priceTexts.refresh)}`,
    callback_data: priceCallback.refresh(symbol),
  };
  return { inline_keyboard: [open ? [open, refresh] : [refresh]] } satisfies InlineKeyboardMarkup;
}

/** The card with the app's address under it where the address cannot be a button (a loopback mini app). */
export function withAppAddress(ctx: BotContext, links: BotLinks, symbol: string, place: ButtonPlace, html: string) {
  const open = links.appButton(ctx.t(openInApp), place, ctx.me.username, coinStartParam(symbol));
  return open ? html : `${html}\n\n${appAddressHtml(links, ctx.t, coinStartParam(symbol))}`;
}

/** Buttons that send the card of each coin, two a row. */
function coinButtons(symbols: readonly string[]): InlineKeyboardMarkup {
  const buttons: InlineKeyboardButton[] = symbols.map((symbol) => ({
    text: symbol,
    callback_data: priceCallback.show(symbol),
  }));
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < buttons.length; i += 2) rows.push(buttons.slice(i, i + 2));
  return { inline_keyboard: rows };
}

/** The market view, or undefined (logged) while the market has no data yet. */
export function viewOf(market: PriceMarket, logger: Logger): MarketView | undefined {
  try {
    return market.view();
  } catch (error) {
    logger.warn({ err: error }, "bot: market data not available");
    return undefined;
  }
}

/** The card's photo, or undefined when the data has too few candles for a chart. */
export function cardPhoto(card: PriceCardData): InputFile | undefined {
  const png = card.chart ? priceChartPng(card.chart.closes) : undefined;
  return png ? new InputFile(png, `${card.listed.coin.coinAbbr}.png`) : undefined;
}

/**
 * Sends the coin's card to the chat of the update: a photo with the card as caption, or, when there is no chart or
 * Telegram refuses the photo, the card as text with a sparkline of the same closes.
 */
export async function sendPriceCard(ctx: BotContext, deps: PriceFeatureDeps, listed: ListedCoin): Promise<void> {
  let card: PriceCardData;
  try {
    card = await loadPriceCard(deps.market, listed);
  } catch (error) {
    deps.logger.warn(
      { err: safeError(error, ctx.api.token), symbol: listed.coin.coinAbbr },
      "bot: price card not built",
    );
    await ctx.reply(escapeHtml(ctx.t(priceTexts.unavailable)), { parse_mode: "HTML" });
    return;
  }
  const symbol = listed.coin.coinAbbr;
  const place = placeOf(ctx.chat?.type);
  const reply_markup = priceKeyboard(ctx, deps.links, symbol, place);
  const photo = cardPhoto(card);
  if (photo) {
    const caption = withAppAddress(
      ctx,
      deps.links,
      symbol,
      place,
      priceCardHtml(card, { language: ctx.lang, t: ctx.t }),
    );
    try {
      await ctx.replyWithPhoto(photo, { caption, parse_mode: "HTML", reply_markup });
      return;
    } catch (error) {
      // a photo Telegram will not take (400): the text card below still gives the figures
      if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
      deps.logger.warn(
        { err: safeError(error, ctx.api.token), symbol },
        "bot: price chart refused; the card goes as text",
      );
    }
  }
  const text = withAppAddress(
    ctx,
    deps.links,
    symbol,
    place,
    priceCardHtml(card, { language: ctx.lang, t: ctx.t, sparkline: true }),
  );
  await ctx.reply(text, { parse_mode: "HTML", reply_markup, link_preview_options: { is_disabled: true } });
}

/** What /price answers for the text after the command. */
export async function answerPriceQuery(ctx: BotContext, deps: PriceFeatureDeps, typed: string): Promise<void> {
  const view = viewOf(deps.market, deps.logger);
  if (!view) {
    await ctx.reply(escapeHtml(ctx.t(priceTexts.unavailable)), { parse_mode: "HTML" });
    return;
  }
  const found = lookUpCoin(view, typed);
  if (found.kind === "found") return sendPriceCard(ctx, deps, found.listed);
  if (found.kind === "empty") {
    const top = view.listed.slice(0, TOP_COINS).map((l) => l.coin.coinAbbr);
    await ctx.reply(escapeHtml(ctx.t(priceTexts.which)), { parse_mode: "HTML", reply_markup: coinButtons(top) });
    return;
  }
  const symbols = found.suggestions.map((coin) => coin.coinAbbr);
  const lines = [escapeHtml(ctx.t(priceTexts.unknown, { asked: found.asked }))];
  lines.push(
    escapeHtml(
      symbols.length > 0 ? ctx.t(priceTexts.closest, { list: symbols.join(", ") }) : ctx.t(priceTexts.trySymbol),
    ),
  );
  await ctx.reply(lines.join("\n"), {
    parse_mode: "HTML",
    ...(symbols.length > 0 ? { reply_markup: coinButtons(symbols) } : {}),
  });
}

export function createPriceFeature(deps: PriceFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("price", (ctx) => answerPriceQuery(ctx, deps, typeof ctx.match === "string" ? ctx.match : ""));
  return composer;
}
