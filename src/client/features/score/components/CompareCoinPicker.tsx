import { Trans, useLingui } from "@lingui/react/macro";
import {
  type CoinMatches,
  CoinSearchField,
  CoinSearchResults,
  type CoinSearchState,
} from "../../../shared/ui/CoinSearch.tsx";
import "./score.css";

/** The coins a search found (the app reads them from the market), or that it failed. */
export type PickerMatches = CoinMatches;

/**
 * Adds a coin to a comparison: a search box over the market's coins and the matches as buttons (the top coins
 * while the box is empty). A coin already chosen shows as pressed. The app owns the search and what a pick does.
 */
export function CompareCoinPicker({
  chosen,
  text,
  onText,
  keyword,
  matches,
  onPick,
}: CoinSearchState & {
  chosen: readonly string[];
  onPick: (coinAbbr: string) => void;
}) {
  const { t } = useLingui();
  return (
    <section className="score-picker" aria-label={t`Add a coin to compare`}>
      <CoinSearchField
        block="score-picker"
        label={<Trans>Search a coin to compare</Trans>}
        text={text}
        onText={onText}
      />
      <CoinSearchResults matches={matches} keyword={keyword}>
        {(coins) => (
          <ul className="score-picker__list" aria-label={keyword ? t`Coins matching ${keyword}` : t`Top coins`}>
            {coins.map((coin) => {
              const abbr = coin.coinAbbr;
              return (
                <li key={abbr}>
                  <button
                    type="button"
                    className="score-picker__coin"
                    aria-pressed={chosen.includes(abbr)}
                    aria-label={t`Compare ${abbr}`}
                    onClick={() => onPick(abbr)}
                  >
                    <span className="score-picker__abbr">{abbr}</span>{" "}
                    <span className="score-picker__name">{coin.coinName}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CoinSearchResults>
    </section>
  );
}
