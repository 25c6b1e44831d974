import type { NewsItemData } from "../../../contract/news.ts";
import { escapeHtml } from "../../escape-html.ts";
import { formatTime } from "../../features/chat/mountainlion/format.ts";
import type { BotLanguage, BotMessage } from "../bot-context.ts";
import type { Translate } from "./price-card.ts";
import { cutChars } from "./symbols.ts";

/**
 * The latest headlines as one Telegram HTML message: each headline linked to its article (http(s) links only), or to
 * its page in the app (/messageDetail/<code>) where the item has no article link (the shipped archive keeps none),
 * with its outlet and publication time; the shipped archive says it is one. Titles, outlets and links come from feeds:
 * every one is escaped.
 */

export const NEWS_COUNT = 5;
const TITLE_MAX = 200;

const texts = {
  heading: /*i18n*/ { id: "Latest crypto headlines", message: "Latest crypto headlines" },
  archive: /*i18n*/ {
    id: "From the app's archive of real headlines, with their publication times",
    message: "From the app's archive of real headlines, with their publication times",
    comment: "the shipped news sample: real headlines with their real dates, not today's news",
  },
  live: /*i18n*/ { id: "From the news feeds, newest first", message: "From the news feeds, newest first" },
  english: /*i18n*/ {
    id: "No headlines in Chinese from these sources: shown in English.",
    message: "No headlines in Chinese from these sources: shown in English.",
    comment: "shown to a Chinese reader when every headline is English",
  },
  none: /*i18n*/ { id: "No headlines right now.", message: "No headlines right now." },
} satisfies Record<string, BotMessage>;

const HAN = /\p{Script=Han}/u;

const isHttpUrl = (url: string | null): url is string => {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
};

export function newsListHtml(
  items: readonly NewsItemData[],
  options: {
    mode: "archive" | "live";
    language: BotLanguage;
    t: Translate;
    /** the address of an item's page in the app, for items without an article link */
    itemPage?: (code: string) => string;
  },
): string {
  const { t } = options;
  const shown = items.slice(0, NEWS_COUNT);
  const lines = [`<b>${escapeHtml(t(texts.heading))}</b>`];
  lines.push(`<i>${escapeHtml(t(options.mode === "archive" ? texts.archive : texts.live))}</i>`);
  if (shown.length === 0) return [...lines, "", escapeHtml(t(texts.none))].join("\n");
  if (options.language === "zh" && !shown.some((item) => HAN.test(item.title))) {
    lines.push(escapeHtml(t(texts.english)));
  }
  shown.forEach((item, index) => {
    const title = escapeHtml(cutChars(item.title.replace(/\s+/g, " ").trim(), TITLE_MAX));
    const href = isHttpUrl(item.url) ? item.url : options.itemPage?.(item.code);
    const linked = href ? `<a href="${escapeHtml(href)}">${title}</a>` : title;
    lines.push(
      "",
      `${index + 1}. ${linked}`,
      `${escapeHtml(item.source)} · ${escapeHtml(formatTime(item.createTime))}`,
    );
  });
  return lines.join("\n");
}
