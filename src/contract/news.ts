import { z } from "zod";
import { apiLanguages } from "./auth.ts";

/** News (spec §3 news item, hot word; §7 news calls). */

export const newsItemSchema = z.object({
  code: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  url: z.string().nullable(),
  /** the item's real publication time, ISO */
  createTime: z.string(),
  source: z.string(),
  article_pic_url: z.string().nullable(),
});
export type NewsItemData = z.infer<typeof newsItemSchema>;

export const newsTypes = ["news", "aiNews", "KOL", "hot"] as const;

export const newsListQuerySchema = z.object({
  language: z.enum(apiLanguages).default("en"),
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

/** news/daily/hot: the day's hot items in each language. */
export const dailyHotDataSchema = z.object({ cn_news: z.array(newsItemSchema), en_news: z.array(newsItemSchema) });

export const hotWordSchema = z.object({
  text: z.string(),
  type: z.enum(["news", "question"]),
  /** what tapping it asks or searches */
  content: z.string(),
  weight: z.number(),
});
export const hotWordsDataSchema = z.object({ list: z.array(hotWordSchema) });
