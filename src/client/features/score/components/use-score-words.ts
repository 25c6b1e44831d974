import { useLingui } from "@lingui/react/macro";
import type { AiScoreBand, AiScorePartId } from "../../../../contract/score.ts";

export interface ScoreWords {
  band: Record<AiScoreBand, string>;
  part: Record<AiScorePartId, string>;
  /** what each part's value measures, and how its points are ranked */
  partRule: Record<AiScorePartId, string>;
}

/** The names of the score's bands (spec §9) and parts, and what each part measures, in the reader's language. */
export function useScoreWords(): ScoreWords {
  const { t } = useLingui();
  return {
    band: {
      veryNegative: t`Very negative`,
      negative: t`Negative`,
      neutral: t`Neutral`,
      positive: t`Positive`,
      veryPositive: t`Very positive`,
    },
    part: {
      trend: t`Trend`,
      volatility: t`Volatility`,
      liquidity: t`Liquidity`,
      relativeStrength: t`Relative strength`,
      newsFlow: t`News flow`,
    },
    partRule: {
      trend: t`Last close against its 50-day average.`,
      volatility: t`30-day volatility, annualised; lower ranks higher, together with the 90-day drawdown.`,
      liquidity: t`Median daily turnover over 30 days.`,
      relativeStrength: t`30-day return minus BTC's, in percentage points.`,
      newsFlow: t`News items in the last 7 days; ranked against the coin's own 30-day pace.`,
    },
  };
}
