import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { useHost } from "../../../host/host-context.tsx";
import { formatDate } from "../../../shared/format/date-time.ts";
import { useNewsDetail } from "../api/get-news-detail.ts";
import { itemLang } from "../api/news-language.ts";
import { NewsLanguageBadge } from "./NewsLanguageBadge.tsx";
import "./news.css";

/** Keeps the excerpt short: the full article is at its source. */
export const EXCERPT_CHARS = 600;

export function excerpt(content: string | null): string {
  if (!content) return "";
  const text = content.replace(/\s+/g, " ").trim();
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS).trimEnd()}…`;
}

/**
 * One news item: title, source, real date in the app's language (and the item's language when it is not the
 * reader's), the publisher's summary, the coins it is tagged with, and a link to the article, or a plain statement
 * that the source gave none.
 */
export function NewsDetail({ code }: { code: string }) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const { data, error, mutate } = useNewsDetail(code);
  if (error) {
    return (
      <section className="news-detail">
        <p role="alert">
          <Trans>This news item could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void mutate()}>
          <Trans>Retry</Trans>
        </button>
        <Link href="/message/news" className="button">
          <Trans>All news</Trans>
        </Link>
      </section>
    );
  }
  if (!data) {
    return (
      <p className="loading-text">
        <Trans>Loading news…</Trans>
      </p>
    );
  }
  const url = data.url;
  const lang = itemLang(data);
  return (
    <article className="news-detail" aria-labelledby="news-title">
      <h1 id="news-title" className="page__title" lang={lang}>
        {data.title}
      </h1>
      <p className="news-detail__meta">
        <NewsLanguageBadge item={data} />
        {data.source} ·{" "}
        <time dateTime={data.createTime}>{formatDate(data.createTime, i18n.locale, { withTime: true })}</time>
      </p>
      {data.content ? (
        <p className="news-detail__content" lang={lang}>
          {excerpt(data.content)}
        </p>
      ) : (
        <p className="news-detail__note">
          <Trans>The source gave no summary of this article.</Trans>
        </p>
      )}
      {data.coins.length > 0 ? (
        <ul className="news-detail__coins" aria-label={t`Coins in this news`}>
          {data.coins.map((coin) => (
            <li key={coin}>
              <Link href={`/tokensData/${encodeURIComponent(coin)}`} className="news-coin">
                {coin}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {url ? (
        <button type="button" className="button button--primary" onClick={() => host.links.open(url)}>
          {t`Read at ${data.source}`}
        </button>
      ) : (
        <p className="news-detail__note">
          <Trans>The source gave no link to the article.</Trans>
        </p>
      )}
    </article>
  );
}
