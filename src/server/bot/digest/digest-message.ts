import type { InlineKeyboardMarkup } from "grammy/types";
import type { FearGreedClass } from "../../../contract/fear-greed.ts";
import { sentimentDataSchema } from "../../../contract/market.ts";
import { escapeHtml } from "../../escape-html.ts";
import { formatDate, formatPercent, formatTime } from "../../features/chat/mountainlion/format.ts";
import type { MarketService } from "../../features/market/market.service.ts";
import { FEAR_GREED_METHOD } from "../../features/market/sentiment.ts";
import type { NewsService } from "../../features/news/news.service.ts";
import type { BotLanguage, BotMessage } from "../bot-context.ts";
import { displayPrice } from "../cards/price-format.ts";
import type { BotTranslator } from "../i18n.ts";
import { openInApp } from "../welcome-texts.ts";

/** How many coins each side of the movers lists, and how many headlines. */
export const DIGEST_MOVERS = 3;
export const DIGEST_HEADLINES = 3;

export interface Mover {
  symbol: string;
  /** percent over 24 h */
  change: number;
  price: number;
}

/** Every figure of one digest, each with its source and time. */
export interface DigestFigures {
  movers: {
    up: Mover[];
    down: Mover[];
    /** "Binance (replay)", "Binance" */
    provider: string;
    /** market time of the prices, ISO */
    at: string;
  };
  sentiment:
    | {
        value: number;
        classification: FearGreedClass;
        /** the index's own name when it is a public one; undefined: computed from this app's market data */
        index: string | undefined;
        /** the market data the computed index is made from */
        provider: string;
        /** the day the value is for, ISO */
        at: string;
      }
    | undefined;
  headlines: { title: string; url: string | null; source: string; at: string }[];
}

/**
 * The figures of the digest, from the same services the app reads: the 3 biggest 24 h risers and fallers of the
 * market, the fear-and-greed value the app's gauge shows, and the latest 3 headlines in the reader's language.
 * Throws when the market has not been read yet.
 */
export async function gatherDigestFigures(
  deps: { market: Pick<MarketService, "view" | "hot">; news: Pick<NewsService, "realTime"> },
  language: BotLanguage,
): Promise<DigestFigures> {
  const view = deps.market.view();
  const moving = view.listed.flatMap((l) =>
    l.ticker.change24h === null
      ? []
      : [{ symbol: l.coin.coinAbbr, change: l.ticker.change24h, price: l.coin.lastPrice }],
  );
  const up = moving
    .filter((m) => m.change > 0)
    .sort((a, b) => b.change - a.change)
    .slice(0, DIGEST_MOVERS);
  const down = moving
    .filter((m) => m.change < 0)
    .sort((a, b) => a.change - b.change)
    .slice(0, DIGEST_MOVERS);

  const sentimentBody = sentimentDataSchema.safeParse(
    (JSON.parse(deps.market.hot().sentiment) as { data?: unknown }).data,
  );
  const latest = sentimentBody.success ? sentimentBody.data.Fear_and_Greed_Index.data[0] : undefined;
  const method = sentimentBody.success ? sentimentBody.data.Fear_and_Greed_Index.method : "";
  const news = await deps.news.realTime({
    language: language === "zh" ? "cn" : "en",
    type: "news",
    pageSize: DIGEST_HEADLINES,
  });

  return {
    movers: { up, down, provider: view.source.provider, at: view.source.at },
    sentiment: latest && {
      value: latest.value,
      classification: latest.value_classification,
      // a public index's method starts with its name; the computed one (also standing in for a silent public one)
      // with the method's own text
      index: method.startsWith(FEAR_GREED_METHOD) ? undefined : method.split(":")[0],
      provider: view.source.provider,
      at: latest.timestamp,
    },
    headlines: news.list.slice(0, DIGEST_HEADLINES).map((item) => ({
      title: item.title,
      url: item.url,
      source: item.source,
      at: item.createTime,
    })),
  };
}

