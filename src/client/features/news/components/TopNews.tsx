import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { useBoardNews } from "../api/get-board-news.ts";
import { NewsLink } from "./NewsLink.tsx";
import "./news.css";
import { LoadError } from "../../../shared/ui/LoadError.tsx";

/** The home screen's top 3 news (data/board/news). */
export function TopNews() {
  const { t } = useLingui();
  const { data, error, mutate } = useBoardNews();
  return (
    <section className="news-card" aria-label={t`Top news`} aria-busy={!data && !error ? true : undefined}>
      <h2 className="news-card__title">
        <Trans>Top news</Trans>
        <Link href="/message/news" className="news-card__more">
          <Trans>All news</Trans>
        </Link>
      </h2>
      {error ? (
        <LoadError onRetry={() => void mutate()}>
          <Trans>The news could not be loaded.</Trans>
        </LoadError>
      ) : (
        <ol className="news-list">
          {(data?.list ?? []).slice(0, 3).map((item) => (
            <li key={item.code}>
              <NewsLink item={item} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
