import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { useHotNews } from "../api/get-hot-news.ts";
import type { NewsLanguage } from "../api/get-news-list.ts";
import { itemLang } from "../api/news-language.ts";
import { NewsLanguageBadge } from "./NewsLanguageBadge.tsx";
import { NewsLink } from "./NewsLink.tsx";
import { sourceGradient } from "./news-tile-style.ts";
import "./news.css";
import { LoadError } from "../../../shared/ui/LoadError.tsx";

/** Spec §9: the hot-news tile shows the next of ranks 1-3 every 10 s. */
export const HOT_TILE_ROTATE_MS = 10_000;

/** Hot news: ranks 1-3 as a rotating picture tile (with rank buttons), then No.4 onward as a list. */
export function HotNews({ language }: { language: NewsLanguage }) {
  const { t } = useLingui();
  const { data, error, mutate } = useHotNews(language);
  const [shown, setShown] = useState(0);
  const [paused, setPaused] = useState(false);
  const items = data?.list ?? [];
  const top = items.slice(0, 3);
  const rest = items.slice(3);

  useEffect(() => {
    if (paused || top.length < 2) return;
    const timer = setInterval(() => setShown((index) => (index + 1) % top.length), HOT_TILE_ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, top.length]);

  const current = top[shown % Math.max(1, top.length)];
  return (
    <section className="news-card" aria-label={t`Hot news`} aria-busy={!data && !error ? true : undefined}>
      <h2 className="news-card__title">
        <Trans>Hot news</Trans>
        <Link href="/message/hot" className="news-card__more">
          <Trans>More</Trans>
        </Link>
      </h2>
      {error ? (
        <LoadError onRetry={() => void mutate()}>
          <Trans>The news could not be loaded.</Trans>
        </LoadError>
      ) : null}
      {current ? (
        <section
          className="hot-tile"
          aria-label={t`Top 3 hot news`}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <Link
            href={`/messageDetail/${encodeURIComponent(current.code)}`}
            className="hot-tile__link"
            style={{ backgroundImage: sourceGradient(current.source) }}
          >
            <span className="hot-tile__rank">{t`No.${shown + 1}`}</span>
            <span className="hot-tile__source">
              <NewsLanguageBadge item={current} />
              {current.source}
            </span>
            <span className="hot-tile__title" lang={itemLang(current)}>
              {current.title}
            </span>
          </Link>
          <div className="hot-tile__dots">
            {top.map((item, index) => (
              <button
                key={item.code}
                type="button"
                className="hot-tile__dot"
                aria-label={t`Show hot news No.${index + 1}`}
                aria-pressed={index === shown % top.length}
                onClick={() => setShown(index)}
              />
            ))}
          </div>
        </section>
      ) : null}
      {rest.length > 0 ? (
        <ol className="news-list news-list--ranked" start={4}>
          {rest.map((item, index) => (
            <li key={item.code}>
              <span className="news-list__rank" aria-hidden="true">
                {t`No.${index + 4}`}
              </span>
              <NewsLink item={item} />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
