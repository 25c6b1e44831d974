import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import "./score.css";

export interface PickableCoin {
  coinAbbr: string;
  coinName: string;
}

/** The coins a search found (the app reads them from the market), or that it failed. */
export interface PickerMatches {
  coins: readonly PickableCoin[] | undefined;
  failed: boolean;
  retry: () => void;
}

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
}: {
  chosen: readonly string[];
  text: string;
  onText: (text: string) => void;
  /** the search the matches are for (the text once typing pauses) */
  keyword: string;
  matches: PickerMatches;
  onPick: (coinAbbr: string) => void;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const coins = matches.coins;
  return (
    <section className="score-picker" aria-label={t`Add a coin to compare`}>
      <label className="score-picker__label" htmlFor={inputId}>
        <Trans>Search a coin to compare</Trans>
      </label>
      <input
        id={inputId}
        type="search"
        className="score-picker__input"
        value={text}
        maxLength={40}
        autoComplete="off"
        placeholder={t`BTC, Ethereum…`}
        onChange={(event) => onText(event.target.value)}
      />
      {matches.failed ? (
        <LoadError onRetry={matches.retry}>
          <Trans>The coins could not be loaded.</Trans>
        </LoadError>
      ) : coins === undefined ? (
        <p className="loading-text">
          <Trans>Loading coins…</Trans>
        </p>
      ) : coins.length === 0 ? (
        <p role="status">
          <Trans>No coin matches "{keyword}".</Trans>
        </p>
      ) : (
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
    </section>
  );
}
