import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useCoinNews } from "../api/get-coin-news.ts";
import { newsLanguage } from "../api/news-language.ts";
import { NewsPages } from "./NewsPages.tsx";
import "./news.css";

/**
 * A coin page's news: the items tagged with the coin, newest first, as far as market time has reached, five at a
 * time with "Load more". It says plainly when no item is tagged with the coin.
 */
export function CoinNews({ coinAbbr }: { coinAbbr: string }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const pages = useCoinNews(coinAbbr, newsLanguage(i18n.locale));
  return (
    <section className="news-card coin-news" aria-labelledby={titleId} aria-busy={pages.isLoading || undefined}>
      <h2 id={titleId} className="news-card__title">
        {t`News about ${coinAbbr}`}
      </h2>
      <NewsPages pages={pages} label={t`News about ${coinAbbr}`} empty={t`No news mentions ${coinAbbr} yet.`} />
    </section>
  );
}