const m = {
  title: /*i18n*/ { id: "Daily market digest · {date}", message: "Daily market digest · {date}" },
  movers: /*i18n*/ { id: "Top movers, 24 h", message: "Top movers, 24 h" },
  noMovers: /*i18n*/ { id: "No coin moved enough to list.", message: "No coin moved enough to list." },
  marketSource: /*i18n*/ {
    id: "Source: {provider}, market time {time}",
    message: "Source: {provider}, market time {time}",
  },
  sentiment: /*i18n*/ { id: "Sentiment", message: "Sentiment" },
  fearGreed: /*i18n*/ { id: "Fear and greed: {value} ({band})", message: "Fear and greed: {value} ({band})" },
  computedIndex: /*i18n*/ {
    id: "Source: index computed by MountainLion from {provider} data, day of {time}",
    message: "Source: index computed by MountainLion from {provider} data, day of {time}",
  },
  publicIndex: /*i18n*/ { id: "Source: {index}, day of {time}", message: "Source: {index}, day of {time}" },
  noSentiment: /*i18n*/ { id: "The index is not available yet.", message: "The index is not available yet." },
  headlines: /*i18n*/ { id: "Headlines", message: "Headlines" },
  headlineSource: /*i18n*/ { id: "{source}, {time}", message: "{source}, {time}" },
  noHeadlines: /*i18n*/ { id: "No headlines yet.", message: "No headlines yet." },
  footer: /*i18n*/ {
    id: "You get this every day at {hour}:00 UTC. /unsubscribe stops it.",
    message: "You get this every day at {hour}:00 UTC. /unsubscribe stops it.",
  },
} satisfies Record<string, BotMessage>;

const bands: Record<FearGreedClass, BotMessage> = {
  "Extreme Fear": /*i18n*/ { id: "Extreme fear", message: "Extreme fear" },
  Fear: /*i18n*/ { id: "Fear", message: "Fear" },
  Neutral: /*i18n*/ { id: "Neutral", message: "Neutral" },
  Greed: /*i18n*/ { id: "Greed", message: "Greed" },
  "Extreme Greed": /*i18n*/ { id: "Extreme greed", message: "Extreme greed" },
};

const utcTime = formatTime;
const utcDate = formatDate;

/** Figures as MountainLion writes them in its answers (one formatter for the server): "$64,210.50", "+4.11%". */
const price = (value: number) => `$${displayPrice(value)}`;
const change = (value: number) => formatPercent(value, "en");

export interface DigestMessage {
  text: string;
  parse_mode: "HTML";
  reply_markup: InlineKeyboardMarkup;
  link_preview_options: { is_disabled: true };
}

/**
 * One digest as a Telegram message (HTML): movers, sentiment and headlines, every figure with its source and
 * time, and one button opening the mini app. `hour` is the chat's own hour, said in the footer.
 */
export function renderDigest(
  figures: DigestFigures,
  options: { language: BotLanguage; translator: BotTranslator; miniAppUrl: string; now: Date },
): Omit<DigestMessage, "text"> & { text: (hour: number) => string } {
  const t = (message: BotMessage, values?: Record<string, string | number>) =>
    escapeHtml(options.translator.translate(options.language, message, values));
  const lines: string[] = [`<b>${t(m.title, { date: utcDate(options.now.toISOString()) })}</b>`, ""];

  lines.push(`<b>${t(m.movers)}</b>`);
  const { up, down } = figures.movers;
  if (up.length === 0 && down.length === 0) lines.push(t(m.noMovers));
  for (const mover of up) lines.push(`▲ ${escapeHtml(mover.symbol)} ${change(mover.change)} · ${price(mover.price)}`);
  for (const mover of down) {
    lines.push(`▼ ${escapeHtml(mover.symbol)} ${change(mover.change)} · ${price(mover.price)}`);
  }
  lines.push(
    `<i>${t(m.marketSource, { provider: figures.movers.provider, time: utcTime(figures.movers.at) })}</i>`,
    "",
  );

  lines.push(`<b>${t(m.sentiment)}</b>`);
  const sentiment = figures.sentiment;
  if (sentiment) {
    lines.push(
      t(m.fearGreed, {
        value: sentiment.value,
        band: options.translator.translate(options.language, bands[sentiment.classification]),
      }),
    );
    const source = sentiment.index
      ? t(m.publicIndex, { index: sentiment.index, time: utcDate(sentiment.at) })
      : t(m.computedIndex, { provider: sentiment.provider, time: utcDate(sentiment.at) });
    lines.push(`<i>${source}</i>`);
  } else {
    lines.push(t(m.noSentiment));
  }
  lines.push("");

  lines.push(`<b>${t(m.headlines)}</b>`);
  if (figures.headlines.length === 0) lines.push(t(m.noHeadlines));
  for (const headline of figures.headlines) {
    const title = escapeHtml(headline.title);
    lines.push(
      headline.url && /^https?:\/\//.test(headline.url)
        ? `• <a href="${escapeHtml(headline.url)}">${title}</a>`
        : `• ${title}`,
    );
    lines.push(`  <i>${t(m.headlineSource, { source: headline.source, time: utcTime(headline.at) })}</i>`);
  }
  const body = lines.join("\n");
  return {
    text: (hour) => `${body}\n\n${t(m.footer, { hour: String(hour).padStart(2, "0") })}`,
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: {
      inline_keyboard: [
        [{ text: options.translator.translate(options.language, openInApp), web_app: { url: options.miniAppUrl } }],
      ],
    },
  };
}
