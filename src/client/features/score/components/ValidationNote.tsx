import { useLingui } from "@lingui/react/macro";
import type { AiScoreValidation } from "../../../../contract/score.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { correlationText } from "../model/score-figures.ts";
import "./score.css";

/** A calendar day ("2026-02-23") at noon UTC, so that it reads as the same day in every time zone. */
function dayText(day: string, locale: string): string {
  return formatDate(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00Z` : day, locale) || day;
}

/**
 * How the score fared as a forecast on history: its weekly rank correlation with the next week's return, said the
 * same way whatever the figure is (a weak or negative record is shown as plainly as a strong one).
 */
export function ValidationNote({ validation }: { validation: AiScoreValidation | null }) {
  const { t, i18n } = useLingui();
  if (!validation) {
    return <p className="score-validation">{t`The score has not been checked against history yet.`}</p>;
  }
  const { weeks, positiveWeeks } = validation;
  const mean = correlationText(validation.meanSpearman);
  const from = dayText(validation.from, i18n.locale);
  const to = dayText(validation.to, i18n.locale);
  return (
    <p className="score-validation">
      {t`Over ${weeks} weeks of history the score's rank correlation with the next week's return averaged ${mean}; positive in ${positiveWeeks} of ${weeks} weeks.`}{" "}
      {t`Weeks judged: ${from} to ${to}.`}{" "}
      {t`A correlation of 0 means no relation, 1 a perfect ranking, -1 the reverse.`}
    </p>
  );
}
