import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams, useSearch } from "wouter";
import { JustInNews } from "../../features/news/components/JustInNews.tsx";
import { NewsList } from "../../features/news/components/NewsList.tsx";
import { newsLanguage } from "./news-language.ts";
import "./pages.css";

/** /message/:type: latest news (news), hot news (hot); AI news and KOL posts have no source yet and say so. */
export default function NewsPage() {
  const { t, i18n } = useLingui();
  const { type = "news" } = useParams<{ type?: string }>();
  const keyword = new URLSearchParams(useSearch()).get("keyword") ?? "";
  const titles: Record<string, string> = {
    news: t`Latest news`,
    hot: t`Hot news`,
    aiNews: t`AI news`,
    KOL: t`KOL`,
  };
  const title = titles[type] ?? t`News`;
  const feed = type === "hot" ? "hot" : type === "news" ? "news" : undefined;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      {feed === "news" && !keyword ? <JustInNews /> : null}
      {feed ? (
        <NewsList
          key={`${feed}-${keyword}`}
          feed={feed}
          language={newsLanguage(i18n.locale)}
          initialKeyword={keyword}
        />
      ) : (
        <>
          <p className="page__lead">
            <Trans>This news type has no data source yet. Nothing here is simulated.</Trans>
          </p>
          <Link href="/message/news" className="button">
            <Trans>Latest news</Trans>
          </Link>
        </>
      )}
    </section>
  );
}
