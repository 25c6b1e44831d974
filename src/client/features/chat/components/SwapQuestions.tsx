import { useLingui } from "@lingui/react/macro";
import { chatLanguage } from "../api/chat-paths.ts";
import { useSwapQuestions } from "../api/get-recommend.ts";

/** The aiSwap tab's suggested questions (getSwapAgentQuestion); a tap asks one. */
export function SwapQuestions({ onAsk, disabled }: { onAsk: (question: string) => void; disabled: boolean }) {
  const { t, i18n } = useLingui();
  const { data, error, mutate } = useSwapQuestions(chatLanguage(i18n.locale), true);
  if (error && !data) {
    return (
      <p className="swap-questions__error">
        {t`The suggested questions could not be loaded.`}{" "}
        <button type="button" className="link-button" onClick={() => void mutate()}>
          {t`Retry`}
        </button>
      </p>
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <ul className="swap-questions" aria-label={t`Suggested swap questions`}>
      {data.map((question) => (
        <li key={question}>
          <button type="button" className="related__question" disabled={disabled} onClick={() => onAsk(question)}>
            {question}
          </button>
        </li>
      ))}
    </ul>
  );
}
