import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useCoinNews } from "../api/get-coin-news.ts";
import { newsLanguage } from "../api/news-language.ts";
import { NewsLink } from "./NewsLink.tsx";
import "./news.css";

/**
 * A coin page's news: the items tagged with the coin, newest first, as far as market time has reached, five at a
 * time with "Load more". It says plainly when no item is tagged with the coin.
 */
export function CoinNews({ coinAbbr }: { coinAbbr: string }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useCoinNews(
    coinAbbr,
    newsLanguage(i18n.locale),
  );
  const items = data?.flatMap((page) => page.list) ?? [];
  const last = data?.at(-1);
  const loadingMore = isValidating && data !== undefined && data.length < size;
  return (
    <section className="news-card coin-news" aria-labelledby={titleId} aria-busy={isLoading || undefined}>
      <h2 id={titleId} className="news-card__title">
        {t`News about ${coinAbbr}`}
      </h2>
      {isLoading && !data ? (
        <p className="loading-text">
          <Trans>Loading news…</Trans>
        </p>
      ) : null}
      {data && items.length === 0 ? <p role="status">{t`No news mentions ${coinAbbr} yet.`}</p> : null}
      {items.length > 0 ? (
        <ol className="news-list" aria-label={t`News about ${coinAbbr}`}>
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
    </section>
  );
}
