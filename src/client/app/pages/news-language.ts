import type { NewsLanguage } from "../../features/news/api/get-news-list.ts";

/** The API's language code for the app's locale (zh → cn). */
export function newsLanguage(locale: string): NewsLanguage {
  return locale === "zh" ? "cn" : "en";
}
