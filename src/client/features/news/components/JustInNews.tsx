import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { pushedNewsAtom } from "../live/pushed-news.ts";
import { NewsLink } from "./NewsLink.tsx";
import "./news.css";

/** News pushed while the app is open (at most 5, newest first); nothing until the first one arrives. */
export function JustInNews() {
  const { t } = useLingui();
  const items = useAtomValue(pushedNewsAtom);
  if (items.length === 0) return null;
  return (
    <section className="news-card" aria-label={t`Just in`}>
      <h2 className="news-card__title">
        <Trans>Just in</Trans>
      </h2>
      <ol className="news-list">
        {items.map((item) => (
          <li key={item.code}>
            <NewsLink item={item} />
          </li>
        ))}
      </ol>
    </section>
  );
}
