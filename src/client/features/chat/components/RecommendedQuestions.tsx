import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Icon } from "../../../shared/ui/Icon.tsx";
import { chatLanguage } from "../api/chat-paths.ts";
import { RECOMMENDED_QUESTION_COUNT, useRecommendedQuestions } from "../api/get-recommend.ts";

/** Questions to start with (chat/recommend), in the app's language, with a refresh for another draw. */
export function RecommendedQuestions({
  onAsk,
  disabled = false,
  count = RECOMMENDED_QUESTION_COUNT,
}: {
  onAsk: (question: string) => void;
  disabled?: boolean;
  count?: number;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const [round, setRound] = useState(0);
  const { data, error, isValidating } = useRecommendedQuestions(chatLanguage(i18n.locale), count, round);
  return (
    <section className="recommended" aria-labelledby={headingId}>
      <div className="recommended__header">
        <h2 id={headingId} className="recommended__title">
          {t`Recommended questions`}
        </h2>
        <button
          type="button"
          className="button button--ghost recommended__refresh"
          disabled={isValidating}
          aria-busy={isValidating || undefined}
          onClick={() => setRound((value) => value + 1)}
        >
          <Icon name="refresh" size={16} /> {t`Refresh`}
        </button>
      </div>
      {error && !data ? <p className="recommended__empty">{t`The questions could not be loaded.`}</p> : null}
      {data ? (
        <ul className="recommended__list">
          {data.map((question) => (
            <li key={question}>
              <button
                type="button"
                className="recommended__question"
                disabled={disabled}
                onClick={() => onAsk(question)}
              >
                {question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
