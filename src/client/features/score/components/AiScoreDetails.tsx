import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { AiScore, AiScorePart } from "../../../../contract/score.ts";
import { partValueText, scoreText, weightText } from "../model/score-figures.ts";
import { ScoreBand } from "./ScoreBand.tsx";
import { useScoreWords } from "./use-score-words.ts";
import "./score.css";

function PartItem({ part, compact }: { part: AiScorePart; compact: boolean }) {
  const { t } = useLingui();
  const words = useScoreWords();
  const nameId = useId();
  const counted = part.weight > 0;
  const points = scoreText(part.points);
  const width = `${Math.min(Math.max(part.points, 0), 100)}%`;
  return (
    <li className={`score-part${counted ? "" : " score-part--missing"}`} aria-labelledby={nameId}>
      <div className="score-part__head">
        <span id={nameId} className="score-part__name">
          {words.part[part.id]}
        </span>
        <span className="score-part__points">{counted ? t`${points} points` : t`No data`}</span>
      </div>
      {counted ? (
        <>
          <div className="score-part__bar" aria-hidden="true">
            <span style={{ width }} />
          </div>
          <dl className="score-part__figures">
            <div>
              <dt>{t`Value`}</dt>
              <dd>{partValueText(part)}</dd>
            </div>
            <div>
              <dt>{t`Weight`}</dt>
              <dd>{weightText(part.weight)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="score-part__missing">{t`Not counted: the data lacks it, so its weight is 0%.`}</p>
      )}
      {compact ? null : <p className="score-part__rule">{words.partRule[part.id]}</p>}
    </li>
  );
}

/**
 * A score as its figure out of 100 with its band, and each part with its value, points and weight, so the reader
 * can see how the figure was made. `compact` leaves out what each part measures (the token page says it).
 */
export function AiScoreDetails({ score, compact = false }: { score: AiScore; compact?: boolean }) {
  const { t } = useLingui();
  const abbr = score.coinAbbr;
  const figure = scoreText(score.score);
  return (
    <div className="score-details">
      <p className="score-details__headline">
        <span className="score-details__figure">{figure}</span>
        <span className="score-details__of">{t`of 100`}</span> <ScoreBand band={score.band} />
      </p>
      {compact ? null : (
        <p className="score-details__rule">
          {t`Each part's points are the coin's percentile rank among the coins scored (50 is the middle coin); the score is their weighted sum.`}
        </p>
      )}
      <ul className="score-details__parts" aria-label={t`Parts of ${abbr}'s AI score`}>
        {score.parts.map((part) => (
          <PartItem key={part.id} part={part} compact={compact} />
        ))}
      </ul>
    </div>
  );
}
