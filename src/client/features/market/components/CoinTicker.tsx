import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { Coin } from "../../../../contract/market.ts";
import { useDisplayPrice } from "../../../shared/currency/use-display-price.ts";
import { formatPercentChange } from "../../../shared/format/percent-change.ts";
import { preloadCoinList, useCoinList } from "../api/get-coin-list.ts";
import { CoinImage } from "./CoinImage.tsx";
import { PriceChange } from "./PriceChange.tsx";
import "./market.css";

/** Spec §9: one loop of the marquee takes 30 s. */
export const TICKER_LOOP_SECONDS = 30;

function TickerItems({ coins, copy }: { coins: readonly Coin[]; copy: boolean }) {
  const price = useDisplayPrice();
  return (
    <ul className="ticker__list" aria-hidden={copy || undefined}>
      {coins.map((coin) => (
        <li key={coin.coinAbbr}>
          <Link
            href={`/tokensData/${coin.coinAbbr}`}
            className="ticker__item"
            tabIndex={copy ? -1 : undefined}
            aria-label={`${coin.coinAbbr} ${price.format(coin.lastPrice)} ${formatPercentChange(coin.change)}`}
          >
            <CoinImage src={coin.coinImageUrl} size={20} />
            <span className="ticker__abbr">{coin.coinAbbr}</span>
            <span className="ticker__price">{price.format(coin.lastPrice)}</span>
            <PriceChange value={coin.change} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The coin marquee: each coin's image, abbreviation, price and coloured change, opening its token page.
 * The strip is drawn twice so the loop is seamless; the copy is hidden from assistive technology. It pauses
 * on hover and keyboard focus, and stands still (scrollable) for users who prefer reduced motion.
 */
const TICKER_QUERY = { category: "total", pageSize: 20 } as const;

/** Starts the ticker's read before the first screen renders. */
export function preloadCoinTicker(): void {
  preloadCoinList(TICKER_QUERY);
}

export function CoinTicker() {
  const { t } = useLingui();
  const { data, error } = useCoinList(TICKER_QUERY);
  if (error) return null;
  const coins = data?.list ?? [];
  return (
    <nav className="ticker" aria-label={t`Coin ticker`} aria-busy={!data || undefined}>
      {coins.length > 0 ? (
        <div className="ticker__track" style={{ animationDuration: `${TICKER_LOOP_SECONDS}s` }}>
          <TickerItems coins={coins} copy={false} />
          <TickerItems coins={coins} copy />
        </div>
      ) : null}
    </nav>
  );
}
