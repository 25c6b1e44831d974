import { Link } from "wouter";
import type { Coin } from "../../../../contract/market.ts";
import { CoinImage } from "./CoinImage.tsx";
import "./market.css";

/** A coin's cell in a list of coins: its image, symbol and name, linking to its token page. */
export function CoinLink({ coin }: { coin: Pick<Coin, "coinAbbr" | "coinName" | "coinImageUrl"> }) {
  return (
    <Link href={`/tokensData/${coin.coinAbbr}`} className="coin-table__link">
      <CoinImage src={coin.coinImageUrl} size={24} />
      <span className="coin-table__names">
        <span className="coin-table__abbr">{coin.coinAbbr}</span>
        <span className="coin-table__name">{coin.coinName}</span>
      </span>
    </Link>
  );
}
