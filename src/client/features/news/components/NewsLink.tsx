import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { NewsItemData } from "../../../../contract/news.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { itemLang } from "../api/news-language.ts";
import { NewsLanguageBadge } from "./NewsLanguageBadge.tsx";
import "./news.css";

/** One headline linking to its detail page, with its source, real publication date and, if not the reader's, its language. */
export function NewsLink({ item }: { item: NewsItemData }) {
  const { i18n } = useLingui();
  return (
    <Link href={`/messageDetail/${encodeURIComponent(item.code)}`} className="news-link">
      <span className="news-link__title" lang={itemLang(item)}>
        {item.title}
      </span>
      <span className="news-link__meta">
        <NewsLanguageBadge item={item} />
        {item.source} ·{" "}
        <time dateTime={item.createTime}>{formatDate(item.createTime, i18n.locale, { withTime: true })}</time>
      </span>
    </Link>
  );
}
