import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { CoinSearchField, CoinSearchResults, type CoinSearchState } from "../../../shared/ui/CoinSearch.tsx";

export type { CoinMatches, SearchedCoin as PickerCoin } from "../../../shared/ui/CoinSearch.tsx";

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
}: CoinSearchState & {
  /** the coin on screen */
  current: string;
}) {
  const { t } = useLingui();
  return (
    <section className="market-card coin-picker" aria-label={t`Choose a coin`}>
      <CoinSearchField
        block="coin-picker"
        label={<Trans>Search a coin to forecast</Trans>}
        text={text}
        onText={onText}
      />
      <CoinSearchResults matches={matches} keyword={keyword} quietWhileLoading>
        {(coins) => (
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
      </CoinSearchResults>
    </section>
  );
}
