import { Composer } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import type { ChatMessage } from "../../../contract/chat.ts";
import { escapeHtml } from "../../escape-html.ts";
import { formatDate } from "../../features/chat/mountainlion/format.ts";
import type { ListedCoin } from "../../features/market/market-view.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { type BotLinks, isStartParam } from "../cards/links.ts";
import {
  coinTitle,
  loadPriceCard,
  type PriceMarket,
  priceCardHtml,
  priceSummary,
  sourceText,
} from "../cards/price-card.ts";
import { cutChars, lookUpCoin } from "../cards/symbols.ts";
import { shortAnswerHtml } from "../cards/telegram-html.ts";
import { safeError } from "../runtime/safe-error.ts";
import { openInApp } from "../welcome-texts.ts";
import type { InlineChoices } from "./inline-choices.ts";
import { priceKeyboard, viewOf, withAppAddress } from "./price.ts";

/**
 * Inline mode (`@bot BTC` in any chat): cards the user can send into the chat they are in.
 * - a coin (symbol, pair or name; the closest matches when it is not one): its price card with a text sparkline
 *   (an inline article carries no uploaded image), source and time, an "Open in app" url button (web_app buttons are
 *   not allowed in inline results: the bot's t.me deep link opens the mini app at the coin) and Refresh;
 * - an empty query: the top coins' cards;
 * - a share code (`share_<code>`, the code itself, or a link to /chatDetail/<code>): the shared chat's first
 *   question and a short form of its answer, with a button to the shared chat in the app.
 * The latest forecast card is not offered: the app has no forecasts yet (the forecasts port is still to come); it
 * belongs here once they exist.
 *
 * Results are the same for everyone (prices, public shares), so they are not personal; the cache time is short as
 * prices move. chosen_inline_result updates are recorded (inline-choices.ts) for share rewards.
 */

export interface SharedChatLookup {
  /** a share by code; undefined when there is none (SharesService fits as it is) */
  get(
    code: string,
  ): Promise<{ code: string; messages: ChatMessage[]; summary: string; create_time: string } | undefined>;
}

export interface InlineFeatureDeps {
  market: PriceMarket;
  shares: SharedChatLookup;
  choices: InlineChoices;
  links: BotLinks;
  logger: Logger;
}

