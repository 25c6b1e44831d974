import { Composer } from "grammy";
import type { NewsItemData } from "../../../contract/news.ts";
import { escapeHtml } from "../../escape-html.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotMessage } from "../bot-context.ts";
import { appAddressHtml, type BotLinks, placeOf } from "../cards/links.ts";
import { NEWS_COUNT, newsListHtml } from "../cards/news-list.ts";
import { safeError } from "../runtime/safe-error.ts";
import { openInApp } from "../welcome-texts.ts";

/**
 * /news: the latest five headlines in the reader's language where the source has some (the news service answers
 * every item for a language it has none in, and the message then says they are English), each linked (to the article,
 * or to its page in the app where the item has no article link), with its outlet and time, and an "Open in app"
 * button.
 */

/** What /news reads: NewsService fits as it is. */
export interface BotNews {
  realTime(query: {
    language: "en" | "cn";
    type: "news";
    pageSize: number;
  }): Promise<{ list: NewsItemData[]; mode: "archive" | "live" }>;
}

export interface NewsFeatureDeps {
  news: BotNews;
  links: BotLinks;
  logger: Logger;
}

const texts = {
  unavailable: /*i18n*/ {
    id: "News is not available right now. Please try again in a minute.",
    message: "News is not available right now. Please try again in a minute.",
  },
} satisfies Record<string, BotMessage>;

/** The app's news page: the app has no start parameter for it, so the button opens the app's home. */
const NEWS_START_PARAM = undefined;

export function createNewsFeature(deps: NewsFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("news", async (ctx) => {
    let page: { list: NewsItemData[]; mode: "archive" | "live" };
    try {
      page = await deps.news.realTime({
        language: ctx.lang === "zh" ? "cn" : "en",
        type: "news",
        pageSize: NEWS_COUNT,
      });
    } catch (error) {
      deps.logger.warn({ err: safeError(error, ctx.api.token) }, "bot: news not available");
      await ctx.reply(escapeHtml(ctx.t(texts.unavailable)), { parse_mode: "HTML" });
      return;
    }
    const list = newsListHtml(page.list, {
      mode: page.mode,
      language: ctx.lang,
      t: ctx.t,
      itemPage: (code) => deps.links.pageUrl(`/messageDetail/${encodeURIComponent(code)}`),
    });
    const button = deps.links.appButton(ctx.t(openInApp), placeOf(ctx.chat.type), ctx.me.username, NEWS_START_PARAM);
    const text = button ? list : `${list}\n\n${appAddressHtml(deps.links, ctx.t, NEWS_START_PARAM)}`;
    await ctx.reply(text, {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      ...(button ? { reply_markup: { inline_keyboard: [[button]] } } : {}),
    });
  });
  return composer;
}
