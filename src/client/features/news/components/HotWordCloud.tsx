import { Trans, useLingui } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import { Link } from "wouter";
import { type HotWord, useHotWords } from "../api/get-hot-words.ts";
import { HOT_WORD_RADIUS, layoutHotWords } from "./hot-word-layout.ts";
import "./news.css";

/**
 * Hot words sized by weight in a circle (a wrapped list below 800 px). A news word searches the news;
 * `hrefForQuestion` says where a question word goes (the app decides: chat is another feature).
 */
export function HotWordCloud({ hrefForQuestion }: { hrefForQuestion: (question: string) => string }) {
  const { t } = useLingui();
  const { data, error } = useHotWords();
  if (error) return null;
  const placed = layoutHotWords(data ?? []);
  const href = (word: HotWord) =>
    word.type === "news"
      ? `/message/news?keyword=${encodeURIComponent(word.content || word.text)}`
      : hrefForQuestion(word.content);
  return (
    <section className="news-card" aria-label={t`Hot words`} aria-busy={!data || undefined}>
      <h2 className="news-card__title">
        <Trans>Hot words</Trans>
      </h2>
      <ul className="word-cloud" style={{ "--cloud-size": `${HOT_WORD_RADIUS * 2}px` } as CSSProperties}>
        {placed.map(({ word, x, y, fontSize }) => (
          <li
            key={word.text}
            className={`word-cloud__word word-cloud__word--${word.type}`}
            style={{ "--x": `${x}px`, "--y": `${y}px`, fontSize } as CSSProperties}
          >
            <Link href={href(word)}>{word.text}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
