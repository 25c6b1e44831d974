import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { NewsItemData } from "../../../../contract/news.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import "./news.css";

/** One headline linking to its detail page, with its source and real publication date. */
export function NewsLink({ item }: { item: NewsItemData }) {
  const { i18n } = useLingui();
  return (
    <Link href={`/messageDetail/${encodeURIComponent(item.code)}`} className="news-link">
      <span className="news-link__title">{item.title}</span>
      <span className="news-link__meta">
        {item.source} ·{" "}
        <time dateTime={item.createTime}>{formatDate(item.createTime, i18n.locale, { withTime: true })}</time>
      </span>
    </Link>
  );
}
