import type { NewsItemData } from "../../../contract/news.ts";
import type { NewsItem } from "./news-provider.ts";

/** A provider's news item as the API sends it (the archive and the feeds carry no picture). */
export const newsItemData = (item: NewsItem): NewsItemData => ({
  code: item.id,
  title: item.title,
  content: item.content,
  url: item.url,
  createTime: item.publishedAt,
  source: item.source,
  article_pic_url: null,
  language: item.language === "zh" ? "cn" : "en",
  coins: [...item.coins],
});
