import type { NewsItemData } from "../../../../contract/news.ts";

/** The API's language code for the app's locale (zh → cn). */
export function newsLanguage(locale: string): NewsItemData["language"] {
  return locale === "zh" ? "cn" : "en";
}

/** The lang attribute of an item's own text (its title, its summary): the language it is written in. */
export const itemLang = (item: Pick<NewsItemData, "language">) => (item.language === "cn" ? "zh" : "en");
