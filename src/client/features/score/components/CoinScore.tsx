import { useLingui } from "@lingui/react/macro";
import type { AiScore } from "../../../../contract/score.ts";
import { scoreText } from "../model/score-figures.ts";
import { ScoreBand } from "./ScoreBand.tsx";
import "./score.css";

/**
 * A coin's AI score in a list of coins: the 0-100 figure and its band. `null`: the coin has no score (a stablecoin
 * is not ranked, a coin too new has too little history), said in words behind the dash; `undefined`: not read yet.
 */
export function CoinScore({ score }: { score: AiScore | null | undefined }) {
  const { t } = useLingui();
  if (score === undefined) {
    return (
      <span className="coin-score coin-score--none">
        <span aria-hidden="true">…</span>
        <span className="visually-hidden">{t`Loading AI score`}</span>
      </span>
    );
  }
  if (score === null) {
    return (
      <span className="coin-score coin-score--none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t`No AI score`}</span>
      </span>
    );
  }
  return (
    <span className="coin-score">
      <span className="coin-score__figure">{scoreText(score.score)}</span> <ScoreBand band={score.band} />
    </span>
  );
}
