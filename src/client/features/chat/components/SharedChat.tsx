import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { formatDate } from "../../../shared/format/date-time.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useSharedChat } from "../api/get-share-messages.ts";
import { useNewChatHref } from "../hooks/use-new-chat.ts";
import { Citations } from "./AnswerNotes.tsx";
import { MarkdownText, usePreloadMarkdown } from "./MarkdownText.tsx";
import "./chat.css";

/** /chatDetail/{code}: a shared selection of messages, read-only, with a way to ask one's own question. */
export function SharedChat({ code }: { code: string }) {
  const { t, i18n } = useLingui();
  const { data, error, mutate } = useSharedChat(code);
  usePreloadMarkdown();
  const newChatHref = useNewChatHref();
  const ask = (
    <Link href={newChatHref()} className="button button--primary shared-chat__ask">
      {t`Ask your own question`}
    </Link>
  );
  if (error && !data) {
    return (
      <section className="page shared-chat" aria-labelledby="shared-title">
        <h1 id="shared-title" className="page__title">
          {t`Shared chat`}
        </h1>
        {error.key === "notFound" || error.key === "invalidValue" ? (
          <p className="page__lead">{t`This shared chat does not exist or was removed.`}</p>
        ) : (
          <LoadError onRetry={() => void mutate()}>
            <Trans>The shared chat could not be loaded.</Trans>
          </LoadError>
        )}
        {ask}
      </section>
    );
  }
  if (!data) {
    return (
      <section className="page shared-chat" aria-busy="true">
        <p className="chat__loading">
          <span className="spinner" aria-hidden="true" />
          <Trans>Loading the shared chat…</Trans>
        </p>
      </section>
    );
  }
  const date = formatDate(data.create_time, i18n.locale);
  return (
    <section className="page shared-chat" aria-labelledby="shared-title">
      <header className="shared-chat__header">
        <p className="shared-chat__brand">{t`Shared from MountainLion`}</p>
        <h1 id="shared-title" className="page__title">
          {data.summary || t`Shared chat`}
        </h1>
        {date ? <p className="page__lead">{t`Shared on ${date}`}</p> : null}
      </header>
      <ol className="chat__list" aria-label={t`Messages`}>
        {data.messages.map((message) => (
          <li key={message.code} className={`message message--${message.role === "assistant" ? "answer" : "question"}`}>
            <article className="message__body" aria-label={message.role === "assistant" ? t`Answer` : t`Question`}>
              {message.role === "assistant" ? (
                <>
                  <MarkdownText text={message.content} />
                  <Citations citations={message.citations} />
                </>
              ) : (
                <p className="question__text">{message.content}</p>
              )}
            </article>
          </li>
        ))}
      </ol>
      <div className="shared-chat__footer">{ask}</div>
    </section>
  );
}