/** Seconds Telegram may reuse an answer to the same query: prices move, so briefly. */
export const INLINE_CACHE_SECONDS = 10;
/** How many coins an empty or loose query shows. */
const INLINE_COINS = 5;
/** Share codes made by the app are 22 characters of base64url; links and `share_` may carry them. */
const SHARE_QUERY = /^(?:share_|.*\/chatDetail\/)?([A-Za-z0-9_-]{16,40})\/?(?:[?#].*)?$/;
const BARE_SHARE_CODE = /^[A-Za-z0-9_-]{22}$/;

const texts = {
  sharedChat: /*i18n*/ { id: "Shared chat", message: "Shared chat" },
  sharedOn: /*i18n*/ { id: "Shared on {date} · MountainLion", message: "Shared on {date} · MountainLion" },
  question: /*i18n*/ { id: "Question", message: "Question" },
  answer: /*i18n*/ { id: "Answer", message: "Answer" },
} satisfies Record<string, BotMessage>;

/** The share code a query names, if it names one: `share_<code>`, a /chatDetail/<code> link, or a bare code. */
export function shareCodeOf(query: string): string | undefined {
  const text = query.trim();
  const match = SHARE_QUERY.exec(text);
  if (!match?.[1]) return undefined;
  const named = text.startsWith("share_") || text.includes("/chatDetail/");
  return named || BARE_SHARE_CODE.test(text) ? match[1] : undefined;
}

async function coinResult(
  ctx: BotContext,
  deps: InlineFeatureDeps,
  listed: ListedCoin,
): Promise<InlineQueryResultArticle> {
  const card = await loadPriceCard(deps.market, listed);
  const symbol = listed.coin.coinAbbr;
  return {
    type: "article",
    id: `coin:${symbol}`,
    title: coinTitle(listed),
    description: `${priceSummary(listed, ctx.lang, ctx.t)}\n${sourceText(listed, card.source, ctx.t)}`,
    input_message_content: {
      message_text: withAppAddress(
        ctx,
        deps.links,
        symbol,
        "inline",
        priceCardHtml(card, { language: ctx.lang, t: ctx.t, sparkline: true }),
      ),
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    },
    reply_markup: priceKeyboard(ctx, deps.links, symbol, "inline"),
  };
}

async function shareResult(
  ctx: BotContext,
  deps: InlineFeatureDeps,
  code: string,
): Promise<InlineQueryResultArticle | undefined> {
  const share = await deps.shares.get(code);
  if (!share) return undefined;
  const question = share.messages.find((m) => m.role === "user")?.content ?? share.summary;
  const answer = share.messages.find((m) => m.role === "assistant")?.content ?? "";
  const lines = [
    `<b>${escapeHtml(ctx.t(texts.sharedChat))}</b>`,
    "",
    `<b>${escapeHtml(ctx.t(texts.question))}:</b> ${escapeHtml(cutChars(question.replace(/\s+/g, " ").trim(), 300))}`,
  ];
  if (answer) {
    lines.push(
      "",
      `<b>${escapeHtml(ctx.t(texts.answer))}:</b>`,
      shortAnswerHtml(answer, { maxLines: 6, maxChars: 600 }).html,
    );
  }
  lines.push("", `<i>${escapeHtml(ctx.t(texts.sharedOn, { date: formatDate(share.create_time) }))}</i>`);
  const startParam = `share_${share.code}`;
  const url = isStartParam(startParam)
    ? deps.links.deepLink(ctx.me.username, startParam)
    : deps.links.pageUrl(`/chatDetail/${share.code}`);
  return {
    type: "article",
    id: `share:${share.code}`,
    title: ctx.t(texts.sharedChat),
    description: share.summary,
    input_message_content: {
      message_text: lines.join("\n"),
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    },
    reply_markup: { inline_keyboard: [[{ text: ctx.t(openInApp), url }]] },
  };
}

/** The coins a query asks for: the one it names first, then the closest matches; the top coins for none. */
function coinsFor(view: ReturnType<PriceMarket["view"]>, query: string): ListedCoin[] {
  const found = lookUpCoin(view, query);
  if (found.kind === "empty") return view.listed.slice(0, INLINE_COINS);
  if (found.kind === "found") return [found.listed];
  return found.suggestions.flatMap((coin) => {
    const listed = view.byAbbr.get(coin.coinAbbr);
    return listed ? [listed] : [];
  });
}

export function createInlineFeature(deps: InlineFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.on("inline_query", async (ctx) => {
    const query = ctx.inlineQuery.query.trim();
    const results: InlineQueryResultArticle[] = [];
    try {
      const code = shareCodeOf(query);
      const shared = code ? await shareResult(ctx, deps, code) : undefined;
      if (shared) results.push(shared);
      const view = viewOf(deps.market, deps.logger);
      if (view && !shared) {
        for (const listed of coinsFor(view, query)) results.push(await coinResult(ctx, deps, listed));
      }
    } catch (error) {
      deps.logger.warn({ err: safeError(error, ctx.api.token) }, "bot: inline results not built");
    }
    // an empty answer is not cached: the market may have data a moment later
    await ctx.answerInlineQuery(results, {
      cache_time: results.length > 0 ? INLINE_CACHE_SECONDS : 0,
      is_personal: false,
    });
  });

  composer.on("chosen_inline_result", async (ctx) => {
    const { from, result_id, query } = ctx.chosenInlineResult;
    await deps.choices
      .record({ telegramUserId: from.id, resultId: result_id, query })
      .catch((error: unknown) =>
        deps.logger.error({ err: safeError(error, ctx.api.token) }, "bot: inline choice not recorded"),
      );
  });

  return composer;
}
