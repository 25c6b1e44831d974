import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { type NewsFeed, type NewsLanguage, useNewsList } from "../api/get-news-list.ts";
import { NewsLink } from "./NewsLink.tsx";
import "./news.css";
import { LoadError } from "../../../shared/ui/LoadError.tsx";

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
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useNewsList(feed, language, keyword);
  const items = data?.flatMap((page) => page.list) ?? [];
  const last = data?.at(-1);
  const loadingMore = isValidating && data !== undefined && data.length < size;
  const archive = data?.[0]?.mode === "archive";
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
      {isLoading && !data ? (
        <p className="loading-text">
          <Trans>Loading news…</Trans>
        </p>
      ) : null}
      {data && items.length === 0 ? (
        <p role="status">{keyword ? t`No news matches "${keyword}".` : t`No news yet.`}</p>
      ) : null}
      <ol className="news-list" aria-label={t`News`}>
        {items.map((item) => (
          <li key={item.code}>
            <NewsLink item={item} />
          </li>
        ))}
      </ol>
      {error ? (
        <LoadError onRetry={() => void mutate()}>
          <Trans>The news could not be loaded.</Trans>
        </LoadError>
      ) : null}
      {last?.next && !error ? (
        <button type="button" className="button" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t`Loading…` : t`Load more`}
        </button>
      ) : null}
    </div>
  );
}
