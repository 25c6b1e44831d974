import { Link } from "wouter";
import type { Coin } from "../../../../contract/market.ts";
import { formatUsd } from "../../../shared/format/price.ts";
import { CoinImage } from "./CoinImage.tsx";
import { PriceChange } from "./PriceChange.tsx";
import "./market.css";

/** Coins as rows linking to their token pages: image, abbreviation, name, price, 24 h change. */
export function CoinRows({ coins, label }: { coins: readonly Coin[]; label: string }) {
  return (
    <ul className="coin-rows" aria-label={label}>
      {coins.map((coin) => (
        <li key={coin.coinAbbr}>
          <Link href={`/tokensData/${coin.coinAbbr}`} className="coin-row">
            <CoinImage src={coin.coinImageUrl} size={28} />
            <span className="coin-row__names">
              <span className="coin-row__abbr">{coin.coinAbbr}</span>
              <span className="coin-row__name">{coin.coinName}</span>
            </span>
            <span className="coin-row__price">{formatUsd(coin.lastPrice)}</span>
            <PriceChange value={coin.change} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
