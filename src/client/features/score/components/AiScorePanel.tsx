import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useAiScore } from "../api/get-ai-score.ts";
import { AiScoreDetails } from "./AiScoreDetails.tsx";
import { ScoreSourceNote } from "./ScoreSourceNote.tsx";
import { ValidationNote } from "./ValidationNote.tsx";
import "./score.css";

/** Not a forecast of prices, and not advice: said wherever the score is shown at length. */
export function ScoreCaveat() {
  return (
    <p className="score-caveat" role="note">
      <Trans>The AI score summarises recent market data; it is not a price forecast and not investment advice.</Trans>
    </p>
  );
}

/**
 * A coin's AI score as its panel shows it: `full` adds what each part measures, how the score fared on history and
 * the caveat; `compact` (a comparison) keeps the figure, the band, the parts and the source.
 */
function AiScoreBody({ abbr, compact }: { abbr: string; compact: boolean }) {
  const { t } = useLingui();
  const score = useAiScore(abbr);
  const { data, error } = score;
  if (error?.key === "notEnoughHistory" && !data) {
    return <p role="status">{t`${abbr} has too little price history for an AI score yet.`}</p>;
  }
  if (error && !data) {
    return (
      <LoadError onRetry={() => void score.mutate()}>
        <Trans>The AI score could not be loaded.</Trans>
      </LoadError>
    );
  }
  if (!data) return <p className="loading-text">{t`Loading the AI score…`}</p>;
  return (
    <>
      <AiScoreDetails score={data.score} compact={compact} />
      {compact ? null : <ValidationNote validation={data.validation} />}
      <ScoreSourceNote source={data.source} asOf={data.score.asOf} />
      {compact ? null : <ScoreCaveat />}
    </>
  );
}

/**
 * The AI score of a coin: the figure and its band, each part with its value, points and weight, how the score
 * fared on history, and where its data comes from. A coin the market does not price shows nothing here (the page
 * around it says so); a coin too new for a score says that.
 */
export function AiScorePanel({ coinAbbr, compact = false }: { coinAbbr: string; compact?: boolean }) {
  const { t } = useLingui();
  const titleId = useId();
  const abbr = coinAbbr.toUpperCase();
  const { data, error } = useAiScore(abbr);
  if (error?.field === "coinAbbr" && error.key === "invalidValue" && !data) return null;
  return (
    <section
      className={compact ? "score-card score-card--compact" : "score-card"}
      aria-labelledby={titleId}
      aria-busy={!data && !error ? true : undefined}
    >
      {compact ? (
        <h3 id={titleId} className="score-card__title">
          {t`AI score`}
        </h3>
      ) : (
        <h2 id={titleId} className="score-card__title">
          {t`AI score`}
        </h2>
      )}
      <AiScoreBody abbr={abbr} compact={compact} />
    </section>
  );
}
