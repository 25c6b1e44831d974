import type { AiScoreBand } from "../../../../contract/score.ts";
import { useScoreWords } from "./use-score-words.ts";
import "./score.css";

/** A score's band (spec §9) as coloured text: the colour repeats the words, never replaces them. */
export function ScoreBand({ band }: { band: AiScoreBand }) {
  const words = useScoreWords();
  return <span className={`score-band score-band--${band}`}>{words.band[band]}</span>;
}
