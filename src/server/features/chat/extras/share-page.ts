import { escapeHtml } from "../../../escape-html.ts";
import { shareSummary } from "./shares.ts";

/** What a link preview (Telegram, X, Facebook, WeChat, Slack, ...) shows for a shared chat. */
export interface SharePageMeta {
  /** the share's summary: the first question, at most 140 characters */
  summary: string;
  /** the public page's absolute address */
  url: string;
}

const SITE_NAME = "MountainLion";
const TITLE_MAX = 70;

/** Link-preview tags the page may already carry (site-wide defaults), replaced by the share's own. */
const PREVIEW_TAG = /<meta\s+(?:property|name)="(?:og:[a-z_:]+|twitter:[a-z_:]+|description)"[^>]*>\s*/gi;

/**
 * The web app's index.html for a shared chat's public page, with Open Graph and Twitter card tags in its head so
 * link previews show the question. Every value is HTML-escaped: the summary is the user's text.
 */
export function withShareMeta(indexHtml: string, meta: SharePageMeta): string {
  const title = shareSummary(meta.summary, TITLE_MAX) || "Shared chat";
  const description = meta.summary || title;
  const tags = [
    ["property", "og:type", "article"],
    ["property", "og:site_name", SITE_NAME],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", meta.url],
    ["name", "twitter:card", "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "description", description],
  ]
    .map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content ?? "")}">`)
    .join("");
  const cleaned = indexHtml.replace(PREVIEW_TAG, "");
  const titled = /<title>[^<]*<\/title>/i.test(cleaned)
    ? cleaned.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>`)
    : cleaned;
  // a function, not a string: "$&" in the user's text must not act as a replacement pattern
  return titled.replace("</head>", () => `${tags}</head>`);
}
