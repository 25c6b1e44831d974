import { z } from "zod";
import { apiLanguages } from "./auth.ts";

/** News (spec §3 news item, hot word; §7 news calls). */

export const newsItemSchema = z.object({
  code: z.string(),
  title: z.string(),
  /** the publisher's summary; null when the source gave none */
  content: z.string().nullable(),
  /** the article's address; null when the source gave no link */
  url: z.string().nullable(),
  /** the item's real publication time, ISO */
  createTime: z.string(),
  source: z.string(),
  article_pic_url: z.string().nullable(),
  /** the language the item is written in ("cn": Chinese), whatever language was asked for */
  language: z.enum(apiLanguages),
  /** the coins the item is about, as tickers ("BTC"); empty when nothing tagged it */
  coins: z.array(z.string()),
});
export type NewsItemData = z.infer<typeof newsItemSchema>;

export const newsTypes = ["news", "aiNews", "KOL", "hot"] as const;

export const newsListQuerySchema = z.object({
  language: z.enum(apiLanguages).default("en"),
  /** only items tagged with this coin (news/real/time and news/hot/list) */
  coinAbbr: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .max(20, { error: "invalidValue" })
    .regex(/^[A-Za-z0-9]+$/, { error: "invalidValue" })
    .transform((value) => value.toUpperCase())
    .optional(),
  type: z.enum(newsTypes).default("news"),
  keyword: z.string().trim().max(60).optional(),
  /** opaque cursor from the previous page */
  cursor: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const newsListDataSchema = z.object({
  list: z.array(newsItemSchema),
  next: z.string().nullable(),
  /** "archive" for the shipped headlines, "live" for feeds */
  mode: z.enum(["archive", "live"]),
});

export const newsDetailQuerySchema = z.object({ code: z.string().min(1).max(200) });

/**
 * news/daily/hot: the day's hot items in each language. Each item says its language: where the source has no
 * Chinese items, cn_news holds the English ones (marked "en"), nothing is machine-translated.
 */
export const dailyHotDataSchema = z.object({ cn_news: z.array(newsItemSchema), en_news: z.array(newsItemSchema) });

/** A ranked item of news/weekly/hot: its score and the hot terms and coins it shares with the week's other items. */
export const weeklyHotItemSchema = newsItemSchema.extend({
  score: z.number(),
  terms: z.array(z.string()),
});

/** news/weekly/hot: the week before the newest visible item, its items ranked by score (newsWeeklyHot says how). */
export const weeklyHotDataSchema = z.object({
  list: z.array(weeklyHotItemSchema),
  /** the week ranked, ISO; null when there is no news yet */
  from: z.string().nullable(),
  to: z.string().nullable(),
  mode: z.enum(["archive", "live"]),
});

export const hotWordSchema = z.object({
  text: z.string(),
  type: z.enum(["news", "question"]),
  /** what tapping it asks or searches */
  content: z.string(),
  weight: z.number(),
});
export const hotWordsDataSchema = z.object({
  list: z.array(hotWordSchema),
  /** the window the words come from, ISO; null when there is no news yet */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
