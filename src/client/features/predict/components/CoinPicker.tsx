import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Link } from "wouter";
import { LoadError } from "../../../shared/ui/LoadError.tsx";

export interface PickerCoin {
  coinAbbr: string;
  coinName: string;
}

/** The coins a search found (the app reads them from the market), or that it failed. */
export interface CoinMatches {
  coins: readonly PickerCoin[] | undefined;
  failed: boolean;
  retry: () => void;
}

/**
 * Chooses the coin to forecast: a search box over the market's coins and the matches as links to their forecast
 * pages (the top coins while the box is empty). The app owns the search (it reads the market feature's list).
 */
export function CoinPicker({
  current,
  text,
  onText,
  keyword,
  matches,
}: {
  /** the coin on screen */
  current: string;
  text: string;
  onText: (text: string) => void;
  /** the search the matches are for (the text once typing pauses) */
  keyword: string;
  matches: CoinMatches;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const coins = matches.coins;
  return (
    <section className="market-card coin-picker" aria-label={t`Choose a coin`}>
      <label className="coin-picker__label" htmlFor={inputId}>
        <Trans>Search a coin to forecast</Trans>
      </label>
      <input
        id={inputId}
        type="search"
        className="coin-picker__input"
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
      ) : coins === undefined ? null : coins.length === 0 ? (
        <p role="status">
          <Trans>No coin matches "{keyword}".</Trans>
        </p>
      ) : (
        <ul className="coin-picker__list" aria-label={keyword ? t`Coins matching ${keyword}` : t`Top coins`}>
          {coins.map((coin) => (
            <li key={coin.coinAbbr}>
              <Link
                href={`/predict/${coin.coinAbbr}`}
                className="coin-picker__coin"
                aria-current={coin.coinAbbr === current ? "page" : undefined}
              >
                <span className="coin-picker__abbr">{coin.coinAbbr}</span>{" "}
                <span className="coin-picker__name">{coin.coinName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
