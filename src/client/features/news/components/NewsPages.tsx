import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { SWRInfiniteResponse } from "swr/infinite";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import type { NewsList } from "../api/get-news-list.ts";
import { NewsLink } from "./NewsLink.tsx";
import "./news.css";

/**
 * The headlines of a news feed paged by cursor: "Loading news…" until the first page, what `empty` says when there
 * is none, the list (left out while empty unless `listWhenEmpty`), the load error with Retry, and "Load more" while
 * the last page has a next one.
 */
export function NewsPages({
  pages,
  label,
  empty,
  listWhenEmpty = false,
}: {
  pages: SWRInfiniteResponse<NewsList, ApiError>;
  label: string;
  empty: ReactNode;
  listWhenEmpty?: boolean;
}) {
  const { t } = useLingui();
  const { data, error, size, setSize, isLoading, isValidating, mutate } = pages;
  const items = data?.flatMap((page) => page.list) ?? [];
  const last = data?.at(-1);
  const loadingMore = isValidating && data !== undefined && data.length < size;
  return (
    <>
      {isLoading && !data ? (
        <p className="loading-text">
          <Trans>Loading news…</Trans>
        </p>
      ) : null}
      {data && items.length === 0 ? <p role="status">{empty}</p> : null}
      {items.length > 0 || listWhenEmpty ? (
        <ol className="news-list" aria-label={label}>
          {items.map((item) => (
            <li key={item.code}>
              <NewsLink item={item} />
            </li>
          ))}
        </ol>
      ) : null}
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
    </>
  );
}
