import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { type NewsFeed, type NewsLanguage, useNewsList } from "../api/get-news-list.ts";
import { NewsPages } from "./NewsPages.tsx";
import "./news.css";

export const NEWS_SEARCH_DEBOUNCE_MS = 300;

/** A news feed with keyword search and cursor paging ("Load more"). */
export function NewsList({
  feed,
  language,
  initialKeyword = "",
}: {
  feed: NewsFeed;
  language: NewsLanguage;
  initialKeyword?: string;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const [text, setText] = useState(initialKeyword);
  const [keyword, setKeyword] = useState(initialKeyword.trim());
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), NEWS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const pages = useNewsList(feed, language, keyword);
  const archive = pages.data?.[0]?.mode === "archive";
  return (
    <div className="news-feed">
      <label className="coin-search__label" htmlFor={inputId}>
        <Trans>Search news</Trans>
      </label>
      <input
        id={inputId}
        type="search"
        className="coin-search__input"
        value={text}
        maxLength={60}
        onChange={(event) => setText(event.target.value)}
      />
      {archive ? (
        <p className="news-feed__note">
          <Trans>These are real headlines from a shipped archive, with their real dates.</Trans>
        </p>
      ) : null}
      <NewsPages
        pages={pages}
        label={t`News`}
        empty={keyword ? t`No news matches "${keyword}".` : t`No news yet.`}
        listWhenEmpty
      />
    </div>
  );
}
