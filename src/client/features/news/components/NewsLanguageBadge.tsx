import { useLingui } from "@lingui/react/macro";
import type { NewsItemData } from "../../../../contract/news.ts";
import { newsLanguage } from "../api/news-language.ts";
import "./news.css";

/**
 * Says which language an item is written in when it is not the reader's: the archive has no Chinese items, so a
 * Chinese reader sees English ones, each marked "English" (nothing is machine-translated).
 */
export function NewsLanguageBadge({ item }: { item: Pick<NewsItemData, "language"> }) {
  const { t, i18n } = useLingui();
  if (item.language === newsLanguage(i18n.locale)) return null;
  return <span className="news-badge">{item.language === "en" ? t`English` : t`Chinese`}</span>;
}
