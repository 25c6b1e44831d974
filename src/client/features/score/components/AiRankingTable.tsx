import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Coin } from "../../../../contract/market.ts";
import { type AiScore, aiScorePartIds } from "../../../../contract/score.ts";
import { ScrollTable } from "../../../shared/ui/ScrollTable.tsx";
import { scoreText } from "../model/score-figures.ts";
import { ScoreBand } from "./ScoreBand.tsx";
import { useScoreWords } from "./use-score-words.ts";
import "./score.css";

export interface RankedCoin {
  coin: Coin;
  score: AiScore;
}

/**
 * Coins by AI score, highest first: position, coin, the score with its band, and each part's points, so a
 * ranking can be read back to its parts. The app draws the coin cell (image, name, link to its page). On a narrow
 * screen the table scrolls sideways.
 */
export function AiRankingTable({
  list,
  label,
  firstPosition = 1,
  renderCoin,
}: {
  list: readonly RankedCoin[];
  label: string;
  firstPosition?: number;
  renderCoin: (coin: Coin) => ReactNode;
}) {
  const { t } = useLingui();
  const words = useScoreWords();
  return (
    <ScrollTable block="score-table" label={label}>
      <thead>
        <tr>
          <th scope="col" className="score-table__position">
            #
          </th>
          <th scope="col" className="score-table__coin">
            {t`Coin`}
          </th>
          <th scope="col">{t`AI score`}</th>
          {aiScorePartIds.map((id) => (
            <th key={id} scope="col" className="score-table__part">
              {words.part[id]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {list.map(({ coin, score }, index) => (
          <tr key={coin.coinAbbr}>
            <td className="score-table__position">{firstPosition + index}</td>
            <th scope="row" className="score-table__coin">
              {renderCoin(coin)}
            </th>
            <td className="score-table__score">
              <span className="score-table__figure">{scoreText(score.score)}</span> <ScoreBand band={score.band} />
            </td>
            {aiScorePartIds.map((id) => {
              const part = score.parts.find((item) => item.id === id);
              return (
                <td key={id} className="score-table__part">
                  {part && part.weight > 0 ? scoreText(part.points) : t`No data`}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
